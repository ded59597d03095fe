/**
 * Custom Elements Manifest for answer-ui: `npm run manifest` writes
 * custom-elements.json (read by Storybook's docs pages and by editors).
 *
 * The elements register through `define('answer-x', AnswerX)` from
 * src/base/define.ts rather than `customElements.define`, so the
 * analyzer cannot see their tag names in those calls: each element class
 * names its tag with `@tag` in its JSDoc instead.
 */

/**
 * Records each `@tag` class as a `custom-element-definition` export of the
 * define.ts in its folder, the module a page imports to register it. Drops
 * the definition the analyzer reads from the helper's own
 * `customElements.define(tag, element)`, whose arguments name no tag and no class.
 */
function tagDefinitionsPlugin() {
  return {
    name: 'answer-ui:tag-definitions',
    packageLinkPhase({ customElementsManifest }) {
      const modules = customElementsManifest.modules;
      const classes = new Set(
        modules.flatMap((mod) =>
          (mod.declarations ?? [])
            .filter((d) => d.kind === 'class')
            .map((d) => `${mod.path}#${d.name}`),
        ),
      );
      for (const mod of modules) {
        mod.exports = mod.exports?.filter(
          (entry) =>
            entry.kind !== 'custom-element-definition' ||
            classes.has(`${entry.declaration.module}#${entry.declaration.name}`),
        );
      }
      const byPath = new Map(modules.map((mod) => [mod.path, mod]));
      for (const mod of modules) {
        for (const declaration of mod.declarations ?? []) {
          if (declaration.kind !== 'class' || !declaration.tagName) continue;
          const registering = byPath.get(mod.path.replace(/[^/]+$/, 'define.ts')) ?? mod;
          registering.exports = [
            {
              kind: 'custom-element-definition',
              name: declaration.tagName,
              declaration: { name: declaration.name, module: mod.path },
            },
            ...(registering.exports ?? []),
          ];
        }
      }
    },
  };
}

/**
 * `this.dispatchEvent(new AnswerErrorEvent(detail))` leaves the analyzer
 * with an event that has a type but no name (or the name of the constructor's
 * first argument, `detail`). The event classes in events.ts pass their type
 * to `super('answer-error', …)`: this plugin reads those, names such events,
 * and merges them into the `@fires` entry of the same name (which has the
 * description), keeping the event class as its type.
 */
function eventClassesPlugin() {
  /** Event class name -> event type string. */
  const eventTypes = new Map();
  return {
    name: 'answer-ui:event-classes',
    analyzePhase({ ts, node }) {
      if (!ts.isClassDeclaration(node) || !node.name) return;
      const ctor = node.members.find(ts.isConstructorDeclaration);
      const superCall = ctor?.body?.statements
        .map((statement) =>
          ts.isExpressionStatement(statement) ? statement.expression : undefined,
        )
        .find(
          (expression) =>
            expression &&
            ts.isCallExpression(expression) &&
            expression.expression.kind === ts.SyntaxKind.SuperKeyword,
        );
      const type = superCall?.arguments[0];
      if (type && ts.isStringLiteralLike(type)) eventTypes.set(node.name.text, type.text);
    },
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules) {
        for (const declaration of mod.declarations ?? []) {
          if (declaration.kind !== 'class' || !declaration.events) continue;
          const events = [];
          for (const event of declaration.events) {
            const fromClass = event.type?.text && eventTypes.get(event.type.text);
            const name = fromClass ?? event.name;
            if (!name) continue;
            const same = events.find((other) => other.name === name);
            if (same) {
              same.type ??= event.type;
              same.description ??= event.description;
            } else {
              events.push({ ...event, name });
            }
          }
          // Documented (`@fires`) entries carry the description; give each the class of its
          // name when the dispatch itself was not recognised (e.g. `const ok = this.dispatchEvent(…)`).
          const classOf = (name) =>
            [...eventTypes].filter(([, type]) => type === name).map(([klass]) => klass);
          declaration.events = events.map(({ name, type, description, ...rest }) => ({
            name,
            ...(type
              ? { type }
              : classOf(name).length === 1
                ? { type: { text: classOf(name)[0] } }
                : {}),
            ...(description ? { description } : {}),
            ...rest,
          }));
        }
      }
    },
  };
}

/**
 * Private and protected members (Lit `@state()` fields, helpers) are not
 * public API: drop them, and drop members and attributes whose JSDoc says
 * `@internal` or `@ignore`-like. Lifecycle methods Lit's denylist misses go too.
 */
function publicApiOnlyPlugin() {
  const LIFECYCLE = new Set([
    'willUpdate',
    'firstUpdated',
    'updated',
    'connectedCallback',
    'disconnectedCallback',
    'render',
    'createRenderRoot',
  ]);
  return {
    name: 'answer-ui:public-api-only',
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules) {
        for (const declaration of mod.declarations ?? []) {
          if (declaration.kind !== 'class' || !declaration.members) continue;
          const hidden = new Set();
          declaration.members = declaration.members.filter((member) => {
            const keep =
              member.privacy !== 'private' &&
              member.privacy !== 'protected' &&
              !member.name.startsWith('#') &&
              !(member.kind === 'method' && LIFECYCLE.has(member.name));
            if (!keep) hidden.add(member.name);
            return keep;
          });
          if (declaration.attributes) {
            declaration.attributes = declaration.attributes.filter(
              (attribute) => !hidden.has(attribute.fieldName),
            );
            if (declaration.attributes.length === 0) delete declaration.attributes;
          }
        }
      }
    },
  };
}

/**
 * The elements' JSDoc opens with `@summary One line.` followed by a blank
 * line and the longer description, which JSDoc reads as part of the summary.
 * Keep the first paragraph as the summary and make the rest the description.
 */
function summaryParagraphPlugin() {
  return {
    name: 'answer-ui:summary-paragraph',
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules) {
        for (const declaration of mod.declarations ?? []) {
          if (declaration.kind !== 'class' || !declaration.summary || declaration.description)
            continue;
          const [summary, ...rest] = declaration.summary.split(/\n\s*\n/);
          declaration.summary = summary.trim();
          if (rest.length > 0) declaration.description = rest.join('\n\n').trim();
        }
      }
    },
  };
}

export default {
  globs: ['src/**/*.ts'],
  exclude: ['src/**/*.test.ts', 'src/test-support/**', 'src/locales/**', 'src/**/*.d.ts'],
  outdir: '.',
  litelement: true,
  // package.json's `customElements` field is maintained by hand; the analyzer must not rewrite the file.
  packagejson: false,
  plugins: [
    tagDefinitionsPlugin(),
    eventClassesPlugin(),
    publicApiOnlyPlugin(),
    summaryParagraphPlugin(),
  ],
};
