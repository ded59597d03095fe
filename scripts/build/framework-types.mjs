/**
 * The framework typings (SPEC §9): `answer-ui/react`, `answer-ui/vue` and
 * `answer-ui/svelte`, type-only entries written to dist/frameworks/ from
 * custom-elements.json by `npm run build`, after the manifest.
 *
 * @wc-toolkit/jsx-types writes each element's props: its attributes and
 * properties, typed from the element class itself (`AnswerBlock['block']`),
 * and an `on<event>` handler for each event, typed with the event class
 * (`(e: AnswerFormSubmitEvent) => void`). Those props are
 * dist/frameworks/elements.d.ts, without the module augmentations the
 * generator adds for every JSX framework it knows (React, Preact, Solid,
 * Stencil, Qwik, Hono, a global JSX): each entry instead augments its own
 * framework, with that framework's own attribute types, in its own
 * event-prop convention.
 *
 * - react.d.ts: React 19's `JSX.IntrinsicElements`; `onanswer-form-submit`.
 * - svelte.d.ts: Svelte 5's `SvelteHTMLElements`; `onanswer-form-submit`.
 * - vue.d.ts: Vue's `GlobalComponents`, as Vue's guide types a custom
 *   element (`$props` and `$emit`); `@answer-form-submit`.
 *
 * Why this generator for all three: @wc-toolkit/jsx-types (1.8.2, pinned) is
 * the maintained successor of custom-element-jsx-integration and the only
 * one of its family that reads an event's `type` as the manifest schema
 * means it, the event object (ours are Event subclasses with a typed
 * `detail`). custom-element-vuejs-integration 1.4 wraps that type in
 * `CustomEvent<…>` as if it were the detail, so `event.detail` would be the
 * event; custom-element-svelte-integration 1.2 writes Svelte 4's `on:` and
 * `bind:` props into a `svelteHTML` namespace that, in a module, augments
 * nothing. Svelte 5's `onanswer-form-submit` is JSX's convention, and Vue's
 * guide types a custom element from the same props and events.
 *
 * Then it checks what it wrote with the TypeScript checker: every element of
 * the manifest (but the thread's internal ones, named below) and each of its
 * attributes, properties and events must be in every entry, typed, or the
 * build fails.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateJsxTypes } from '@wc-toolkit/jsx-types';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Elements `<agent-thread>` renders inside its own shadow root: not exported
 * by the package and never written by a page, so they are not typed. Any
 * other element of the manifest must be exported by `answer-ui` and typed.
 */
export const INTERNAL_ELEMENTS = [
  'agent-turn',
  'agent-process',
  'answer-approval',
  'answer-interrupt',
  'answer-activity',
  'answer-files',
  'answer-sources',
  'answer-markdown',
];

/** The entries and what each augments. */
export const FRAMEWORKS = ['react', 'vue', 'svelte'];

/** The public elements of a manifest: `{ tagName, name, attributes, members, events }`. */
export function publicElements(manifest) {
  return manifest.modules
    .flatMap((mod) => mod.declarations ?? [])
    .filter((d) => d.customElement && d.tagName && !INTERNAL_ELEMENTS.includes(d.tagName))
    .sort((a, b) => a.tagName.localeCompare(b.tagName));
}

/** Settable public fields: what a template may set (jsx-types leaves out readonly and static ones). */
function settableFields(element) {
  return (element.members ?? []).filter(
    (m) => m.kind === 'field' && !m.static && !m.readonly && m.privacy !== 'private',
  );
}

/**
 * The manifest as the generator should read it: only the public elements,
 * and each element module exporting its class and its event classes (all
 * exported by `answer-ui`), so the generator imports each of them by name.
 */
function generatorManifest(manifest) {
  const modules = [];
  for (const mod of manifest.modules) {
    const elements = (mod.declarations ?? []).filter(
      (d) => d.customElement && d.tagName && !INTERNAL_ELEMENTS.includes(d.tagName),
    );
    if (elements.length === 0) continue;
    const names = new Set();
    for (const element of elements) {
      names.add(element.name);
      for (const event of element.events ?? []) if (event.type?.text) names.add(event.type.text);
    }
    modules.push({
      ...mod,
      declarations: elements,
      exports: [...names].map((name) => ({ kind: 'js', name, declaration: { name } })),
    });
  }
  return { ...manifest, modules };
}

