/**
 * Accessibility and visual checks on every Storybook story (`npm run
 * test:stories`, and a step of `npm test` after the Storybook build).
 *
 * Serves `storybook-static/` on 127.0.0.1, opens every story of its
 * index.json in Chromium at 320, 375 and 1280 px, in the light and dark theme,
 * left-to-right and right-to-left, with reduced motion and every request off
 * the loopback address blocked. In each of those eight variants:
 *
 * - axe-core (WCAG 2.0/2.1 A and AA, WCAG 2.2 AA, target size included) must report no violation;
 * - at 1280 px in the first variant, Chromium's accessibility tree must hold every word and
 *   number the story shows, and every value and the summary of each chart (what a screen
 *   reader has of it);
 * - the page must not scroll sideways (content wider than the viewport);
 * - nothing may reach beyond 127.0.0.1.
 *
 * One story per element is also checked in forced colours (Windows high
 * contrast, with the dark palette), with the keyboard focus on its first
 * control, so that its screenshot shows the focus ring.
 *
 * Left-to-right variants at 320 and 1280 px are also screenshotted (the story's content, height
 * capped) and compared with the committed baselines in
 * `stories/__screenshots__/`: a real layout change fails, anti-aliasing noise
 * does not. `UPDATE_BASELINES=1` (or `--update`) rewrites the baselines;
 * a failed comparison leaves the actual image and a diff in
 * `.test-results/stories/`. `--grep <text>` checks only story ids containing
 * the text. Counts go to `.test-results/stories.json` for run-tests.mjs.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright';
import { PNG } from 'pngjs';
import pixelmatch from 'pixelmatch';
import { chromiumPath, CHROMIUM_ARGS } from './chromium.mjs';
import { serve } from './serve-static.mjs';
import {
  blurInPage,
  layoutInPage,
  settleInPage,
  shownInPage,
  watchRendersInPage,
} from './story-checks-page.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
const argv = process.argv.slice(2);
const option = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const STATIC_DIR = resolve(ROOT, option('--dir') ?? 'storybook-static');
const BASELINES = join(ROOT, 'stories', '__screenshots__');
const RESULTS = join(ROOT, '.test-results', 'stories');
const UPDATE = argv.includes('--update') || process.env.UPDATE_BASELINES === '1';
const GREP = option('--grep');

/** 320 and 375 px are the narrow phones the origin design names; 1280 px a desktop. */
const WIDTHS = [320, 375, 1280];
/** Screenshots at the narrowest and the widest width; 375 px is checked for axe and sideways scrolling. */
const SHOT_WIDTHS = [320, 1280];
/** Each step changes one global from the previous one, so every variant costs one re-render. */
const VARIANTS = [
  { theme: 'light', direction: 'ltr' },
  { theme: 'dark', direction: 'ltr' },
  { theme: 'dark', direction: 'rtl' },
  { theme: 'light', direction: 'rtl' },
];
/** One story per element, also checked in forced colours. */
const FORCED_COLORS_STORIES = new Set([
  'block--every-component',
  'components-chart--line',
  'components-evidence--open',
  'components-followupform--before-submit',
  'components-maplocation--with-tiles',
  'components-metric--metric-row',
  'components-section--nested',
  'components-stack--horizontal',
  'components-table--sorted-by-flow',
  'components-text--all-variants',
  'thread--final-answer-folding',
]);
const FORCED_COLORS = { theme: 'dark', direction: 'ltr', forcedColors: true };
/** The variants a story is checked in. */
const variantsOf = (id) =>
  FORCED_COLORS_STORIES.has(id) ? [...VARIANTS, FORCED_COLORS] : VARIANTS;
/** Tall enough that the lazily drawn charts and maps of a long story are in view, and drawn. */
const VIEWPORT_HEIGHT = 2400;
/** Screenshots stop here: enough for any story, small enough to commit. */
const MAX_SHOT_HEIGHT = 2400;
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** The width at which each story's accessibility tree is read (it holds the same at every width). */
const TRANSCRIPT_WIDTH = 1280;
/** pixelmatch's per-pixel colour threshold, and the share of pixels allowed to differ (anti-aliasing). */
const PIXEL_THRESHOLD = 0.1;
const ALLOWED_DIFF = 0.002;
/** A story that has not settled by then is a failure (a chart or map that never draws), not a wait. */
const SETTLE_TIMEOUT = 20_000;

