/**
 * What every production build of answer-ui's browser code shares: the CDN
 * files (build-cdn.mjs), the MCP App view (build-mcp-app.mjs)
 * and the benchmark's builds that measure them (bench/size.mjs,
 * bench/cold-profile.mjs).
 */
import { legalCommentsPlugin } from './legal-comments.mjs';
import { minifyTemplatesPlugin } from './minify-templates.mjs';

/** The elements use TypeScript's legacy decorators (see tsconfig.json). */
export const oxc = {
  decorator: { legacy: true },
  typescript: { removeClassFieldsWithoutInitializer: true },
  assumptions: { setPublicClassFields: true },
};

/** Vite's inline configuration for a production build of the elements. */
export const production = {
  configFile: false,
  logLevel: 'warn',
  oxc,
  plugins: [minifyTemplatesPlugin(), legalCommentsPlugin()],
  define: { 'process.env.NODE_ENV': '"production"' },
};

/**
 * Rolldown's output for a file served to browsers as it is: minified, its
 * chunks under chunks/, and without pure annotations, which only help a
 * bundler that imports the file.
 */
export const browserOutput = {
  minify: true,
  comments: { legal: true, annotation: false, jsdoc: false },
  chunkFileNames: 'chunks/[name]-[hash].js',
};
