/**
 * Browser benchmarks: builds bench/pages with Vite (production mode), serves
 * them from 127.0.0.1 cross-origin isolated (so performance.now() is fine
 * grained), runs each page in headless Chromium and prints its result.
 *   node bench/run.mjs [scenario ...]      (default: every page)
 */
import { readdirSync } from 'node:fs';
import { build, preview } from 'vite';
import { chromium } from 'playwright';
import { chromiumPath, CHROMIUM_ARGS } from '../scripts/chromium.mjs';

const pages = readdirSync('bench/pages').filter((f) => f.endsWith('.html')).map((f) => f.replace('.html', ''));
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : pages;
const isolation = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

await build({
  root: 'bench/pages',
  configFile: false,
  logLevel: 'warn',
  build: { outDir: '../../.test-results/bench-pages', emptyOutDir: true, target: 'es2022', rollupOptions: { input: Object.fromEntries(wanted.map((p) => [p, `bench/pages/${p}.html`])) } },
});
const server = await preview({ root: 'bench/pages', configFile: false, logLevel: 'warn', build: { outDir: '../../.test-results/bench-pages' }, preview: { host: '127.0.0.1', port: 0, headers: isolation } });
const base = server.resolvedUrls.local[0];
// --expose-gc lets a scenario collect garbage between runs, outside the measured window.
const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, '--js-flags=--expose-gc'] });
const results = {};
try {
  for (const name of wanted) {
    const page = await browser.newPage();
    await page.goto(`${base}${name}.html`);
    await page.waitForFunction(() => window.benchResult || window.benchError, null, { timeout: 300_000, polling: 200 });
    const error = await page.evaluate(() => window.benchError);
    if (error) throw new Error(`${name}: ${error}`);
    results[name] = await page.evaluate(() => window.benchResult);
    console.log(name, JSON.stringify(results[name], null, 2));
    await page.close();
  }
  console.log(`browser: ${browser.version()}`);
} finally {
  await browser.close();
  server.httpServer.close();
}
