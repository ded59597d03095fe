/**
 * Size: min+gzip (gzip -9) of what a page needs, each built here with Vite in
 * production mode and minified:
 *   answer-ui        src/index.ts with the options of scripts/build/build-cdn.mjs: the
 *                    core entry, and the chart and map chunks it loads on first use
 *   react+react-dom  React 19 rendering one element (the floor of any React page)
 *   @json-render/react  react + react-dom + @json-render/react with the
 *                    benchmark's catalog and components (bench/pages/peers/json-render.ts)
 *   @a2ui/lit        @a2ui/lit (v0.9) with the benchmark's custom catalog (bench/pages/peers/a2ui.ts)
 *   deep-chat        the <deep-chat> element
 * A chunk of ours counts with the chunks it imports up front (marked, shared by the turn's
 * elements and Read aloud, is one). A peer's size is every file of its build (its dynamic
 * imports inlined).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { browserOutput, production } from '../scripts/build/build-options.mjs';

const OUT = '.test-results/bench-size';
const slug = (name) => name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
const gz = (path) => gzipSync(readFileSync(path), { level: 9 }).length;
const files = (dir) =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.js'))
    .map((f) => join(dir, f));

/** Entry points of the peers' pages, written next to the build output. */
const PEERS = {
  'react+react-dom': `import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
createRoot(document.body).render(createElement('p', null, 'Hello'));`,
  '@json-render/react': `import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { JSONUIProvider, Renderer } from '@json-render/react';
import { registry } from '../../../bench/pages/peers/json-render.ts';
const spec = { root: 'm', elements: { m: { type: 'Metric', props: { label: 'Revenue', value: 1 }, children: [] } } };
createRoot(document.body).render(h(JSONUIProvider, { registry, children: h(Renderer, { spec, registry }) }));`,
  '@a2ui/lit': `import '@a2ui/lit/v0_9';
import { createSurface } from '../../../bench/pages/peers/a2ui.ts';
const { surface } = createSurface([{ id: 'root', component: 'Metric', label: 'Revenue', value: 1 }]);
document.body.append(Object.assign(document.createElement('a2ui-surface'), { surface }));`,
  'deep-chat': `import 'deep-chat';
document.body.append(document.createElement('deep-chat'));`,
};

async function library(name, entry, output = {}) {
  const outDir = join(OUT, slug(name));
  await build({
    ...production,
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      reportCompressedSize: false,
      chunkSizeWarningLimit: 5_000,
      lib: { entry, formats: ['es'], fileName: () => 'index.js' },
      rollupOptions: {
        preserveEntrySignatures: 'allow-extension',
        output: { ...browserOutput, ...output },
      },
    },
  });
  return outDir;
}

export async function measureSizes() {
  mkdirSync(join(OUT, 'entries'), { recursive: true });
  const ours = await library('answer-ui', 'src/index.ts');
  const chunks = readdirSync(join(ours, 'chunks'));
  /** A chunk's own file and the chunks it imports up front (shared ones), each once. */
  const withImports = (file, seen = new Set()) => {
    if (seen.has(file)) return 0;
    seen.add(file);
    const code = readFileSync(join(ours, 'chunks', file), 'utf8');
    // Static imports only (`from"./x.js"`), not `import("./x.js")`; the entry
    // (`../index.js`) is the core.
    const imported = [...code.matchAll(/from\s*["']\.\/([^"']+)["']/g)].map((m) => m[1]);
    return (
      gz(join(ours, 'chunks', file)) + imported.reduce((sum, f) => sum + withImports(f, seen), 0)
    );
  };
  const chunk = (prefix) => {
    const found = chunks.filter((c) => c.startsWith(prefix));
    if (found.length !== 1)
      throw new Error(`expected one ${prefix} chunk, found ${found.join(', ') || 'none'}`);
    return withImports(found[0]);
  };
  /** The chunk named `prefix` and what it imports up front that the chunk `loaded` does not. */
  const beyond = (prefix, loaded) => {
    const only = (p) => chunks.filter((c) => c.startsWith(p))[0];
    const seen = new Set();
    withImports(only(loaded), seen);
    return withImports(only(prefix), seen);
  };
  const sizes = {
    'answer-ui': {
      core: gz(join(ours, 'index.js')),
      chart: chunk('chart.chunk'),
      map: chunk('leaflet'),
      store: chunk('store'),
      turn: chunk('extras.chunk'),
      streaming: chunk('streaming'),
      sse: chunk('sse'),
      attachments: chunk('attachment-files'),
      export: chunk('export'),
      // What the first Copy or Export fetches in a thread, which has the turn chunk already.
      exportInThread: beyond('export', 'extras.chunk'),
      agUi: chunk('reader'),
      a2ui: chunk('surfaces.chunk'),
      sample: chunk('sample-block'),
      blocks: gz(join(await library('answer-ui-blocks', 'src/blocks.ts'), 'index.js')),
    },
  };
  for (const [name, source] of Object.entries(PEERS)) {
    const entry = join(OUT, 'entries', `${slug(name)}.js`);
    writeFileSync(entry, `${source}\n`);
    const outDir = await library(name, entry, { codeSplitting: false });
    sizes[name] = files(outDir).reduce((sum, file) => sum + gz(file), 0);
  }
  return sizes;
}
