/**
 * The longest frames a huge turn makes in a whole <agent-thread> (issue 29): while an answer of
 * nearly 2 MB (just under the thread's `maxAnswerChars`) streams in, in four shapes (no line
 * breaks, an unclosed code fence, one enormous word, plain paragraphs), when a new thread
 * restores the same answer saved (a reload), and when the reader opens "View process" of a turn
 * of 2,000 blocks. Reported: the median, over the runs, of the
 * longest animation frame (long-animation-frame entries; frames under 50 ms make none, so 0
 * means none over 50 ms), and of the longest gap between two animation frames. Each frame over
 * 50 ms is also listed, with what it spent (`spent`), in the log and in the JSON (`framesOver50`).
 *
 *   npx tsx bench/thread-frames.bench.ts [--runs=3] [--cap=<s>] [--before=<git rev>] [--json]
 *     [--only=<case>[,<case>]]   (a shape, "restore <shape>" or "view process")
 *     [--trace=<file.json>]
 *
 * The answer comes as the network would bring it: a task per 16 KB chunk, each chunk 160
 * text-delta parts of about 100 characters (a MessageChannel message per task, as fast as the
 * page takes them), the thread following the end, 720 × 900 px (a run whose view is not at the
 * end once it is through fails: the thread stopped following). A run stops after --cap
 * seconds (default 90) if it is not through, and says how far it got. The page is bundled with
 * esbuild (Lit in production mode) and runs in headless Chromium. --before=<rev>: the same with
 * the thread as it was at that commit, after it. --trace: a Chrome trace of the measured runs
 * (devtools.timeline), to open in the Performance panel or read with `bench/frame-trace.mjs`.
 */
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { launchChromium, sourceAt } from './side-by-side.js';
import { summarize } from './stats.js';

const args = process.argv.slice(2);
const option = (name: string) =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const runs = Number(option('runs') ?? 3);
const capMs = Number(option('cap') ?? 90) * 1000;
const before = option('before');
const json = args.includes('--json');
const only = option('only')?.split(',');
const tracePath = option('trace');
const shouldRun = (name: string) => !only || only.includes(name);
const log = (line: string) => (json ? process.stderr : process.stdout).write(line + '\n');

/** Just under the thread's default budget of 2,000,000 characters, so no run is cut off. */
const ANSWER = 1_990_000;
const CHUNK = 16 * 1024;
/** The blocks of the turn whose "View process" is opened. */
const PROCESS_BLOCKS = 2_000;
const DELTA = 100;

/** The answer's text, at least `length` characters of it. */
const SHAPES: Record<string, string> = {
  'no line breaks':
    `'The pump at **station 4** ran *below* design flow, ` +
    `see [the log](https://example.com/l) [1]. '`,
  'unclosed fence':
    `'\`\`\`ts\\n' + ` +
    `'const reading = await station.flow({ site: "P4", window: 15 }); // m³/h\\n'`,
  'one enormous word': `'PumpStation4ValveV12FlowReadingBelowDesign'`,
  'plain paragraphs':
    `'The pump at station 4 ran below design flow on the second of May, ` +
    `and the crew replaced valve V-12. '.repeat(6) + '\\n\\n'`,
};

