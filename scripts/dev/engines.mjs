/**
 * The three browser engines the browser tests run in, each driven through
 * the browser a Debian machine installs: Chromium over Playwright, Firefox
 * ESR over WebDriver BiDi (Puppeteer, without its own browser download) and
 * WebKitGTK's MiniBrowser over WebDriver classic. `TEST_ENGINE` picks one for
 * a web-test-runner run; scripts/dev/browser-tests.mjs runs them all.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromiumPath, CHROMIUM_ARGS } from './chromium.mjs';

export const ENGINES = ['chromium', 'firefox', 'webkit'];

/** Where the WebKit run's WebDriver server listens (browser-tests.mjs starts it). */
export const WEBKIT_DRIVER_PORT = Number(process.env.WEBKIT_DRIVER_PORT) || 4445;

const FIREFOX = ['/usr/bin/firefox-esr', '/usr/bin/firefox'];
const MINIBROWSER = [
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.0/MiniBrowser',
];

/** The engine a web-test-runner run uses: TEST_ENGINE, Chromium by default. */
export function currentEngine() {
  const engine = process.env.TEST_ENGINE || 'chromium';
  if (!ENGINES.includes(engine)) {
    throw new Error(`TEST_ENGINE=${engine}: the engines are ${ENGINES.join(', ')}.`);
  }
  return engine;
}

/** The executable an engine needs, or undefined when it is not installed. */
export function engineExecutable(engine) {
  if (engine === 'chromium') return chromiumPath();
  const found = (engine === 'firefox' ? FIREFOX : MINIBROWSER).find((path) => existsSync(path));
  return found;
}

/** How to install an engine that is missing. */
export const INSTALL_HINT = {
  chromium: 'sudo apt-get install -y chromium',
  firefox: 'sudo apt-get install -y firefox-esr',
  webkit: 'sudo apt-get install -y webkit2gtk-driver xvfb',
};

/** The web-test-runner launcher for an engine. */
export async function engineLauncher(engine) {
  const executablePath = engineExecutable(engine);
  if (!executablePath) {
    throw new Error(`No ${engine} found for the browser tests: ${INSTALL_HINT[engine]}`);
  }
  if (engine === 'chromium') {
    const { playwrightLauncher } = await import('@web/test-runner-playwright');
    return playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath, args: CHROMIUM_ARGS },
    });
  }
  if (engine === 'firefox') {
    const { puppeteerLauncher } = await import('@web/test-runner-puppeteer');
    toleratePageOrientation();
    return puppeteerLauncher({
      // A first start with a fresh profile has taken over puppeteer's 30 s on a busy machine.
      launchOptions: { browser: 'firefox', executablePath, headless: true, timeout: 60_000 },
      // A window per test file, not a tab: Firefox hides every tab but the
      // front one, and a hidden page gets no frames, resize observations or
      // timely timers.
      createPage: ({ browser }) => browser.newPage({ type: 'window' }),
    });
  }
  const { webdriverLauncher } = await import('@web/test-runner-webdriver');
  return webdriverLauncher({
    automationProtocol: 'webdriver',
    hostname: '127.0.0.1',
    port: WEBKIT_DRIVER_PORT,
    logLevel: 'error',
    capabilities: {
      browserName: 'MiniBrowser',
      'wdio:enforceWebDriverClassic': true,
      'webkitgtk:browserOptions': { binary: executablePath, args: ['--automation'] },
    },
  });
}

/**
 * Puppeteer sets a page's screen orientation with every viewport, and Firefox ESR 140 has no
 * such command: the viewport is set and the test runner's call fails. The orientation is left
 * as it is where Firefox does not know the command (the tests never change it).
 */
function toleratePageOrientation() {
  const require = createRequire(
    createRequire(import.meta.url).resolve('@web/test-runner-puppeteer'),
  );
  const { BrowsingContext } = require('puppeteer-core/internal/bidi/core/BrowsingContext.js');
  const set = BrowsingContext.prototype.setScreenOrientationOverride;
  if (set.tolerant) return;
  BrowsingContext.prototype.setScreenOrientationOverride = Object.assign(
    async function (...args) {
      try {
        return await set.apply(this, args);
      } catch (error) {
        if (!String(error?.message).includes('unknown command')) throw error;
      }
    },
    { tolerant: true },
  );
}
