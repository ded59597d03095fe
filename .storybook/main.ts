import type { StorybookConfig } from '@storybook/web-components-vite';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Alias, AliasOptions } from 'vite';

/**
 * Writes custom-elements.json from the JSDoc in src/ (the same as
 * `npm run manifest`): preview.ts imports it for the Docs pages, so every
 * Storybook start or build documents the current source.
 */
function writeManifest() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const cem = createRequire(import.meta.url).resolve('@custom-elements-manifest/analyzer/cem.js');
  execFileSync(
    process.execPath,
    [cem, 'analyze', '--config', 'custom-elements-manifest.config.mjs', '--quiet'],
    { cwd: root, stdio: 'inherit' },
  );
}

/**
 * The package's own entry points (`answer-ui`, `answer-ui/catalog`, …) as the guides' examples
 * import them, resolved to their sources: one copy of each element, and no build needed.
 */
function packageEntries() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const { exports } = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
    exports: Record<string, string | { default: string }>;
  };
  return Object.entries(exports).flatMap(([subpath, target]) => {
    const file = typeof target === 'string' ? target : target.default;
    if (!file.startsWith('./dist/') || !file.endsWith('.js')) return [];
    const name = `answer-ui${subpath.slice(1)}`;
    const source = `${root}src/${file.slice('./dist/'.length, -'.js'.length)}.ts`;
    return [{ find: new RegExp(`^${name}$`), replacement: source }];
  });
}

/** Vite takes aliases as a list or as an object; the list keeps both kinds. */
function aliasList(alias: AliasOptions | undefined): Alias[] {
  if (!alias) return [];
  if (Array.isArray(alias)) return alias as Alias[];
  return Object.entries(alias).map(([find, replacement]) => ({ find, replacement }));
}

/*
 * Storybook for the answer elements (web components + Vite 8).
 *
 * The elements use TypeScript's legacy (experimental) decorators with
 * `useDefineForClassFields: false` (see tsconfig.json). Vite 8 transforms
 * TypeScript with Oxc; the options below pin that behaviour explicitly so it
 * does not depend on Oxc finding the project tsconfig: TC39 decorators would
 * crash in Chromium, and `[[Define]]` class fields would shadow Lit's
 * reactive property accessors.
 */
const config: StorybookConfig = {
  framework: { name: '@storybook/web-components-vite', options: {} },
  // Docs pages (autodocs, see preview.ts). Storybook skips it with a warning while it is not installed.
  addons: ['@storybook/addon-docs'],
  // The guides first (docs/guides, in the order preview.ts sorts them), then the elements' stories.
  stories: ['../docs/guides/*.mdx', '../docs/examples/*.stories.ts', '../stories/**/*.stories.ts'],
  // Served at ./assets/ in dev and in storybook-static/: the local map tile.
  staticDirs: [{ from: '../stories/assets', to: '/assets' }],
  core: { disableTelemetry: true },
  // The theme toolbar sets the canvas background; the built-in backgrounds tool would fight it.
  features: { backgrounds: false },
  viteFinal(viteConfig) {
    writeManifest();
    return {
      ...viteConfig,
      oxc: {
        ...(typeof viteConfig.oxc === 'object' ? viteConfig.oxc : {}),
        decorator: { legacy: true },
        typescript: { removeClassFieldsWithoutInitializer: true },
        assumptions: { setPublicClassFields: true },
      },
      // Storybook's web-components renderer imports lit/directive-helpers.js, which
      // the dev optimizer otherwise leaves out: a second lit-html copy ("Multiple
      // versions of Lit loaded"). Pre-bundle it with the rest of Lit.
      optimizeDeps: {
        ...viteConfig.optimizeDeps,
        include: [...(viteConfig.optimizeDeps?.include ?? []), 'lit/directive-helpers.js'],
      },
      resolve: {
        ...viteConfig.resolve,
        alias: [...aliasList(viteConfig.resolve?.alias), ...packageEntries()],
      },
      build: { ...viteConfig.build, target: 'es2022', chunkSizeWarningLimit: 1500 },
    };
  },
};

export default config;
