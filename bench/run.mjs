/**
 * The benchmarks, answer-ui side by side with its peers, in one run:
 *
 *   node bench/run.mjs [--write] [--browser] [group ...]
 *
 * Groups: validation (Node: validateBlock vs ajv), tokens (Node: what the
 * contract costs a model, beside json-render and A2UI), size (min+gzip bundles),
 * frames (the longest frames of a huge turn in a whole thread, bench/thread-frames.bench.ts),
 * block (answer-ui, @json-render/react, @a2ui/lit), stream (answer-ui,
 * deep-chat, marked), restore (answer-ui), export (answer-ui: a maximal
 * answer to each format). No group named: all of them
 * (with --browser: block, stream, restore and export). --write (only with every
 * group) saves bench/results.json and regenerates the tables in BENCHMARKS.md.
 *
 * Browser pages (bench/pages) are built with Vite in production mode, each
 * page a build of its own (no chunk shared with another system's page),
 * served from 127.0.0.1 cross-origin isolated (so performance.now() is fine
 * grained) and run one after another in headless Chromium; every request to
 * another host is blocked. After a block or streaming page has finished, the
 * harness forces a garbage collection (DevTools protocol) and reads the JS
 * heap.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { build, preview } from 'vite';
import { chromium } from 'playwright';
import { chromiumPath, CHROMIUM_ARGS } from '../scripts/dev/chromium.mjs';
import { measureSizes } from './size.mjs';
import { writeReport } from './report.mjs';

const GROUPS = {
  block: ['block', 'block-main', 'block-cdn', 'block-json-render', 'block-a2ui'],
  stream: ['stream', 'stream-deep-chat', 'stream-marked'],
  restore: ['restore'],
  export: ['export'],
};
const ALL = ['validation', 'tokens', 'size', 'frames', ...Object.keys(GROUPS)];
const PAGE_TIMEOUT = 420_000;
/** Fresh pages per block system for the cold first render (after one warm-up). */
const COLD_RUNS = 15;
/** Fresh pages for the first answer into a new thread. */
const FRESH_RUNS = 5;
/** Fresh pages for the heap after one answer (deep-chat's read about 0.2 MB lower in 2 of 10). */
const HEAP_RUNS = 3;

const args = process.argv.slice(2);
const write = args.includes('--write');
const named = args.filter((a) => !a.startsWith('--'));
const unknown = named.filter((g) => !ALL.includes(g));
if (unknown.length) {
  console.error(`Unknown group: ${unknown.join(', ')}. Groups: ${ALL.join(', ')}.`);
  process.exit(2);
}
const groups = named.length ? named : args.includes('--browser') ? Object.keys(GROUPS) : ALL;
if (write && groups.length !== ALL.length) {
  console.error('--write needs every group in the run (the tables compare them all).');
  process.exit(2);
}