const PAGE = `
import './src/index.ts';
import { openThreadStore, serializeMessage } from './src/store/index.ts';
const channel = new MessageChannel();
const queue = [];
channel.port1.onmessage = () => queue.shift()?.();
const nextTask = () => new Promise((r) => { queue.push(r); channel.port2.postMessage(0); });
const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
const shapes = { ${Object.entries(SHAPES)
  .map(([name, unit]) => `${JSON.stringify(name)}: () => ${unit}`)
  .join(', ')} };

/**
 * What a long animation frame spent its time on: its scripts (those over 5 ms, as the entry lists
 * them, animation frame callbacks among them), the time from its rendering's start (those
 * callbacks, then style, layout and paint), and of that its style and layout. What a frame's
 * scripts and rendering leave is neither: work of the browser's own between tasks, or a machine
 * that did not run the page.
 */
const spent = (e) => {
  const end = e.startTime + e.duration;
  const scripts = e.scripts.reduce((sum, script) => sum + script.duration, 0);
  return {
    duration: e.duration,
    scripts,
    render: e.renderStart ? end - e.renderStart : 0,
    styleAndLayout: e.styleAndLayoutStart ? end - e.styleAndLayoutStart : 0,
  };
};

/** Long animation frames and the gaps between animation frames from now until stop(). */
function frames() {
  const long = [];
  const start = performance.now();
  const observer = new PerformanceObserver((list) =>
    list.getEntries().forEach((e) => e.startTime >= start && long.push(e)));
  observer.observe({ type: 'long-animation-frame', buffered: false });
  let last = 0, gap = 0, on = true;
  const tick = (t) => {
    if (last) gap = Math.max(gap, t - last);
    last = t;
    if (on) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return () => {
    on = false;
    long.push(...observer.takeRecords().filter((e) => e.startTime >= start));
    observer.disconnect();
    const over = long.filter((e) => e.duration > 50);
    const longest = Math.max(0, ...long.map((e) => e.duration));
    return { longest, over50: over.length, gap, framesOver50: over.map(spent) };
  };
}

async function thread() {
  document.body.replaceChildren();
  const el = document.createElement('agent-thread');
  el.noComposer = true;
  // Its own display (a flex column) left as it is: its messages scroll in it, and it follows the end.
  el.style.cssText = 'width: 720px; height: 900px';
  document.body.append(el);
  await el.updateComplete;
  return el;
}
const turnOf = (el) => [...el.shadowRoot.querySelectorAll('agent-turn')].at(-1);

window.streamAnswer = async (shape, total, chunk, delta, capMs) => {
  const unit = shapes[shape]();
  const text = unit.repeat(Math.ceil(total / unit.length)).slice(0, total);
  const el = await thread();
  el.applyPart({ type: 'start', messageId: 'live' });
  el.applyPart({ type: 'text-start', id: 'live' });
  await el.updateComplete;
  await frame();
  await frame();
  const stop = frames();
  const started = performance.now();
  let at = 0;
  for (; at < total && performance.now() - started < capMs; at += chunk) {
    const end = Math.min(at + chunk, total);
    for (let i = at; i < end; i += delta) {
      const piece = text.slice(i, Math.min(i + delta, end));
      el.applyPart({ type: 'text-delta', id: 'live', delta: piece });
    }
    await nextTask();
  }
  at = Math.min(at, total);
  el.applyPart({ type: 'text-end', id: 'live' });
  el.applyPart({ type: 'finish' });
  await el.updateComplete;
  await turnOf(el).updateComplete;
  // All of the text shown: rendering that fell behind catches up.
  await turnOf(el).shadowRoot.querySelector('answer-markdown').updateComplete;
  await frame();
  await frame();
  const result = stop();
  const shown = turnOf(el).shadowRoot.querySelector('answer-markdown').shadowRoot.textContent;
  const seconds = (performance.now() - started) / 1000;
  // The frames are those of a reader following the answer only if its end is in view.
  const scroller = el.shadowRoot.querySelector('.scroller');
  const fromEnd = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight;
  return { ...result, reached: at, seconds, shown: shown.length, fromEnd };
};

/**
 * The same answer saved, as a reload finds it: a new thread restores it from IndexedDB and
 * reads its complete text. Until all of it shows.
 */
window.restoreAnswer = async (shape, total, capMs) => {
  const unit = shapes[shape]();
  const text = unit.repeat(Math.ceil(total / unit.length)).slice(0, total);
  const threadId = 'restore-' + performance.now();
  const store = await openThreadStore();
  await store.put(threadId, 0, serializeMessage({ role: 'user', id: 'q', text: 'Go' }));
  await store.put(threadId, 1, serializeMessage({
    role: 'assistant', id: 'a', status: 'complete', closed: true,
    items: [{ kind: 'text', key: 'text:1', parts: [text], done: true }],
  }));
  document.body.replaceChildren();
  await frame();
  await frame();
  const stop = frames();
  const started = performance.now();
  const el = document.createElement('agent-thread');
  el.noComposer = true;
  el.threadId = threadId;
  el.style.cssText = 'width: 720px; height: 900px';
  document.body.append(el);
  await el.restored;
  const markdown = () => turnOf(el)?.shadowRoot.querySelector('answer-markdown');
  while (!markdown() && performance.now() - started < capMs) await frame();
  // All of it read: the element's update is complete once it shows all of its text.
  await markdown()?.updateComplete;
  const seconds = (performance.now() - started) / 1000;
  await frame();
  await frame();
  return { ...stop(), shown: markdown()?.shadowRoot.textContent.length ?? 0, seconds };
};

window.viewProcess = async (blocks) => {
  const el = await thread();
  el.applyPart({ type: 'start', messageId: 'steps' });
  for (let i = 0; i < blocks; i++)
    el.applyPart({ type: 'data-answer_ui', id: 'step-' + i, data: {
      block_id: 'step-' + i, fallback_text: 'Step ' + i, root: 'm',
      elements: { m: { type: 'Metric', props: { label: 'Step ' + i, value: i } } },
    } });
  el.applyPart({ type: 'data-final_answer', data: { text: 'All steps.', ui_block_ids: [] } });
  el.applyPart({ type: 'finish' });
  await el.updateComplete;
  const turn = turnOf(el);
  await turn.updateComplete;
  for (let i = 0; i < 5; i++) await frame();
  const details = turn.shadowRoot.querySelector('details.process');
  const stop = frames();
  const started = performance.now();
  details.open = true;
  const count = () => turn.shadowRoot.querySelectorAll('answer-block').length;
  while (count() < blocks && performance.now() - started < 60000) await frame();
  const shownBlocks = [...turn.shadowRoot.querySelectorAll('answer-block')];
  await Promise.all(shownBlocks.map((b) => b.updateComplete));
  await frame();
  await frame();
  return { ...stop(), shown: count(), seconds: (performance.now() - started) / 1000 };
};`;

