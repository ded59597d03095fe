import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { dirname, isAbsolute, relative, resolve } from 'node:path';

/** Lit's directives that put markup from a string on the page. */
const HTML_SINK_MODULES = ['lit/directives/unsafe-html.js', 'lit/directives/unsafe-svg.js'];

/** Packages that need a DOM: each of them and every module in it (`@lit` is a scope). */
const DOM_PACKAGES = ['lit', 'lit-html', 'lit-element', '@lit', 'leaflet', 'chart.js', 'idb'];

/**
 * The layers of SPEC §9: what each folder of src/ may import from the rest of
 * src/ (folders, or top-level modules by file name), and whether it must run
 * without a DOM. Anything else of ours is refused, and so is a file in a
 * folder not named here. A test keeps to its folder's layer, so it cannot
 * pull in what its code may not, and may also use src/test-support/, which
 * the code may not (the build leaves it out). src/test-support/ and
 * src/locales/ (generated) are in no layer.
 */
const LAYERS = {
  catalog: { uses: [] },
  conversation: { uses: ['catalog'], noDom: true },
  store: { uses: ['conversation', 'catalog'] },
  // The element platform: define, lazy loading, theme, formatting, config, localization, AnswerElement.
  base: { uses: ['catalog', 'locales'] },
  components: { uses: ['base', 'catalog'] },
  // Its tests may also load the whole library through src/index.js, as a page does.
  thread: {
    uses: ['base', 'catalog', 'conversation', 'store', 'components', 'export', 'a2ui'],
    testsAlsoUse: ['index.js'],
  },
  agent: { uses: ['catalog', 'conversation'], noDom: true },
  mcp: { uses: ['catalog', 'conversation'], noDom: true },
  // Exported answers, in the browser and in Node: the elements' formatting and phrases, no DOM
  // (`domFree`: packages of DOM_PACKAGES' scopes that load none; `msg` runs in Node).
  export: {
    uses: ['catalog', 'conversation', 'base', 'components'],
    noDom: true,
    domFree: ['@lit/localize'],
  },
  // A2UI surfaces read as blocks and blocks written as A2UI, in the browser and in Node.
  a2ui: { uses: ['catalog', 'conversation'], noDom: true },
  // The MCP App's view: the block element in the host's frame.
  'mcp-app': { uses: ['base', 'catalog', 'components', 'export', 'a2ui'] },
};
const UNLAYERED = ['test-support', 'locales'];

const SRC = resolve(import.meta.dirname, 'src');

/**
 * Inside src/thread/, the elements sit on top: the folders they use (the
 * link to the back end, controllers, persistence, markdown, the extras
 * chunk) and the modules at the bottom of thread/ (its events, icons,
 * notices, context) never import src/thread/elements/, so nothing below
 * reaches back up into the element that composes it. Its tests may, and so
 * may thread/define.ts, which registers that element.
 */
const THREAD_TOP = 'elements';

/** The folder of src/thread/ a path lies in, '' for a module at its top, undefined outside it. */
function threadFolderOf(path) {
  const parts = relative(SRC, path).split(/[\\/]/);
  if (parts[0] !== 'thread') return undefined;
  return parts.length > 2 ? parts[1] : '';
}

/** Where a file of src/ or an import of it lies: its folder of src/, or its file name when it is top-level. */
function placeIn(path) {
  const parts = relative(SRC, path).split(/[\\/]/);
  if (parts[0] === '..' || isAbsolute(parts[0])) return undefined;
  if (parts.length > 1) return { folder: parts[0] };
  return { topLevel: parts[0].replace(/\.[cm]?[jt]sx?$/, '.js') };
}

/** A module specifier as written, when it is one: a string, or a template without `${…}`. */
function specifierOf(node) {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0)
    return node.quasis[0].value.cooked;
  return undefined;
}

const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * `answer-ui/imports`: every import a file makes (static, type-only,
 * re-export, dynamic `import()`, `typeof import()` in a type) is resolved
 * against the file's own path, at any depth, and refused when it is an HTML
 * sink, reaches a part of src/ its layer may not use, or loads a DOM package
 * in a layer that runs without a DOM.
 */
const importsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'The layers of SPEC §9 and the HTML-sink ban, for every kind of import.' },
    schema: [],
    messages: {
      sink: 'No HTML sinks.',
      unlayered: 'src/{{folder}}/ is in no layer of SPEC §9: name it in eslint.config.js.',
      outside: 'src/ imports nothing of ours from outside src/.',
      layer: 'src/{{layer}}/ may import only {{uses}} of ours (SPEC §9), not {{target}}.',
      alone: 'src/{{layer}}/ imports nothing else of ours (SPEC §9), not {{target}}.',
      testSupport: 'Only tests may use src/test-support/, which the build leaves out.',
      upward: 'Inside src/thread/, only elements/ itself (and tests) imports src/thread/elements/.',
      dom: 'src/{{layer}}/ runs without a DOM (SPEC §9): not {{name}}.',
      unchecked:
        'A dynamic import() in src/ names its module as a string, so that its layer can be checked.',
    },
  },
  create(context) {
    const file = context.filename;
    const place = placeIn(file);
    const test = /\.test\.[cm]?[jt]s$/.test(file);
    const layer = place?.folder && !UNLAYERED.includes(place.folder) ? place.folder : undefined;
    const rule = layer && LAYERS[layer];
    // What the layers govern: a folder's files, and the top-level modules, which may use every layer.
    const governed = place && (rule || place.topLevel);

    function check(node, specifier) {
      if (HTML_SINK_MODULES.includes(specifier)) return context.report({ node, messageId: 'sink' });
      if (!governed) return;
      if (!specifier.startsWith('.') && !specifier.startsWith('/')) {
        const name = packageOf(specifier);
        const isDom = (p) => name === p || name.startsWith(`${p}/`);
        if (rule?.noDom && DOM_PACKAGES.some(isDom) && !rule.domFree?.includes(name))
          context.report({ node, messageId: 'dom', data: { layer, name } });
        return;
      }
      const target = placeIn(resolve(dirname(file), specifier.replace(/[?#].*$/, '')));
      if (!target) return context.report({ node, messageId: 'outside' });
      const name = target.folder ?? target.topLevel;
      if (name === layer) {
        const from = threadFolderOf(file);
        const to = threadFolderOf(resolve(dirname(file), specifier.replace(/[?#].*$/, '')));
        const defines = from === '' && /[\\/]define\.ts$/.test(file);
        if (!test && !defines && from !== undefined && from !== THREAD_TOP && to === THREAD_TOP)
          context.report({ node, messageId: 'upward' });
        return;
      }
      if (name === 'test-support' && !test)
        return context.report({ node, messageId: 'testSupport' });
      if (!rule) return;
      const allowed = test
        ? [...rule.uses, 'test-support', ...(rule.testsAlsoUse ?? [])]
        : rule.uses;
      if (allowed.includes(name)) return;
      context.report({
        node,
        messageId: rule.uses.length ? 'layer' : 'alone',
        data: {
          layer,
          uses: rule.uses.join(', '),
          target: target.folder ? `src/${name}/` : `src/${name}`,
        },
      });
    }

    const source = (node) => {
      const specifier = specifierOf(node);
      if (specifier !== undefined) check(node, specifier);
      else if (governed) context.report({ node, messageId: 'unchecked' });
    };
    return {
      Program(node) {
        if (layer && !rule)
          context.report({ node, messageId: 'unlayered', data: { folder: layer } });
      },
      ImportDeclaration: (node) => source(node.source),
      ExportNamedDeclaration: (node) => node.source && source(node.source),
      ExportAllDeclaration: (node) => source(node.source),
      ImportExpression: (node) => source(node.source),
      TSImportType: (node) => source(node.source),
      TSExternalModuleReference: (node) => source(node.expression),
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'storybook-static/',
      '.test-results/',
      'scratch/',
      'src/locales/',
      // What the framework examples build (their sources are linted).
      'examples/*/dist/',
      'examples/*/.angular/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'answer-ui': { rules: { imports: importsRule } } },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // The spec allows no HTML sinks: content comes from a model.
      'no-restricted-properties': [
        'error',
        { property: 'innerHTML', message: 'No HTML sinks: build DOM with Lit templates.' },
        { property: 'outerHTML', message: 'No HTML sinks: build DOM with Lit templates.' },
        { property: 'insertAdjacentHTML', message: 'No HTML sinks: build DOM with Lit templates.' },
      ],
      'answer-ui/imports': 'error',
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
    },
  },
  {
    // chai's property assertions (`expect(x).to.exist`) read as bare expressions.
    files: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
);