const started = Date.now();
const loads = [os.loadavg()[0]];
const loadTimer = setInterval(() => loads.push(os.loadavg()[0]), 15_000);
const log = (message) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${message}`);
const results = {};

if (groups.includes('validation')) {
  log('validation (Node)');
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'bench/validate.bench.ts', '--json'],
    { encoding: 'utf8' },
  );
  if (child.status !== 0) throw new Error(`validation benchmark failed:\n${child.stderr}`);
  results.validation = JSON.parse(child.stdout);
}

if (groups.includes('tokens')) {
  log('tokens (Node)');
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'bench/tokens.bench.ts', '--json'],
    { encoding: 'utf8' },
  );
  if (child.status !== 0) throw new Error(`token benchmark failed:\n${child.stderr}`);
  results.tokens = JSON.parse(child.stdout);
}

if (groups.includes('frames')) {
  log('frames (a huge turn in a whole <agent-thread>, Chromium)');
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'bench/thread-frames.bench.ts', '--json'],
    { encoding: 'utf8', maxBuffer: 16 * 2 ** 20 },
  );
  if (child.status !== 0) throw new Error(`frame benchmark failed:\n${child.stderr}`);
  const { results: systems, ...run } = JSON.parse(child.stdout);
  results.frames = { ...run, cases: systems.now };
}

if (groups.includes('size')) {
  log('size (Vite production builds, min+gzip)');
  results.size = await measureSizes();
}

const pages = groups.flatMap((g) => GROUPS[g] ?? []);
if (pages.length) {
  log(`building ${pages.length} pages`);
  const outDir = '../../.test-results/bench-pages';
  // Each page is a build of its own, as an app with one system bundles it: pages built together share
  // chunks, and answer-ui's thread page loaded Zod's code as json-render's page needs it (0.1 MB of heap).
  for (const [i, p] of pages.entries())
    await build({
      root: 'bench/pages',
      configFile: false,
      logLevel: 'warn',
      build: {
        outDir,
        emptyOutDir: i === 0,
        target: 'es2022',
        chunkSizeWarningLimit: 2_000,
        rollupOptions: { input: { [p]: `bench/pages/${p}.html` } },
      },
    });
  if (pages.includes('block-cdn')) {
    // The CDN file as a page loads it: built now, copied next to the pages, never bundled again.
    const cdn = spawnSync(process.execPath, ['scripts/build/build-cdn.mjs'], { encoding: 'utf8' });
    if (cdn.status !== 0) throw new Error(`CDN build failed:\n${cdn.stderr}`);
    cpSync('dist/cdn', '.test-results/bench-pages/cdn', { recursive: true });
  }
  const isolation = {
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Embedder-Policy': 'require-corp',
  };
  const server = await preview({
    root: 'bench/pages',
    configFile: false,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, headers: isolation },
  });
  const base = server.resolvedUrls.local[0];
  const origin = new URL(base).origin;
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  results.browser = browser.version();
  try {
    for (const name of pages) {
      log(name);
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const blocked = new Set();
      // No network but the page's own server (deep-chat asks a font host for a web font).
      await page.route('**/*', (route) => {
        const url = route.request().url();
        if (url.startsWith(origin)) return route.continue();
        blocked.add(new URL(url).host);
        return route.abort();
      });
      page.on(
        'console',
        (m) =>
          m.type() === 'error' &&
          !/Failed to load resource/.test(m.text()) &&
          console.log(`  ${name}: console ${m.type()}: ${m.text()}`),
      );
      page.on('pageerror', (e) => console.log(`  ${name}: ${e.message}`));
      await page.goto(`${base}${name}.html`);
      const pageStarted = Date.now();
      let said = '';
      while (!(await page.evaluate('Boolean(window.benchResult || window.benchError)'))) {
        if (Date.now() - pageStarted > PAGE_TIMEOUT)
          throw new Error(`${name}: no result after ${PAGE_TIMEOUT / 1000} s (${said})`);
        await new Promise((resolve) => setTimeout(resolve, 500));
        const now = await page.evaluate('window.benchProgress ?? ""');
        if (now && now !== said && Date.now() - pageStarted > 10_000)
          log(`  ${name}: ${(said = now)}`);
      }
      const error = await page.evaluate('window.benchError');
      if (error) throw new Error(`${name}: ${error}`);
      const result = await page.evaluate('window.benchResult');
      if (!result.crossOriginIsolated)
        throw new Error(`${name}: the page was not cross-origin isolated`);
      if (!name.startsWith('restore')) result.heapBytes = await heapAfterGc(page);
      if (blocked.size) result.blockedHosts = [...blocked];
      if (GROUPS.stream.includes(name))
        result.heapAfterAnswer = await heapAfterOneAnswer(browser, base, origin, name);
      if (name === 'stream') result.freshThread = await freshThreads(browser, base, origin, name);
      if (GROUPS.block.includes(name)) {
        result.coldFirstRender = await coldFirstRenders(browser, base, origin, name, 'cold');
        result.coldStraightRender = await coldFirstRenders(
          browser,
          base,
          origin,
          name,
          'cold&straight',
        );
      }
      results[name] = result;
      console.log(JSON.stringify(result));
      await page.close();
    }
  } finally {
    await browser.close();
    server.httpServer.close();
  }
}

/**
 * Opens `name.html?query` in a browser context of its own (its own cache,
 * no network but the page's server), waits for its result and hands the
 * page and the result to `read` before the context closes.
 */
async function inFreshPage(browser, base, origin, name, query, read) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.route('**/*', (route) =>
    route.request().url().startsWith(origin) ? route.continue() : route.abort(),
  );
  try {
    const page = await context.newPage();
    await page.goto(`${base}${name}.html?${query}`);
    await page.waitForFunction('Boolean(window.benchResult || window.benchError)', null, {
      timeout: PAGE_TIMEOUT,
      polling: 500,
    });
    const error = await page.evaluate('window.benchError');
    if (error) throw new Error(`${name} (${query}): ${error}`);
    return await read(page, await page.evaluate('window.benchResult'));
  } finally {
    await context.close();
  }
}

/**
 * The first block of a fresh page, `COLD_RUNS` times after one warm-up (the
 * server and the disk warm, not the page): each run is a browser context of
 * its own, with its own cache, so the page compiles and upgrades everything
 * for the first time, as a reader's first answer does. `query` is `cold` (the
 * block comes once the loaded page has been idle, as an agent's first block
 * does) or `cold&straight` (it comes straight after the page's scripts ran).
 */
async function coldFirstRenders(browser, base, origin, name, query) {
  const samples = [];
  for (let run = 0; run <= COLD_RUNS; run++) {
    const time = await inFreshPage(browser, base, origin, name, query, (_, r) => r.coldFirstRender);
    if (run > 0) samples.push(time);
  }
  const sorted = samples.sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return {
    median: sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2,
    min: sorted[0],
    max: sorted.at(-1),
    runs: sorted.length,
  };
}

/**
 * The JS heap after one answer: a fresh page (its own browser context) builds
 * the 200-message thread and streams the 20,000-character answer once, with
 * no warm-up, the same for every system, so no system's heap holds code
 * compiled for more runs than another's. `bytes` is the median of
 * `HEAP_RUNS` such pages.
 */
async function heapAfterOneAnswer(browser, base, origin, name) {
  const runs = [];
  for (let run = 0; run < HEAP_RUNS; run++)
    runs.push(
      await inFreshPage(browser, base, origin, name, 'heap', async (page, { fed }) => ({
        bytes: await heapAfterGc(page),
        fed,
      })),
    );
  const bytes = runs.map((r) => r.bytes).sort((a, b) => a - b);
  return {
    bytes: bytes[bytes.length >> 1],
    min: bytes[0],
    max: bytes.at(-1),
    runs: runs.length,
    fed: Math.min(...runs.map((r) => r.fed)),
  };
}

/**
 * The first answer of a page that has just loaded, `FRESH_RUNS` times, each
 * in a browser context of its own (its own cache): the thread's lazily
 * loaded chunks arrive while that answer streams. The longest frame is the
 * worst run's: one long frame in one run is a frame a reader sees.
 */
async function freshThreads(browser, base, origin, name) {
  const runs = [];
  for (let run = 0; run < FRESH_RUNS; run++)
    runs.push(await inFreshPage(browser, base, origin, name, 'fresh', (_, result) => result));
  const perDelta = runs.map((r) => r.perDelta).sort((a, b) => a - b);
  return {
    runs: runs.length,
    longestFrame: Math.max(...runs.map((r) => r.longestFrame)),
    framesOver50ms: Math.max(...runs.map((r) => r.framesOver50ms)),
    perDelta: { median: perDelta[perDelta.length >> 1], min: perDelta[0], max: perDelta.at(-1) },
  };
}

/** JS heap in use after a forced, full garbage collection (DevTools protocol). */
async function heapAfterGc(page) {
  const cdp = await page.context().newCDPSession(page);
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}

results.durationSeconds = Math.round((Date.now() - started) / 1000);
results.date = new Date().toISOString();
results.machine = {
  cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
  cores: os.cpus().length,
  memoryGB: Math.round(os.totalmem() / 2 ** 30),
  os: `${os.type()} ${os.release()} (${os.arch()})`,
  node: process.version,
  browser: results.browser ?? null,
  // Other work on the machine during the run (1-minute load average, sampled every 15 s).
  loadAverage: {
    min: Math.min(...loads),
    max: Math.max(...loads),
    mean: loads.reduce((a, b) => a + b, 0) / loads.length,
  },
};
clearInterval(loadTimer);
delete results.browser;
log(`done in ${results.durationSeconds} s`);

if (write) {
  writeFileSync('bench/results.json', `${JSON.stringify(results, null, 2)}\n`);
  writeReport(results);
  log('wrote bench/results.json and the tables in BENCHMARKS.md');
}