/** Removes `declare module '…'` and `declare global` blocks from a declaration file. */
function withoutAugmentations(text) {
  const source = ts.createSourceFile('elements.d.ts', text, ts.ScriptTarget.Latest, true);
  const kept = source.statements.filter((s) => !ts.isModuleDeclaration(s));
  const printer = ts.createPrinter({ newLine: ts.NewLineKind.LineFeed });
  return kept
    .map((s) => printer.printNode(ts.EmitHint.Unspecified, s, source))
    .join('\n\n')
    .concat('\n');
}

const HEADER = (what) =>
  `/*\n * ${what}\n * Generated by scripts/build/framework-types.mjs from custom-elements.json.\n */\n`;

function importList(names) {
  return `{\n${[...names].map((name) => `  ${name},`).join('\n')}\n}`;
}

function reactEntry(elements) {
  const props = elements.map((e) => `${e.name}Props`);
  return `${HEADER(
    "answer-ui's elements in React 19 JSX: `import type {} from 'answer-ui/react';` once.",
  )}import type { HTMLAttributes, RefAttributes } from 'react';
import type ${importList([...props, 'CustomCssProperties'])} from './elements.js';
import type ${importList(elements.map((e) => e.name))} from '../index.js';

/**
 * An element's props: its attributes, properties and \`on<event>\` handlers
 * (React 19 sets a property when the element has one, and listens to
 * \`onanswer-form-submit\` as the \`answer-form-submit\` event), and React's own.
 */
export type ReactElementProps<E extends HTMLElement, P> = P &
  Omit<HTMLAttributes<E>, keyof P> &
  RefAttributes<E>;

export interface AnswerUIReactElements {
${elements.map((e) => `  '${e.tagName}': ReactElementProps<${e.name}, ${e.name}Props>;`).join('\n')}
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements extends AnswerUIReactElements {}
  }
  interface CSSProperties extends CustomCssProperties {}
}
`;
}

function svelteEntry(elements) {
  const props = elements.map((e) => `${e.name}Props`);
  return `${HEADER(
    "answer-ui's elements in Svelte 5 templates: `import type {} from 'answer-ui/svelte';` once.",
  )}import type { HTMLAttributes } from 'svelte/elements';
import type ${importList(props)} from './elements.js';
import type ${importList(elements.map((e) => e.name))} from '../index.js';

/**
 * An element's props: its attributes, properties and \`on<event>\` handlers
 * (Svelte 5 sets a property when the element has one, and listens to
 * \`onanswer-form-submit\` as the \`answer-form-submit\` event), and Svelte's own.
 */
export type SvelteElementProps<E extends HTMLElement, P> = P & Omit<HTMLAttributes<E>, keyof P>;

export interface AnswerUISvelteElements {
${elements.map((e) => `  '${e.tagName}': SvelteElementProps<${e.name}, ${e.name}Props>;`).join('\n')}
}

declare module 'svelte/elements' {
  interface SvelteHTMLElements extends AnswerUISvelteElements {}
}
`;
}

function vueEntry(elements) {
  const props = elements.map((e) => `${e.name}Props`);
  return `${HEADER(
    "answer-ui's elements in Vue templates: `import type {} from 'answer-ui/vue';` once.",
  )}import type { EmitFn, HTMLAttributes, PublicProps } from 'vue';
import type ${importList(props)} from './elements.js';
import type ${importList(elements.map((e) => e.name))} from '../index.js';

/** The events of an element's props: \`{ 'answer-form-submit': AnswerFormSubmitEvent }\`. */
export type EventsOf<P> = {
  [K in keyof P as K extends \`on\${infer Name}\` ? Name : never]-?: NonNullable<P[K]> extends (
    event: infer E,
  ) => void
    ? E
    : never;
};

/**
 * An element as Vue's guide types a custom element for its templates: its
 * attributes and properties (Vue sets a property when the element has one)
 * with Vue's own attributes, and its events for \`@answer-form-submit\`.
 */
export type VueElement<E extends HTMLElement, P> = new () => E & {
  /** @deprecated For template type checking only: a custom element has no \`$props\`. */
  $props: Omit<P, \`on\${string}\`> & Omit<HTMLAttributes, keyof P> & PublicProps;
  /** @deprecated For template type checking only: a custom element has no \`$emit\`. */
  $emit: EmitFn<{ [K in keyof EventsOf<P>]: (event: EventsOf<P>[K]) => void }>;
};

export interface AnswerUIVueElements {
${elements.map((e) => `  '${e.tagName}': VueElement<${e.name}, ${e.name}Props>;`).join('\n')}
}

declare module 'vue' {
  interface GlobalComponents extends AnswerUIVueElements {}
}
`;
}

const ENTRIES = { react: reactEntry, vue: vueEntry, svelte: svelteEntry };