async function bundle(root: string) {
  const out = await build({
    stdin: { contents: PAGE, resolveDir: root, loader: 'ts' },
    bundle: true,
    format: 'esm',
    minify: true,
    write: false,
    tsconfig: resolve('tsconfig.json'),
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.css': 'text' },
    logLevel: 'error',
  });
  return out.outputFiles[0]!.text;
}

const systems: [string, string][] = [['now', await bundle(resolve('.'))]];
if (before) {
  // The code as it was at that commit.
  systems.push([`at ${before}`, await bundle(sourceAt(before, 'thread-frames-before'))]);
}
interface Frames {
  longest: number;
  over50: number;
  /** Each frame over 50 ms, in ms: all of it, its scripts, its rendering, its style and layout. */
  framesOver50: { duration: number; scripts: number; render: number; styleAndLayout: number }[];
  gap: number;
  shown: number;
  seconds: number;
  reached?: number;
  /** How far above the end of the thread the view was when the answer had streamed. */
  fromEnd?: number;
}
/** Where each frame over 50 ms of these runs went. */
function logLongFrames(of: Frames[]) {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  for (const [run, { framesOver50 }] of of.entries())
    for (const f of framesOver50)
      log(
        `    run ${run + 1}: a frame of ${ms(f.duration)}: scripts ${ms(f.scripts)}; from its ` +
          `rendering's start ${ms(f.render)}, of which style and layout ${ms(f.styleAndLayout)}`,
      );
}

