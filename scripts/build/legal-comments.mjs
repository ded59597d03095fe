/**
 * A build plugin for the browser files: each distinct license notice
 * (`/** @license … *\/`) is kept once per file. The minifier keeps every
 * legal comment where its module was, so the notice of Lit's modules came
 * 22 times into the core entry (five distinct notices, 260 bytes after gzip).
 */

const LICENSE_COMMENT = /\/\*\*?\s*\n?\s*\*?\s*@license[\s\S]*?\*\/\n?/g;

/** `code` with each license comment after the first identical one removed. */
export function dedupeLicenseComments(code) {
  const seen = new Set();
  return code.replace(LICENSE_COMMENT, (comment) => {
    const key = comment.trim();
    if (seen.has(key)) return '';
    seen.add(key);
    return comment;
  });
}

export function legalCommentsPlugin() {
  return {
    name: 'answer-ui:dedupe-license-comments',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle))
        if (file.type === 'chunk') file.code = dedupeLicenseComments(file.code);
    },
  };
}
