/**
 * Builds the MCP App view, dist/mcp/answer-ui-block.html: one HTML document
 * with all its code, CSS and every locale inline, because a host frames it
 * under a policy that fetches nothing (MCP Apps' default CSP: inline scripts
 * and styles only, `connect-src 'none'`). chart.js and Leaflet are inlined
 * too, evaluated only when a block first shows a chart or a map.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { browserOutput, production } from './build-options.mjs';

export const VIEW_FILE = fileURLToPath(
  new URL('../../dist/mcp/answer-ui-block.html', import.meta.url),
);

/**
 * Keeps the code from ending its <script> early or opening a comment the
 * HTML parser would honour: inside the strings and patterns where these
 * appear, `\x3C` is the same `<`.
 */
function inlineScript(code) {
  return code.replace(/<(\/?script|!--)/gi, '\\x3C$1');
}

/*
 * Zod probes for eval (`new Function`) as soon as a module builds its first
 * object schema, and a policy without 'unsafe-eval' reports even the caught
 * attempt. Its shared configuration, set before any module loads, turns the
 * probe off (ext-apps' App does the same, but only once it is constructed).
 */
const EVAL_FREE = 'globalThis.__zod_globalConfig={jitless:true}';

export async function buildMcpApp() {
  const [output] = await build({
    ...production,
    build: {
      write: false,
      target: 'es2022',
      lib: {
        entry: fileURLToPath(new URL('../../src/mcp-app/main.ts', import.meta.url)),
        formats: ['es'],
        fileName: () => 'view.js',
      },
      rollupOptions: { output: { ...browserOutput, codeSplitting: false } },
    },
  });
  const chunks = output.output.filter((file) => file.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`the view must be one script, got ${chunks.length}`);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>answer-ui</title>
<style>html,body{margin:0;padding:0;background:transparent}
.download{margin:.5rem 0 0;padding:.25rem .75rem;min-height:1.75rem;font:13px system-ui,sans-serif;
color:inherit;background:none;border:1px solid;border-radius:6px;cursor:pointer}
.not-shown{margin:.5rem 0 0;font:13px system-ui,sans-serif;opacity:.75}</style>
<script>${EVAL_FREE}</script>
</head>
<body>
<script type="module">${inlineScript(chunks[0].code)}</script>
</body>
</html>
`;
  mkdirSync(new URL('../../dist/mcp/', import.meta.url), { recursive: true });
  writeFileSync(VIEW_FILE, html);
  return html;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildMcpApp();
