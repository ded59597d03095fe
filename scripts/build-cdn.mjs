/**
 * Builds the CDN files:
 *   dist/cdn/answer-ui.js         one ES module that defines every element; chart.js,
 *                                 Leaflet and each locale are chunks loaded on first use
 *   dist/cdn/answer-ui-blocks.js  the same for pages with blocks and no thread (answer-ui/blocks)
 *   dist/cdn/answer-ui.classic.js one file for a classic <script src=…>
 */
import { build } from 'vite';
import { minifyTemplatesPlugin } from './minify-templates.mjs';

// The elements use TypeScript's legacy decorators (see tsconfig.json).
const oxc = { decorator: { legacy: true }, typescript: { removeClassFieldsWithoutInitializer: true }, assumptions: { setPublicClassFields: true } };

const common = {
  configFile: false,
  logLevel: 'warn',
  oxc,
  plugins: [minifyTemplatesPlugin()],
  define: { 'process.env.NODE_ENV': '"production"' },
};

/** One ES module entry; its chunks (chart.js, Leaflet, locales, the lazily loaded parts) go to dist/cdn/chunks/. */
const moduleBuild = (entry, fileName, emptyOutDir) =>
  build({
    ...common,
    build: {
      outDir: 'dist/cdn',
      emptyOutDir,
      target: 'es2022',
      lib: { entry, formats: ['es'], fileName: () => fileName },
      rollupOptions: {
        preserveEntrySignatures: 'allow-extension',
        // Pure annotations help a bundler that imports the file; a file served to the browser as is does not need them.
        output: { minify: true, comments: { legal: true, annotation: false, jsdoc: false }, chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  });

await moduleBuild('src/index.ts', 'answer-ui.js', true);
// Blocks without the conversation (answer-ui/blocks): its chunks are the same files as the full build's.
await moduleBuild('src/blocks.ts', 'answer-ui-blocks.js', false);

await build({
  ...common,
  build: {
    outDir: 'dist/cdn',
    emptyOutDir: false,
    target: 'es2022',
    lib: { entry: 'src/index.ts', formats: ['iife'], name: 'AnswerUI', fileName: () => 'answer-ui.classic.js' },
    rollupOptions: { output: { minify: true } },
  },
});