/**
 * Args a story gets from the URL for the checks, by id prefix: thread
 * stories replay their parts without delays, so a check waits for nothing.
 * URL args apply only when the page loads, so these stories are loaded
 * afresh; every other story is switched to in the loaded page.
 */
const URL_ARGS = { 'thread--': 'interval:0' };
const urlArgs = (id) => Object.entries(URL_ARGS).find(([prefix]) => id.startsWith(prefix))?.[1];

function storyUrl(origin, id, { theme, direction }) {
  const args = urlArgs(id);
  return `${origin}/iframe.html?id=${encodeURIComponent(id)}&viewMode=story&globals=theme:${theme};direction:${direction}${args ? `&args=${args}` : ''}`;
}

function shotName(id, width, variant) {
  return `${id}.${width}.${variant.forcedColors ? 'forced-colors' : variant.theme}.png`;
}

/** Compares a screenshot with its baseline; returns a failure message or null. */
function compare(name, actualBuffer) {
  const baselinePath = join(BASELINES, name);
  if (UPDATE) {
    writeFileSync(baselinePath, actualBuffer);
    return null;
  }
  const fail = (message, diff) => {
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(join(RESULTS, name.replace(/\.png$/, '.actual.png')), actualBuffer);
    if (diff)
      writeFileSync(join(RESULTS, name.replace(/\.png$/, '.diff.png')), PNG.sync.write(diff));
    return message;
  };
  if (!existsSync(baselinePath))
    return fail(`no baseline ${name} (run with UPDATE_BASELINES=1 to create it)`);
  const expected = PNG.sync.read(readFileSync(baselinePath));
  const actual = PNG.sync.read(actualBuffer);
  if (expected.width !== actual.width || expected.height !== actual.height) {
    return fail(
      `${name}: size ${actual.width}×${actual.height}, baseline ${expected.width}×${expected.height}`,
    );
  }
  const diff = new PNG({ width: actual.width, height: actual.height });
  const differing = pixelmatch(expected.data, actual.data, diff.data, actual.width, actual.height, {
    threshold: PIXEL_THRESHOLD,
  });
  const share = differing / (actual.width * actual.height);
  return share > ALLOWED_DIFF
    ? fail(`${name}: ${(share * 100).toFixed(2)}% of pixels differ (${differing})`, diff)
    : null;
}

/**
 * What a screen reader has of the page: the name, description and value of every node of
 * Chromium's own accessibility tree (the DevTools protocol's, shadow roots included).
 */
async function transcriptOf(page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    return nodes
      .filter((node) => !node.ignored)
      .flatMap((node) => [node.name?.value, node.description?.value, node.value?.value])
      .filter((text) => typeof text === 'string' && text)
      .join('\n');
  } finally {
    await cdp.detach();
  }
}

/**
 * The fragments of `texts` a screen reader would not hear: each word and number of a fragment
 * must be in the transcript (a figure may be said otherwise, "▲ +7%" as "up 7%", but its
 * numbers and words are there).
 */
function unheard(transcript, texts) {
  const heard = transcript.toLowerCase();
  const words = (text) => text.match(/\p{N}+|\p{L}+/gu) ?? [];
  return texts.filter((text) => words(text).some((word) => !heard.includes(word.toLowerCase())));
}

