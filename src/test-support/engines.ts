import { executeServerCommand } from '@web/test-runner-commands';

/*
 * The browser engines the suite runs in (scripts/dev/engines.mjs) and what
 * their drivers cannot do. This is the one list of tests that do not run in
 * every engine: a test that needs something on it says so with `itNeeds`, and
 * in an engine without it the test is reported as not run, the reason in its
 * title; scripts/dev/browser-tests.mjs prints them all at the end of a run.
 */

export type Engine = 'chromium' | 'firefox' | 'webkit';

/** The engine this page runs in (web-test-runner.config.mjs sets it). */
export const engine: Engine = (globalThis as { TEST_ENGINE?: Engine }).TEST_ENGINE ?? 'chromium';

const NEEDS = {
  devtools: {
    missing: ['firefox', 'webkit'],
    why:
      "the heap size, the storage quota and clearing site data are read or set over Chromium's " +
      "DevTools protocol, which Firefox's and WebKit's drivers do not speak",
  },
  'emulated-media': {
    missing: ['firefox', 'webkit'],
    why:
      'forced colours and print are emulated over the DevTools protocol; WebDriver (BiDi or classic) ' +
      'has no command for them',
  },
  'audio-output': {
    missing: ['firefox'],
    why:
      "headless Firefox here has no audio output: its AudioContext stays suspended, and a tune's " +
      'clock never runs (rendering offline works)',
  },
  'shadow-selection': {
    missing: ['webkit'],
    why:
      "WebKit's document selection holds no range inside a shadow root, so what a copy " +
      'would give cannot be read',
  },
} satisfies Record<string, { missing: Engine[]; why: string }>;

export type Need = keyof typeof NEEDS;

/** Whether this engine's driver can do what `need` names. */
export function supports(need: Need): boolean {
  return !(NEEDS[need].missing as Engine[]).includes(engine);
}

/** `it` for a test that needs something not every engine's driver has (or nothing: `it`). */
export function itNeeds(need: Need | undefined, title: string, test: Mocha.AsyncFunc): void {
  if (!need || supports(need)) it(title, test);
  else it.skip(`${title} [not in ${engine}: ${NEEDS[need].why}]`, test);
}

/** Presses a key or a chord (`Space`, `Shift+Tab`), the same way in every engine. */
export function press(keys: string): Promise<unknown> {
  return executeServerCommand('keyboard', { press: keys });
}

/** Types `text` into the focused field, key by key, the same way in every engine. */
export function typeText(text: string): Promise<unknown> {
  return executeServerCommand('keyboard', { type: text });
}
