/**
 * Custom Elements Manifest for answer-ui: `npm run manifest` writes
 * custom-elements.json (read by Storybook's docs pages and by editors).
 *
 * The elements register through `define('answer-x', AnswerX)` from
 * src/components/shared/define.ts rather than `customElements.define`, so the
 * analyzer cannot see their tag names on its own: the plugin below reads
 * those calls.
 */

/** Module specifier of the registering helper, as imported by the define.ts files. */
const DEFINE_HELPER = /(^|\/)shared\/define\.js$/;

/**
 * Reads `define('tag', Class)` calls (with `define` imported from the shared
 * helper) and records them as `custom-element-definition` exports; the
 * analyzer's own link step then sets `tagName` on the class declaration.
 * The class may be imported from another module (agent-turn is defined in
 * thread.ts, declared in turn.ts).
 */
function defineHelperPlugin() {
  /** `define` bindings imported from the helper, per source file. */
  const helperNames = new Map();
  /** `customElements.define(variable, …)` calls, as `module#variable`. */
  const dynamicDefinitions = new Set();
  return {
    name: 'answer-ui:define-helper',
    collectPhase({ ts, node }) {
      if (!ts.isImportDeclaration(node) || !ts.isStringLiteral(node.moduleSpecifier)) return;
      if (!DEFINE_HELPER.test(node.moduleSpecifier.text)) return;
      const bindings = node.importClause?.namedBindings;
      if (!bindings || !ts.isNamedImports(bindings)) return;
      const file = node.getSourceFile().fileName;
      for (const element of bindings.elements) {
        if ((element.propertyName ?? element.name).text !== 'define') continue;
        if (!helperNames.has(file)) helperNames.set(file, new Set());
        helperNames.get(file).add(element.name.text);
      }
    },
    analyzePhase({ ts, node, moduleDoc }) {
      if (!ts.isCallExpression(node)) return;
      // The helper's own `customElements.define(tag, element)` names no tag: the analyzer's
      // definition of "<tag>" from it is dropped in moduleLinkPhase.
      if (isCustomElementsDefine(ts, node) && node.arguments[0] && !ts.isStringLiteralLike(node.arguments[0])) {
        dynamicDefinitions.add(`${moduleDoc.path}#${node.arguments[0].getText()}`);
        return;
      }
      if (!ts.isIdentifier(node.expression)) return;
      const names = helperNames.get(node.getSourceFile().fileName);
      if (!names?.has(node.expression.text)) return;
      const [tagArg, classArg] = node.arguments;
      if (!tagArg || !ts.isStringLiteralLike(tagArg) || !classArg || !ts.isIdentifier(classArg)) return;
      const className = classArg.text;
      moduleDoc.exports = [
        ...(moduleDoc.exports ?? []),
        {
          kind: 'custom-element-definition',
          name: tagArg.text,
          declaration: { name: className, module: declaringModule(ts, node.getSourceFile(), className, moduleDoc.path) },
        },
      ];
    },
    moduleLinkPhase({ moduleDoc }) {
      moduleDoc.exports = moduleDoc.exports?.filter(
        (entry) => entry.kind !== 'custom-element-definition' || !dynamicDefinitions.has(`${moduleDoc.path}#${entry.name}`),
      );
    },
    packageLinkPhase({ customElementsManifest }) {
      const declared = new Set();
      for (const mod of customElementsManifest.modules) {
        for (const declaration of mod.declarations ?? []) {
          if (declaration.kind === 'class') declared.add(`${mod.path}#${declaration.name}`);
        }
      }
      for (const mod of customElementsManifest.modules) {
        for (const definition of mod.exports ?? []) {
          if (definition.kind !== 'custom-element-definition') continue;
          const { name, module } = definition.declaration;
          if (!declared.has(`${module}#${name}`)) {
            throw new Error(`${mod.path}: <${definition.name}> is defined with ${name}, but no class ${name} is declared in ${module}`);
          }
        }
      }
    },
  };
}

/** `customElements.define(…)` or `window.customElements.define(…)`. */
function isCustomElementsDefine(ts, call) {
  const callee = call.expression;
  return ts.isPropertyAccessExpression(callee) && callee.name.text === 'define' && /(^|\.)customElements$/.test(callee.expression.getText());
}

/** The manifest path of the module that declares `name`: this one, or the local module it is imported from. */
function declaringModule(ts, sourceFile, name, modulePath) {
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    if (!bindings.elements.some((element) => element.name.text === name)) continue;
    const specifier = statement.moduleSpecifier.text;
    if (!specifier.startsWith('.')) return modulePath;
    // './thread.js' next to src/thread/define.ts -> src/thread/thread.ts
    const resolved = new URL(specifier, `file:///${modulePath}`).pathname.slice(1);
    return resolved.replace(/\.js$/, '.ts');
  }
  return modulePath;
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
        .map((statement) => (ts.isExpressionStatement(statement) ? statement.expression : undefined))
        .find((expression) => expression && ts.isCallExpression(expression) && expression.expression.kind === ts.SyntaxKind.SuperKeyword);
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
          const classOf = (name) => [...eventTypes].filter(([, type]) => type === name).map(([klass]) => klass);
          declaration.events = events.map(({ name, type, description, ...rest }) => ({
            name,
            ...(type ? { type } : classOf(name).length === 1 ? { type: { text: classOf(name)[0] } } : {}),
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
  const LIFECYCLE = new Set(['willUpdate', 'firstUpdated', 'updated', 'connectedCallback', 'disconnectedCallback', 'render', 'createRenderRoot']);
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
            declaration.attributes = declaration.attributes.filter((attribute) => !hidden.has(attribute.fieldName));
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
          if (declaration.kind !== 'class' || !declaration.summary || declaration.description) continue;
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
  plugins: [defineHelperPlugin(), eventClassesPlugin(), publicApiOnlyPlugin(), summaryParagraphPlugin()],
};
