import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import { currentEngine, engineLauncher } from './scripts/dev/engines.mjs';
import { register as registerTsx } from 'tsx/esm/api';

// The back ends the browser tests talk to on loopback, mounted on this
// server: each module of test/servers/ that exports `middleware()`. Some are
// TypeScript, which tsx loads, and some load their agent once more on ai@7,
// which the ai-major hooks allow.
registerTsx();
await import('./scripts/dev/ai-major.mjs');
const serverDir = new URL('./test/servers/', import.meta.url);
const testServers = (
  await Promise.all(
    readdirSync(serverDir)
      .filter((name) => /\.(mjs|ts)$/.test(name) && !name.endsWith('.test.ts'))
      .sort()
      .map((name) => import(new URL(name, serverDir).href)),
  )
).filter((server) => typeof server.middleware === 'function');

const engine = currentEngine();

/**
 * Writes this engine's counts for scripts/dev/browser-tests.mjs to total up,
 * with the title of each test the engine cannot run (src/test-support/engines.ts
 * names the reason in the title).
 */
function countReporter() {
  return {
    onTestRunFinished({ sessions }) {
      let passed = 0;
      let failed = 0;
      const notInEngine = [];
      // Each failure with its file and the first line of its error, so the end of a long log names it.
      const failures = [];
      const firstLine = (error) => {
        const line = String(error?.message ?? error ?? '').split('\n')[0];
        return line.length > 300 ? `${line.slice(0, 300)}…` : line;
      };
      const walk = (suite, file, path) => {
        for (const test of suite.tests) {
          if (test.skipped) notInEngine.push(test.name);
          else if (test.passed) passed++;
          else {
            failed++;
            failures.push(`${file}: ${[...path, test.name].join(' › ')}: ${firstLine(test.error)}`);
          }
        }
        for (const child of suite.suites) walk(child, file, [...path, child.name]);
      };
      for (const session of sessions) {
        const file = session.testFile.replace(`${process.cwd()}/`, '');
        if (session.testResults) walk(session.testResults, file, []);
        // A file that fails to load, or errs outside its tests, is a failure of its own.
        if (!session.passed && session.errors?.length) {
          failed++;
          failures.push(`${file}: ${firstLine(session.errors[0])}`);
        }
      }
      mkdirSync('.test-results', { recursive: true });
      writeFileSync(
        `.test-results/browser-${engine}.json`,
        JSON.stringify({ passed, failed, notInEngine, failures }),
      );
    },
  };
}

/**
 * Names a test file that runs long: when it ends after more than a minute, and while it still
 * runs after four, so a log whose run ran out of time says which file held it. (The runner
 * reports progress only as files end.) Sessions are looked at every few seconds.
 */
function slowFileReporter() {
  const started = new Map();
  const warned = new Set();
  let timer;
  const say = (session, what) =>
    process.stdout.write(`${session.testFile.replace(`${process.cwd()}/`, '')} ${what}\n`);
  const look = (sessions) => {
    const now = Date.now();
    for (const session of sessions) {
      const running = session.status === 'INITIALIZING' || session.status === 'TEST_STARTED';
      const since = started.get(session.id);
      if (running && since === undefined) started.set(session.id, now);
      else if (!running && since !== undefined) {
        started.delete(session.id);
        const seconds = Math.round((now - since) / 1000);
        if (seconds > 60) say(session, `took about ${seconds} s in ${engine}`);
      } else if (running && now - since > 240_000 && !warned.has(session.id)) {
        warned.add(session.id);
        say(session, `still runs in ${engine} after 240 s`);
      }
    }
  };
  return {
    start({ sessions }) {
      timer = setInterval(() => look(sessions.all()), 5_000);
      timer.unref();
    },
    stop({ sessions }) {
      clearInterval(timer);
      look(sessions);
    },
  };
}

/** A command that exists only over Chromium's DevTools protocol says so elsewhere. */
function onlyInChromium(command) {
  if (engine !== 'chromium') {
    throw new Error(
      `${command} needs Chromium's DevTools protocol; a test that uses it in ${engine} ` +
        'must be listed in src/test-support/engines.ts.',
    );
  }
}

/**
 * Test commands that reach Chromium's DevTools protocol: shrink the page
 * origin's storage quota, or close its IndexedDB connections as clearing
 * site data does. A quota override lasts as long as its DevTools session,
 * so that session stays open until the quota is set again.
 */
function storageFaults() {
  const quotaSessions = new Map();
  return {
    name: 'storage-faults',
    async executeCommand({ command, payload, session }) {
      if (command !== 'set-storage-quota' && command !== 'clear-indexeddb') return undefined;
      onlyInChromium(command);
      const page = session.browser.getPage(session.id);
      const origin = new URL(page.url()).origin;
      if (command === 'clear-indexeddb') {
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'indexeddb' });
        await cdp.detach();
        return true;
      }
      await quotaSessions
        .get(session.id)
        ?.detach()
        .catch(() => undefined);
      quotaSessions.delete(session.id);
      if (payload?.bytes == null) return true;
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: payload.bytes });
      quotaSessions.set(session.id, cdp);
      return true;
    },
  };
}