/** Writes dist/frameworks/ (or `outdir`) from the manifest. */
export function generateFrameworkTypes({ manifest, outdir }) {
  const elements = publicElements(manifest);
  const scratch = mkdtempSync(join(tmpdir(), 'answer-ui-jsx-'));
  try {
    generateJsxTypes(generatorManifest(manifest), {
      outdir: scratch,
      fileName: 'elements.d.ts',
      globalTypePath: '../index.js',
    });
    const generated = readFileSync(join(scratch, 'elements.d.ts'), 'utf8');
    mkdirSync(outdir, { recursive: true });
    writeFileSync(
      join(outdir, 'elements.d.ts'),
      HEADER(
        "Each element's attributes, properties and `on<event>` handlers, written by @wc-toolkit/jsx-types.",
      ) + withoutAugmentations(generated),
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  for (const framework of FRAMEWORKS) {
    writeFileSync(join(outdir, `${framework}.d.ts`), ENTRIES[framework](elements));
    // A plain import of the entry (`import 'answer-ui/react'`) loads nothing.
    writeFileSync(join(outdir, `${framework}.js`), 'export {};\n');
  }
}

/**
 * The framework modules the entries augment, reduced to what they use, so
 * the check needs no framework installed: the examples type-check the
 * entries against the real ones (tsc, vue-tsc, svelte-check).
 */
const FRAMEWORK_STUBS = {
  react: `export interface HTMLAttributes<T> { id?: string; className?: string; onClick?: (e: unknown) => void }
export interface RefAttributes<T> { ref?: { current: T | null } | ((e: T | null) => void) | null }
export interface CSSProperties {}
export namespace JSX { interface IntrinsicElements {} }`,
  vue: `export interface HTMLAttributes { id?: string; class?: unknown; onClick?: (e: unknown) => void }
export type PublicProps = { key?: string | number };
export type EmitFn<T> = <K extends keyof T>(event: K, ...args: unknown[]) => void;
export interface GlobalComponents {}`,
  'svelte/elements': `export interface HTMLAttributes<T> { id?: string; class?: string; onclick?: (e: unknown) => void }
export interface SvelteHTMLElements {}`,
};

/**
 * Checks the entries in `outdir` (the package's dist/frameworks/) against the
 * manifest. Returns what is missing or untyped, one line each; empty when
 * every public element, attribute, property and event is in every entry.
 */
export function checkFrameworkTypes({ manifest, outdir, packageTypes }) {
  const problems = [];
  const elements = publicElements(manifest);
  const entryFiles = FRAMEWORKS.map((f) => resolve(outdir, `${f}.d.ts`));
  const stubDir = resolve(outdir, '__framework_stubs__');
  const stubFile = (name) => join(stubDir, `${name.replace('/', '__')}.d.ts`);
  const options = {
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (file) => {
    const stub = Object.keys(FRAMEWORK_STUBS).find((name) => resolve(file) === stubFile(name));
    return stub ? FRAMEWORK_STUBS[stub] : readFile(file);
  };
  host.fileExists = (file) =>
    Object.keys(FRAMEWORK_STUBS).some((name) => resolve(file) === stubFile(name)) ||
    fileExists(file);
  host.resolveModuleNameLiterals = (literals, containingFile, _ref, opts) =>
    literals.map((literal) => {
      const name = literal.text;
      if (FRAMEWORK_STUBS[name]) {
        return {
          resolvedModule: { resolvedFileName: stubFile(name), extension: ts.Extension.Dts },
        };
      }
      return ts.resolveModuleName(name, containingFile, opts, host);
    });
  const program = ts.createProgram([...entryFiles, packageTypes], options, host);
  const checker = program.getTypeChecker();

  // Only the entries' own diagnostics: checking every declaration they use (lib.dom, lit) is slow.
  const own = program
    .getSourceFiles()
    .filter((f) => resolve(f.fileName).startsWith(resolve(outdir) + sep));
  const diagnostics = own.flatMap((f) => [
    ...program.getSyntacticDiagnostics(f),
    ...program.getSemanticDiagnostics(f),
  ]);
  for (const diagnostic of diagnostics) {
    const file = diagnostic.file?.fileName ?? '';
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    problems.push(`${file.slice(resolve(outdir).length + 1)}: ${text}`);
  }

  const packageExports = new Set(
    checker
      .getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(packageTypes)))
      .map((s) => s.name),
  );
  for (const element of elements) {
    if (!packageExports.has(element.name)) {
      problems.push(
        `<${element.tagName}> (${element.name}) is not exported by answer-ui: export it, or name it in INTERNAL_ELEMENTS of scripts/build/framework-types.mjs`,
      );
    }
  }

  /** The interface an entry adds the elements to, as the framework sees it. */
  const augmented = {
    react: () => interfaceIn(stubFile('react'), ['JSX', 'IntrinsicElements']),
    vue: () => interfaceIn(stubFile('vue'), ['GlobalComponents']),
    svelte: () => interfaceIn(stubFile('svelte/elements'), ['SvelteHTMLElements']),
  };
  function interfaceIn(file, path) {
    let symbol = checker.getSymbolAtLocation(program.getSourceFile(file));
    for (const name of path) {
      symbol = symbol && checker.getExportsOfModule(symbol).find((s) => s.name === name);
    }
    return symbol && checker.getDeclaredTypeOfSymbol(symbol);
  }

  const isUntyped = (type) => (type.flags & ts.TypeFlags.Any) !== 0;
  for (const framework of FRAMEWORKS) {
    const elementsType = augmented[framework]();
    if (!elementsType) {
      problems.push(`${framework}.d.ts: the framework's element interface was not found`);
      continue;
    }
    for (const element of elements) {
      const tag = element.tagName;
      const entry = elementsType.getProperty(tag);
      if (!entry) {
        problems.push(`${framework}.d.ts: <${tag}> is missing`);
        continue;
      }
      let props = checker.getNonNullableType(checker.getTypeOfSymbol(entry));
      let events;
      if (framework === 'vue') {
        const instance = props.getConstructSignatures()[0]?.getReturnType();
        const propsSymbol = instance?.getProperty('$props');
        const emitSymbol = instance?.getProperty('$emit');
        if (!propsSymbol || !emitSymbol) {
          problems.push(`vue.d.ts: <${tag}> has no $props and $emit`);
          continue;
        }
        props = checker.getTypeOfSymbol(propsSymbol);
        // EmitFn<{ 'answer-x': (event: AnswerXEvent) => void }>: read the events from its type argument.
        const emitType = checker.getTypeOfSymbol(emitSymbol);
        const alias = emitType.aliasTypeArguments?.[0];
        events = (name) => {
          const handler = alias?.getProperty(name);
          return handler && checker.getTypeOfSymbol(handler);
        };
      } else {
        events = (name) => {
          const handler = props.getProperty(`on${name}`);
          return handler && checker.getNonNullableType(checker.getTypeOfSymbol(handler));
        };
      }
      const names = [
        ...(element.attributes ?? []).map((a) => a.name),
        ...settableFields(element).map((m) => m.name),
      ];
      for (const name of new Set(names)) {
        const prop = props.getProperty(name);
        if (!prop) problems.push(`${framework}.d.ts: <${tag}> lacks ${name}`);
        else if (isUntyped(checker.getTypeOfSymbol(prop)))
          problems.push(`${framework}.d.ts: <${tag}> ${name} is typed any`);
      }
      for (const event of element.events ?? []) {
        const handler = events(event.name);
        const parameter = handler?.getCallSignatures()[0]?.getParameters()[0];
        if (!parameter) {
          problems.push(`${framework}.d.ts: <${tag}> lacks the event ${event.name}`);
          continue;
        }
        const eventType = checker.getTypeOfSymbol(parameter);
        const detail = eventType.getProperty('detail');
        if (isUntyped(eventType) || !detail || isUntyped(checker.getTypeOfSymbol(detail))) {
          problems.push(
            `${framework}.d.ts: <${tag}> ${event.name} has no typed detail (${checker.typeToString(eventType)})`,
          );
        }
      }
    }
  }
  return problems;
}

/*
 * `node scripts/build/framework-types.mjs` writes dist/frameworks/ and checks it;
 * `--check DIR` only checks the entries in DIR (a folder of dist/).
 */
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'custom-elements.json'), 'utf8'));
  const only = process.argv.indexOf('--check');
  const outdir = only > 0 ? resolve(process.argv[only + 1]) : join(ROOT, 'dist/frameworks');
  if (only < 0) generateFrameworkTypes({ manifest, outdir });
  const problems = checkFrameworkTypes({
    manifest,
    outdir,
    packageTypes: join(ROOT, 'dist/index.d.ts'),
  });
  if (problems.length > 0) {
    console.error(`Framework typings (${outdir}) do not match custom-elements.json:`);
    for (const problem of problems) console.error(`  - ${problem}`);
    process.exit(1);
  }
  const elements = publicElements(manifest);
  const events = elements.reduce((n, e) => n + (e.events?.length ?? 0), 0);
  console.log(
    `Framework typings: ${elements.length} elements and ${events} events in ${FRAMEWORKS.map((f) => `answer-ui/${f}`).join(', ')}`,
  );
}
