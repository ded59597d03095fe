/**
 * A Vite plugin for the CDN builds: the text of Lit's `css`, `html` and
 * `svg` templates loses what the browser ignores. Lit adopts styles and
 * parses templates as written, so every comment and indentation is
 * otherwise shipped. Templates are found with the TypeScript parser, so
 * only their literal text changes, never the `${…}` expressions in them.
 */
import ts from 'typescript';

/** CSS text without comments and without the spaces around punctuation that separates nothing. */
export function minifyCss(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/:\s+/g, ':')
    .replace(/;}/g, '}');
}

/**
 * Markup text with each run of white space down to one space: HTML renders
 * them alike outside preformatted text, which the templates never hold
 * (preformatted content always comes in through bindings).
 */
export const minifyMarkup = (text) => text.replace(/\s+/g, ' ');

const MINIFIERS = { css: minifyCss, html: minifyMarkup, svg: minifyMarkup };

/** The source with every `css`/`html`/`svg` template's literal text minified. */
export function minifyTemplates(code, fileName = 'module.ts') {
  const source = ts.createSourceFile(
    fileName,
    code,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TS,
  );
  const edits = [];
  const visit = (node) => {
    if (
      ts.isTaggedTemplateExpression(node) &&
      ts.isIdentifier(node.tag) &&
      MINIFIERS[node.tag.text]
    ) {
      const minify = MINIFIERS[node.tag.text];
      const template = node.template;
      const literals = ts.isNoSubstitutionTemplateLiteral(template)
        ? [template]
        : [template.head, ...template.templateSpans.map((span) => span.literal)];
      for (const literal of literals) {
        // The raw text sits between the opening mark (` or }) and the closing one (` or ${).
        const start = literal.getStart(source) + 1;
        const end =
          literal.getEnd() - (ts.isTemplateHead(literal) || ts.isTemplateMiddle(literal) ? 2 : 1);
        edits.push([start, end, minify(code.slice(start, end))]);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  let out = code;
  for (const [start, end, text] of edits.sort((a, b) => b[0] - a[0]))
    out = out.slice(0, start) + text + out.slice(end);
  return out;
}

export function minifyTemplatesPlugin() {
  return {
    name: 'answer-ui:minify-templates',
    transform(code, id) {
      if (!/\/src\/.*\.ts$/.test(id) || !/\b(css|html|svg)`/.test(code)) return null;
      return { code: minifyTemplates(code, id), map: null };
    },
  };
}