/** Runs every story at one width in its own page; returns failures by story id and kind. */
async function checkWidth(browser, origin, stories, width, failures, axeSource, userAgent) {
  const context = await browser.newContext({
    viewport: { width, height: VIEWPORT_HEIGHT },
    reducedMotion: 'reduce',
    colorScheme: 'light',
    // Storybook then pauses CSS animations itself instead of waiting for them to end after each render.
    userAgent: `${userAgent} StorybookTestRunner`,
  });
  const blocked = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1' || url.protocol === 'data:' || url.protocol === 'blob:')
      return route.continue();
    blocked.push(url.href);
    return route.abort('blockedbyclient');
  });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const fail = (id, kind, message) => {
    const entry = failures.get(id) ?? { axe: [], visual: [] };
    entry[kind].push(message);
    failures.set(id, entry);
  };

  const finishedCount = (id) =>
    page.evaluate((storyId) => window.__storyChecks?.finished[storyId] ?? 0, id);
  const waitFinished = (id, count) =>
    page.waitForFunction(
      ([storyId, n]) => (window.__storyChecks.finished[storyId] ?? 0) > n,
      [id, count],
      { timeout: SETTLE_TIMEOUT, polling: 20 },
    );
  const emit = (event, payload) =>
    page.evaluate(([e, p]) => window.__STORYBOOK_ADDONS_CHANNEL__.emit(e, p), [event, payload]);
  /**
   * Re-renders the current story with new globals. Storybook runs a play
   * function only when a story is mounted, not when it re-renders, so a
   * story with one (a thread replaying its parts, a chart switched to its
   * table) is then mounted afresh: the check sees it finished, as on first load.
   */
  const setGlobals = async (id, globals, { remount }) => {
    let before = await finishedCount(id);
    await emit('updateGlobals', { globals });
    await waitFinished(id, before);
    if (
      !remount ||
      !(await page.evaluate(() =>
        Boolean(window.__STORYBOOK_PREVIEW__.currentRender?.story?.playFunction),
      ))
    )
      return;
    before = await finishedCount(id);
    await emit('forceRemount', { storyId: id });
    await waitFinished(id, before);
  };
  let loaded = false;
  let current;

  for (const id of stories) {
    const tag = (variant) =>
      `${width}px ${variant.forcedColors ? 'forced colors' : `${variant.theme} ${variant.direction}`}`;
    blocked.length = 0;
    pageErrors.length = 0;
    if (!loaded || urlArgs(id) || (current && urlArgs(current))) {
      await page.goto(storyUrl(origin, id, VARIANTS[0]));
      await page.waitForFunction(
        () =>
          window.__STORYBOOK_ADDONS_CHANNEL__ &&
          window.__STORYBOOK_PREVIEW__?.currentRender?.phase === 'finished',
        null,
        {
          timeout: SETTLE_TIMEOUT,
          polling: 20,
        },
      );
      await page.evaluate(watchRendersInPage);
      await page.addScriptTag({ content: axeSource });
      loaded = true;
    } else {
      // Back to the first variant's globals (re-rendering the story before), then switch.
      await setGlobals(current, VARIANTS[0], { remount: false });
      const before = await finishedCount(id);
      await emit('setCurrentStory', { storyId: id, viewMode: 'story' });
      await waitFinished(id, before);
    }
    current = id;

    for (const [i, variant] of variantsOf(id).entries()) {
      const { theme, direction } = variant;
      if (variant.forcedColors)
        await page.emulateMedia({ forcedColors: 'active', colorScheme: 'dark' });
      if (i > 0) await setGlobals(id, { theme, direction }, { remount: true });
      let waiting = await page.evaluate(settleInPage, SETTLE_TIMEOUT);
      if (variant.forcedColors) {
        await page.keyboard.press('Tab');
        waiting = await page.evaluate(settleInPage, SETTLE_TIMEOUT);
      }
      for (const what of waiting) fail(id, 'visual', `${tag(variant)}: ${what} not drawn`);
      const errors = await page.evaluate(() => window.__storyChecks.errors.splice(0));
      for (const error of [...errors, ...pageErrors.splice(0)])
        fail(id, 'axe', `${tag(variant)}: error: ${error}`);

      const { violations } = await page.evaluate(
        (tags) =>
          window.axe.run(document, {
            runOnly: { type: 'tag', values: tags },
            resultTypes: ['violations'],
            iframes: false,
          }),
        AXE_TAGS,
      );
      for (const v of violations) {
        const nodes = v.nodes
          .map(
            (n) =>
              `      ${n.target.join(' > ')}: ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`,
          )
          .join('\n');
        fail(id, 'axe', `${tag(variant)}: ${v.id} (${v.impact}): ${v.help}\n${nodes}`);
      }

      if (i === 0 && width === TRANSCRIPT_WIDTH) {
        // Everything a sighted reader sees, and every value a chart draws, reaches a screen reader.
        const { shown, drawn } = await page.evaluate(shownInPage);
        const missing = unheard(await transcriptOf(page), [...shown, ...drawn]);
        if (missing.length)
          fail(
            id,
            'axe',
            `${tag(variant)}: shown but not in the accessibility tree: ${missing
              .slice(0, 5)
              .map((text) => JSON.stringify(text.slice(0, 80)))
              .join(', ')}`,
          );
      }

      const { clip, overflow } = await page.evaluate(layoutInPage, MAX_SHOT_HEIGHT);
      if (overflow > 0)
        fail(id, 'visual', `${tag(variant)}: the page scrolls sideways by ${overflow}px`);
      if (variant.direction === 'ltr' && clip && SHOT_WIDTHS.includes(width)) {
        const shoot = () => page.screenshot({ clip, caret: 'hide' });
        let problem = compare(shotName(id, width, variant), await shoot());
        // A loaded machine can paint a frame late (a chart redrawn after an in-place update): settle once more and look again.
        // Only a difference that is still there the second time is a failure.
        if (problem && !UPDATE) {
          await page.evaluate(settleInPage, SETTLE_TIMEOUT);
          await new Promise((done) => setTimeout(done, 250));
          problem = compare(shotName(id, width, variant), await shoot());
        }
        if (problem) fail(id, 'visual', problem);
      }
      for (const url of blocked.splice(0))
        fail(id, 'axe', `${tag(variant)}: request off 127.0.0.1 blocked: ${url}`);
      if (variant.forcedColors) {
        await page.evaluate(blurInPage);
        await page.emulateMedia({ forcedColors: 'none', colorScheme: 'light' });
      }
    }
    process.stdout.write(failures.has(id) ? 'F' : '.');
  }
  await context.close();
}

