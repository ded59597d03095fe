import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { defaultReporter } from '@web/test-runner';
import { chromiumPath, CHROMIUM_ARGS } from './scripts/dev/chromium.mjs';
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

/** Writes pass/fail counts for scripts/dev/run-tests.mjs to total up. */
function countReporter() {
  return {
    onTestRunFinished({ sessions }) {
      let passed = 0;
      let failed = 0;
      const walk = (suite) => {
        for (const test of suite.tests) {
          if (test.skipped) continue;
          if (test.passed) passed++;
          else failed++;
        }
        suite.suites.forEach(walk);
      };
      for (const session of sessions) {
        if (session.testResults) walk(session.testResults);
        // A file that fails to load has no test results but is still a failure.
        if (!session.passed && (!session.testResults || session.errors?.length))
          failed += session.errors?.length ? 1 : 0;
      }
      mkdirSync('.test-results', { recursive: true });
      writeFileSync('.test-results/browser.json', JSON.stringify({ passed, failed }));
    },
  };
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
  ],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    }),
  ],
  concurrency: 2,
  testFramework: { config: { timeout: 10000 } },
  testRunnerHtml: (framework) =>
    `<!doctype html><html><body><script>globalThis.FUZZ_RUNS = ${FUZZ_RUNS};</script><script type="module" src="${framework}"></script></body></html>`,
  // A soak run's properties take minutes per file.
  testsFinishTimeout: FUZZ_RUNS ? 3_600_000 : 120_000,
  reporters: [defaultReporter(), countReporter()],
};
