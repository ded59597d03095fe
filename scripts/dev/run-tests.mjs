/**
 * `npm test`: build (the tests check what it produced), type-check, lint,
 * format check, locale check, Node tests, the browser tests in Chromium, Firefox
 * and WebKit, the Storybook build and the accessibility and visual checks of
 * every story in it (in Firefox and WebKit too), and a newcomer's path (a fresh
 * clone installed, started and asked the first question), all of them even
 * when one fails; then one summary line
 * `Tests: N passed, N failed` counting every test and every check.
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';

/** The story checks that run in every engine (the screenshots are Chromium's, story-checks.mjs). */
const STORIES_IN_ENGINES = 'stories/every-engine.test.ts';

const steps = [
  { name: 'build', command: 'npm', args: ['run', 'build', '--silent'] },
  { name: 'type-check', command: 'npx', args: ['tsc', '--noEmit', '-p', '.'] },
  { name: 'lint', command: 'npx', args: ['eslint', '.'] },
  { name: 'format', command: 'npx', args: ['prettier', '--check', '.'] },
  { name: 'locales', command: 'node', args: ['scripts/dev/check-locales.mjs'] },
  { name: 'node tests', command: 'npx', args: ['mocha'], count: mochaCounts },
  {
    name: 'browser tests (Chromium, Firefox, WebKit)',
    command: 'node',
    args: ['scripts/dev/browser-tests.mjs'],
    count: browserCounts,
    before: () => rmSync('.test-results/browser.json', { force: true }),
  },
  {
    name: 'storybook build',
    command: 'npx',
    args: ['storybook', 'build', '--quiet', '-o', 'storybook-static'],
  },
  {
    name: 'story checks',
    command: 'node',
    args: ['scripts/dev/story-checks.mjs'],
    count: storyCounts,
    before: () => rmSync('.test-results/stories.json', { force: true }),
  },
  {
    name: 'story checks in Firefox and WebKit',
    command: 'node',
    args: ['scripts/dev/browser-tests.mjs', '--engine', 'firefox,webkit', STORIES_IN_ENGINES],
    count: browserCounts,
    before: () => rmSync('.test-results/browser.json', { force: true }),
  },
  {
    // A fresh clone of this repository installed and started as the README says: slow (npm ci).
    name: 'newcomer path',
    command: 'npm',
    args: ['run', 'test:newcomer', '--silent'],
    count: mochaCounts,
  },
];

function run({ command, args }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
    });
    let output = '';
    const keep = (chunk, stream) => {
      output += chunk;
      stream.write(chunk);
    };
    child.stdout.on('data', (c) => keep(c, process.stdout));
    child.stderr.on('data', (c) => keep(c, process.stderr));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

function mochaCounts(output) {
  const plain = output.replace(new RegExp(String.fromCharCode(27) + '\\[[0-9;]*m', 'g'), '');
  const passed = Number(/(\d+) passing/.exec(plain)?.[1] ?? 0);
  const failed = Number(/(\d+) failing/.exec(plain)?.[1] ?? 0);
  return { passed, failed };
}

function countsFrom(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return { passed: 0, failed: 0 };
  }
}

function browserCounts() {
  return countsFrom('.test-results/browser.json');
}

function storyCounts() {
  return countsFrom('.test-results/stories.json');
}

let passed = 0;
let failed = 0;
const failures = [];
for (const step of steps) {
  console.log(`\n── ${step.name} ──`);
  step.before?.();
  const { code, output } = await run(step);
  if (step.count) {
    const counts = step.count(output);
    passed += counts.passed;
    failed += counts.failed;
    // A runner that failed without counting a failed test (crash, no browser) still fails.
    if (code !== 0 && counts.failed === 0) failed += 1;
    if (code !== 0) failures.push(step.name);
  } else if (code === 0) {
    passed += 1;
  } else {
    failed += 1;
    failures.push(step.name);
  }
}
console.log(failures.length ? `\nFailed: ${failures.join(', ')}` : '\nAll steps passed.');
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