async function main() {
  const started = Date.now();
  if (!existsSync(join(STATIC_DIR, 'index.json'))) {
    console.error(`No built Storybook in ${STATIC_DIR}: run \`npm run build-storybook\` first.`);
    process.exit(1);
  }
  const index = JSON.parse(readFileSync(join(STATIC_DIR, 'index.json'), 'utf8'));
  const stories = Object.values(index.entries)
    .filter((entry) => entry.type === 'story' && (!GREP || entry.id.includes(GREP)))
    .map((entry) => entry.id)
    .sort();
  const axeSource = readFileSync(
    createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
    'utf8',
  );
  mkdirSync(BASELINES, { recursive: true });
  rmSync(RESULTS, { recursive: true, force: true });

  const server = await serve(STATIC_DIR);
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const failures = new Map();
  try {
    const probe = await browser.newPage();
    const userAgent = await probe.evaluate(() => navigator.userAgent);
    await probe.close();
    await Promise.all(
      WIDTHS.map((width) =>
        checkWidth(browser, origin, stories, width, failures, axeSource, userAgent),
      ),
    );
  } finally {
    await browser.close();
    server.close();
  }

  // A full update also drops the baselines of stories that are gone.
  if (UPDATE && !GREP) {
    const shot = (id) => variantsOf(id).filter((variant) => variant.direction === 'ltr');
    const expected = new Set(
      stories.flatMap((id) =>
        SHOT_WIDTHS.flatMap((width) => shot(id).map((variant) => shotName(id, width, variant))),
      ),
    );
    for (const name of readdirSync(BASELINES))
      if (name.endsWith('.png') && !expected.has(name)) rmSync(join(BASELINES, name));
  }

  let passed = 0;
  let failed = 0;
  console.log('\n');
  for (const id of stories) {
    const entry = failures.get(id);
    for (const kind of ['axe', 'visual']) {
      if (entry?.[kind].length) {
        failed += 1;
        console.log(`✗ ${kind}: ${id}\n${entry[kind].map((m) => `    ${m}`).join('\n')}`);
      } else passed += 1;
    }
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(
    `${stories.length} stories × ${WIDTHS.length} widths × ${VARIANTS.length} theme/direction variants` +
      ` (and forced colours for ${stories.filter((id) => FORCED_COLORS_STORIES.has(id)).length}) in ${seconds}s` +
      `${UPDATE ? ' (baselines rewritten)' : ''}: ${passed} passing, ${failed} failing`,
  );
  if (failed > 0 && !UPDATE)
    console.log(
      `Actual and diff images of changed screenshots: ${join('.test-results', 'stories')}`,
    );
  mkdirSync(join(ROOT, '.test-results'), { recursive: true });
  writeFileSync(join(ROOT, '.test-results', 'stories.json'), JSON.stringify({ passed, failed }));
  process.exit(failed > 0 ? 1 : 0);
}

await main();