/** Each system's runs of each case (a shape, or 'view process'). */
const results: Record<string, Record<string, Frames[]>> = {};
const browser = await launchChromium();
try {
  for (const [name, code] of systems) {
    const page = await browser.newPage({ viewport: { width: 800, height: 1000 } });
    // Requests to other hosts (map tiles, fonts) go nowhere.
    await page.route(/^https?:/, (route) => route.abort());
    // A page of its own origin (routed, never on the network), where IndexedDB is open to it.
    const origin = 'http://thread-frames.bench/';
    await page.route(origin, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html><body style="margin: 0"></body></html>',
      }),
    );
    await page.goto(origin);
    await page.addScriptTag({ content: code, type: 'module' });
    await page.waitForFunction(() => 'streamAnswer' in window);
    type Page = {
      streamAnswer(...a: unknown[]): Promise<Frames>;
      restoreAnswer(...a: unknown[]): Promise<Frames>;
      viewProcess(blocks: number): Promise<Frames>;
    };
    const medians = (of: Frames[]) => {
      const longest = summarize(of.map((r) => r.longest)).median;
      const gap = summarize(of.map((r) => r.gap)).median;
      const over = summarize(of.map((r) => r.over50)).median;
      const frame = `longest frame ${longest.toFixed(0)} ms`;
      return `${frame}, longest gap ${gap.toFixed(0)} ms, ${over} over 50 ms`;
    };
    log(`\n<agent-thread> ${name}: medians of ${runs} runs`);
    const cases: Record<string, Frames[]> = (results[name] = {});
    // Warm-up: a short answer, so the first run does not pay for compiling.
    await page.evaluate(() =>
      (window as unknown as Page).streamAnswer('no line breaks', 200_000, 16_384, 100, 30_000),
    );
    if (tracePath)
      await browser.startTracing(page, {
        path: tracePath,
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'],
      });
    for (const shape of Object.keys(SHAPES).filter(shouldRun)) {
      const of: Frames[] = [];
      for (let i = 0; i < runs; i++)
        of.push(
          await page.evaluate(
            ([s, n, c, d, cap]) => (window as unknown as Page).streamAnswer(s, n, c, d, cap),
            [shape, ANSWER, CHUNK, DELTA, capMs] as const,
          ),
        );
      cases[shape] = of;
      const away = Math.max(...of.map((r) => r.fromEnd!));
      if (away > 2)
        throw new Error(
          `${shape}: the thread stopped following the answer (its end ${away} px below the ` +
            'view), so its frames are not those of the text in view',
        );
      const reached = Math.min(...of.map((r) => r.reached!));
      const through = reached >= ANSWER ? '' : `; the slowest run got ${reached} characters in`;
      const seconds = summarize(of.map((r) => r.seconds)).median.toFixed(1);
      log(`  2 MB answer, ${shape.padEnd(17)} ${medians(of)}; ${seconds} s${through}`);
      logLongFrames(of);
    }
    for (const shape of Object.keys(SHAPES).filter((s) => shouldRun(`restore ${s}`))) {
      const of: Frames[] = [];
      for (let i = 0; i < runs; i++)
        of.push(
          await page.evaluate(
            ([s, n, cap]) => (window as unknown as Page).restoreAnswer(s, n, cap),
            [shape, ANSWER, capMs] as const,
          ),
        );
      cases[`restore ${shape}`] = of;
      const shown = Math.min(...of.map((r) => r.shown));
      const seconds = summarize(of.map((r) => r.seconds)).median.toFixed(1);
      log(
        `  2 MB answer restored, ${shape.padEnd(17)} ${medians(of)}; ${seconds} s; ${shown} shown`,
      );
      logLongFrames(of);
    }
    if (shouldRun('view process')) {
      const of: Frames[] = [];
      for (let i = 0; i < runs; i++)
        of.push(
          await page.evaluate((n) => (window as unknown as Page).viewProcess(n), PROCESS_BLOCKS),
        );
      cases['view process'] = of;
      const shown = Math.min(...of.map((r) => r.shown));
      log(`  View process of 2,000 blocks: ${medians(of)}; ${shown} shown`);
      logLongFrames(of);
    }
    if (tracePath) await browser.stopTracing();
    await page.close();
  }
} finally {
  await browser.close();
}
if (json)
  console.log(
    JSON.stringify({ answerChars: ANSWER, processBlocks: PROCESS_BLOCKS, runs, results }),
  );
