/**
 * Builds the CDN files:
 *   dist/cdn/answer-ui.js         one ES module that defines every element; chart.js,
 *                                 Leaflet and each locale are chunks loaded on first use
 *   dist/cdn/answer-ui-blocks.js  the same for pages with blocks and no thread (answer-ui/blocks)
 *   dist/cdn/answer-ui.classic.js one file for a classic <script src=…>
 */
import { build } from 'vite';
import { browserOutput, production } from './build-options.mjs';

/** One ES module entry; its chunks (chart.js, Leaflet, locales, the lazily loaded parts) go to dist/cdn/chunks/. */
const moduleBuild = (entry, fileName, emptyOutDir) =>
  build({
    ...production,
    build: {
      outDir: 'dist/cdn',
      emptyOutDir,
      target: 'es2022',
      lib: { entry, formats: ['es'], fileName: () => fileName },
      rollupOptions: { preserveEntrySignatures: 'allow-extension', output: browserOutput },
    },
  });

await moduleBuild('src/index.ts', 'answer-ui.js', true);
// Blocks without the conversation (answer-ui/blocks): its chunks are the same files as the full build's.
await moduleBuild('src/blocks.ts', 'answer-ui-blocks.js', false);

await build({
  ...production,
  build: {
    outDir: 'dist/cdn',
    emptyOutDir: false,
    target: 'es2022',
    lib: {
      entry: 'src/index.ts',
      formats: ['iife'],
      name: 'AnswerUI',
      fileName: () => 'answer-ui.classic.js',
    },
    rollupOptions: { output: browserOutput },
  },
});
