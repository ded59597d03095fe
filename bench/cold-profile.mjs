/**
 * Where a cold first render of a block spends its time:
 *
 *   node bench/cold-profile.mjs [runs]
 *
 * Serves bench/pages unbundled (Vite's dev server, so every module keeps its
 * own URL), opens the block page with `?cold` in a fresh browser context per
 * run, records a CPU profile (DevTools protocol, 50 µs sampling) of the
 * page's one render (the page brackets it with console.profile()), and
 * prints the self time of each source module, mean per run, largest first.
 * The modules are loaded and evaluated before the window; what a function
 * costs to compile on its first call falls inside it.
 */
import { createServer } from 'vite';
import { chromium } from 'playwright';
import { chromiumPath, CHROMIUM_ARGS } from '../scripts/dev/chromium.mjs';
import { oxc } from '../scripts/build/build-options.mjs';

const runs = Number(process.argv[2] ?? 5);
const server = await createServer({
  root: 'bench/pages',
  configFile: false,
  logLevel: 'warn',
  oxc,
  server: { host: '127.0.0.1', port: 0 },
});
await server.listen();
const base = server.resolvedUrls.local[0];
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });

/** A module's name for the table: its path in the repository or its package. */
const moduleOf = (url) => {
  if (!url) return '(V8: compile, GC, idle)';
  const path = new URL(url).pathname.replace(/^\/@fs/, '');
  const pkg = path.match(/node_modules\/(?:\.vite\/deps\/)?((?:@[^/]+\/)?[^/_.]+)/);
  if (pkg) return pkg[1];
  return path.replace(/^.*?\/(src|bench)\//, '$1/').replace(/\?.*$/, '');
};

const self = new Map();
const windows = [];
try {
  for (let run = 0; run <= runs; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
    // The page wraps its one render in console.profile(): the profile covers exactly that window.
    const recorded = new Promise((resolve) =>
      cdp.on('Profiler.consoleProfileFinished', ({ profile }) => resolve(profile)),
    );
    await page.goto(`${base}block.html?cold&profile`);
    await page.waitForFunction('Boolean(window.benchResult || window.benchError)', null, {
      timeout: 60_000,
    });
    const profile = await recorded;
    const result = await page.evaluate('window.benchResult');
    await context.close();
    // The first run warms Vite's transform cache, not the page.
    if (run === 0) continue;
    windows.push(result.coldFirstRender);
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    profile.samples.forEach((id, i) => {
      const node = nodes.get(id);
      const name = node.callFrame.functionName === '(idle)' ? null : moduleOf(node.callFrame.url);
      if (name) self.set(name, (self.get(name) ?? 0) + profile.timeDeltas[i] / 1000);
    });
  }
} finally {
  await browser.close();
  await server.close();
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
console.log(
  `cold first render (unbundled, with the profiler on), per run: ${windows.map((t) => t.toFixed(1)).join(', ')} ms`,
);
console.log(
  `self time by module, mean per run (${runs} runs; ${(total / runs).toFixed(1)} ms sampled per run):`,
);
for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(`${(ms / runs).toFixed(2).padStart(8)} ms  ${name}`);
