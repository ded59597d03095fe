/**
 * `npm run test:browser`: the browser suite in Chromium, Firefox and WebKit,
 * one web-test-runner run per engine; `-- --engine firefox` (or a list,
 * `--engine chromium,webkit`) runs fewer, and any other arguments go to
 * web-test-runner (`-- --engine webkit src/thread/elements/thread.test.ts`).
 *
 * WebKit's MiniBrowser needs a display and a WebDriver server, so this starts
 * Xvfb and WebKitWebDriver for its run and stops them after. The engines
 * run side by side on a machine with four cores or more, one after another
 * on a smaller one or with `--serial`.
 *
 * Prints each engine's count, the tests it cannot run (with the reason), the
 * ones that failed (with the first line of the error) and its time, and writes the totals to .test-results/browser.json for
 * scripts/dev/run-tests.mjs.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { ENGINES, engineExecutable, INSTALL_HINT } from './engines.mjs';

const args = process.argv.slice(2);
const engines = takeOption('--engine')?.split(',') ?? ENGINES;
const serial = takeFlag('--serial');
for (const engine of engines) {
  if (!ENGINES.includes(engine)) fail(`--engine ${engine}: the engines are ${ENGINES.join(', ')}.`);
  if (!engineExecutable(engine)) fail(`No ${engine} found: ${INSTALL_HINT[engine]}`);
}

mkdirSync('.test-results', { recursive: true });
rmSync('.test-results/browser.json', { force: true });

const results = {};
const runOne = async (engine) => {
  results[engine] = await runEngine(engine);
};
// Chromium runs two test files at a time, Firefox and WebKit one: side by side, three
// engines want four cores, or the busiest tests (a frame loading the MCP App, a
// 300,000-character answer) run out of time.
if (serial || availableParallelism() < 4) {
  for (const engine of engines) await runOne(engine);
} else {
  await Promise.all(engines.map(runOne));
}

let passed = 0;
let failed = 0;
console.log('\n── browser tests per engine ──');
for (const engine of engines) {
  const result = results[engine];
  passed += result.passed;
  failed += result.failed;
  console.log(
    `${engine}: ${result.passed} passed, ${result.failed} failed, ` +
      `${result.notInEngine.length} not run in this engine, ${result.seconds} s`,
  );
  for (const title of result.notInEngine) console.log(`  not in ${engine}: ${title}`);
  for (const failure of result.failures ?? []) console.log(`  FAILED in ${engine}: ${failure}`);
}
writeFileSync('.test-results/browser.json', JSON.stringify({ passed, failed }));
process.exit(engines.every((engine) => results[engine].code === 0) ? 0 : 1);

async function runEngine(engine) {
  const started = Date.now();
  const countsFile = `.test-results/browser-${engine}.json`;
  rmSync(countsFile, { force: true });
  const env = { ...process.env, TEST_ENGINE: engine };
  const helpers = engine === 'webkit' ? await startWebKitDriver(env) : [];
  let code;
  try {
    const child = spawn('npx', ['wtr', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
    // Side by side, each line says which engine wrote it.
    const prefix = engines.length > 1 ? `[${engine}] ` : '';
    for (const stream of ['stdout', 'stderr']) {
      let rest = '';
      child[stream].on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop();
        for (const line of lines) process[stream].write(prefix + line + '\n');
      });
    }
    let signal;
    [code, signal] = await once(child, 'close');
    if (signal) console.error(`The ${engine} run was ended by ${signal}.`);
  } finally {
    for (const helper of helpers.reverse()) {
      helper.killedByUs = true;
      helper.kill();
    }
  }
  let counts = { passed: 0, failed: 0, notInEngine: [] };
  try {
    counts = JSON.parse(readFileSync(countsFile, 'utf8'));
  } catch {
    // No counts: the run never reached its end (no browser, a crash).
  }
  // A run that failed without counting a failed test still fails.
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  return { ...counts, code: code ?? 1, seconds: Math.round((Date.now() - started) / 1000) };
}

/** Xvfb on a free display and WebKitWebDriver on a free port, for MiniBrowser. */
async function startWebKitDriver(env) {
  const xvfb = spawn(
    'Xvfb',
    ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const [display] = await once(xvfb.stdout, 'data');
  env.DISPLAY = `:${String(display).trim()}`;
  env.WEBKIT_DRIVER_PORT = String(await freePort());
  const driver = spawn('WebKitWebDriver', [`--port=${env.WEBKIT_DRIVER_PORT}`], {
    stdio: 'ignore',
    env,
  });
  await waitForPort(Number(env.WEBKIT_DRIVER_PORT));
  // Either one gone mid-run ends the WebKit run early: say which.
  for (const [name, child] of [
    ['Xvfb', xvfb],
    ['WebKitWebDriver', driver],
  ])
    child.on('exit', (code, signal) => {
      if (!child.killedByUs)
        console.error(`${name} exited during the WebKit run (${signal ?? code}).`);
    });
  return [xvfb, driver];
}

async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

async function waitForPort(port) {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/status`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  fail(`WebKitWebDriver did not answer on port ${port}.`);
}

function takeOption(name) {
  const at = args.indexOf(name);
  if (at === -1) return undefined;
  const [, value] = args.splice(at, 2);
  if (!value) fail(`${name} needs a value.`);
  return value;
}

function takeFlag(name) {
  const at = args.indexOf(name);
  if (at !== -1) args.splice(at, 1);
  return at !== -1;
}

function fail(message) {
  console.error(message);
  process.exit(1);
}