/**
 * `heap-after-gc`: the bytes the page's heap holds once garbage has been
 * collected, for leak tests. It counts Blink's heap as well as V8's, since a
 * leaked element keeps most of its weight in the DOM.
 */
function heapAfterGc() {
  return {
    name: 'heap-after-gc',
    async executeCommand({ command, session }) {
      if (command !== 'heap-after-gc') return undefined;
      onlyInChromium(command);
      const page = session.browser.getPage(session.id);
      const cdp = await page.context().newCDPSession(page);
      try {
        // One pass can leave what a finaliser or weak reference freed only during it.
        for (let pass = 0; pass < 3; pass++) await cdp.send('HeapProfiler.collectGarbage');
        const { usedSize, embedderHeapUsedSize } = await cdp.send('Runtime.getHeapUsage');
        return usedSize + embedderHeapUsedSize;
      } finally {
        await cdp.detach();
      }
    },
  };
}

/** WebDriver's codes for the named keys the tests press (WebDriver spec, "keyboard actions"). */
const WEBDRIVER_KEYS = {
  Backspace: '\uE003',
  Tab: '\uE004',
  Enter: '\uE007',
  Shift: '\uE008',
  Control: '\uE009',
  Alt: '\uE00A',
  Escape: '\uE00C',
  Space: ' ',
  End: '\uE010',
  Home: '\uE011',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Delete: '\uE017',
};

/**
 * `keyboard`: types text or presses a key or chord (`Shift+Tab`) alike in
 * every engine. The runner's own `sendKeys` cannot: Firefox's driver knows no
 * key named `Space` and presses no chords, and over WebDriver classic it
 * holds every key down before letting any go, so a doubled letter or a space
 * is lost. Here each key goes down and up in turn, a chord's modifiers held
 * around its last key.
 */
function keyboard() {
  return {
    name: 'keyboard',
    async executeCommand({ command, payload, session }) {
      if (command !== 'keyboard') return undefined;
      const { type, press } = payload;
      const chord = press === undefined ? [] : press.split('+');
      const last = chord.pop();
      if (session.browser.type !== 'webdriver') {
        const { keyboard: keys } = session.browser.getPage(session.id);
        if (type !== undefined) await keys.type(type);
        else {
          for (const key of chord) await keys.down(key);
          await keys.press(last === 'Space' ? ' ' : last);
          for (const key of chord.reverse()) await keys.up(key);
        }
        return true;
      }
      const code = (key) => WEBDRIVER_KEYS[key] ?? key;
      const tap = (key) => [
        { type: 'keyDown', value: code(key) },
        { type: 'keyUp', value: code(key) },
      ];
      const actions =
        type !== undefined
          ? [...type].flatMap(tap)
          : [
              ...chord.map((key) => ({ type: 'keyDown', value: code(key) })),
              ...tap(last),
              ...chord.reverse().map((key) => ({ type: 'keyUp', value: code(key) })),
            ];
      await session.browser.driverManager.performActions(session.id, [
        { type: 'key', id: 'keyboard', actions },
      ]);
      return true;
    },
  };
}

/** `npm run test:soak` sets FUZZ_RUNS; property tests read it as globalThis.FUZZ_RUNS (src/test-support/fuzz.ts). */
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS) || 0;

export default {
  files: ['src/**/*.test.ts', '!src/**/*.node.test.ts', 'playground/**/*.browser.test.ts'],
  nodeResolve: { exportConditions: ['browser', 'development'] },
  middleware: testServers.map((server) => server.middleware()),
  plugins: [
    esbuildPlugin({ ts: true, tsconfig: './tsconfig.json', target: 'esnext' }),
    storageFaults(),
    heapAfterGc(),
    keyboard(),
  ],
  browsers: [await engineLauncher(engine)],
  // One test file at a time but in Chromium, whose pages Playwright gives a focus each: in
  // Firefox only one window has the keyboard's focus (a key or a focus ring could land in
  // another file's page), and WebKit's WebDriver server drives one window.
  concurrency: engine === 'chromium' ? 2 : 1,
  testFramework: { config: { timeout: 10000 } },
  testRunnerHtml: (framework) =>
    '<!doctype html><html><body>' +
    `<script>globalThis.FUZZ_RUNS = ${FUZZ_RUNS}; globalThis.TEST_ENGINE = '${engine}';</script>` +
    `<script type="module" src="${framework}"></script></body></html>`,
  // A soak run's properties take minutes per file; the stories take minutes in WebKit.
  testsFinishTimeout: FUZZ_RUNS ? 3_600_000 : 600_000,
  // Firefox's first start with a fresh profile can take longer than the default 30 s.
  browserStartTimeout: 60_000,
  reporters: [defaultReporter(), countReporter(), slowFileReporter()],
};
