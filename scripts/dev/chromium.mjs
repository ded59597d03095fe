import { existsSync } from 'node:fs';

/** Where Chromium usually lives; CHROME_PATH overrides them all. */
const CANDIDATES = [
  '/usr/lib/chromium/chromium',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

/** Flags that keep a headless Chromium quiet on a machine without internet. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Returns the Chromium executable or exits with instructions to get one. */
export function chromiumPath() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    fail(`CHROME_PATH is set to ${fromEnv}, but no file is there.`);
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (found) return found;
  fail('No Chromium found for the browser tests.');
}

function fail(reason) {
  console.error(`\n${reason}
The browser tests run in a real Chromium. Either:
  - install it:  sudo apt-get install -y chromium     (Debian/Ubuntu)
  - or point at one you have:  CHROME_PATH=/path/to/chrome npm test
`);
  process.exit(1);
}
