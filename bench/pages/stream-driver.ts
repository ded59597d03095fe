/*
 * The streaming benchmark, the same for every system. A thread that already
 * holds 2 or 200 messages (questions, and answers of 600 characters of
 * markdown) gets a markdown answer (headings, emphasis, links, lists, code
 * blocks, tables) of 2,000 or 20,000 characters in 500 or 5,000 deltas, one
 * delta per task (a MessageChannel message, so as fast as the page takes
 * them), with the view following the answer. Reported per run: per-delta
 * cost (wall time from the first delta until the last one is painted,
 * divided by the deltas, so it includes the browser's frames: style, layout,
 * paint, scrolling), the same from the tenth of the deltas on (once the new
 * turn's first layout is behind), the total, the longest animation frame and
 * the frames over 50 ms (long-animation-frame entries), and the median time
 * inside each delta's task (apply and render). After every run the DOM must
 * show the whole answer. With `?heap` the page streams only the last case's
 * answer, once and whole (no time cap), and keeps its thread, so the harness can measure the heap
 * after it in a fresh page.
 */
import { deltas, markdownAnswer } from '../fixtures.js';
import { summarize } from '../stats.js';
import { progress, publish } from './publish.js';

export interface StreamingThread {
  /** Starts the new answer; resolves once it takes deltas. */
  begin(): Promise<void> | void;
  /** Applies one delta; resolves once the system has rendered it. */
  apply(delta: string): Promise<void> | void;
  /** Ends the answer (after the measured window). */
  end?(): Promise<void> | void;
  /** The text content of the element showing the answer. */
  shownText(): string;
  /** How many headings the answer's element shows. */
  headings(): number;
  /** Whether the view followed the answer to its end. */
  followed(): boolean;
}

export interface StreamingSystem {
  /** A fresh thread, replacing the previous one, holding `history` earlier messages; resolves once they are shown. */
  thread(history: number, earlier: string): Promise<StreamingThread>;
}

export interface StreamingCase {
  chars: number;
  deltas: number;
  messages: number;
  runs: number;
}

const channel = new MessageChannel();
const queue: (() => void)[] = [];
channel.port1.onmessage = () => queue.shift()?.();
const nextTask = () =>
  new Promise<void>((resolve) => {
    queue.push(resolve);
    channel.port2.postMessage(0);
  });
const painted = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

async function run(
  system: StreamingSystem,
  length: number,
  count: number,
  history: number,
  capMs = Infinity,
) {
  progress(`${length} characters, ${history} messages: building the thread`);
  const el = await system.thread(history, markdownAnswer(600));
  // Lay the history out, and let the previous run's page be collected, before measuring.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  void document.body.offsetHeight;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const answer = markdownAnswer(length);
  const pieces = deltas(answer, count);
  const frames: number[] = [];
  let start = Infinity;
  // Frames that began before the first delta do not count.
  const observer = new PerformanceObserver((list) =>
    list.getEntries().forEach((e) => e.startTime >= start && frames.push(e.duration)),
  );
  observer.observe({ type: 'long-animation-frame', buffered: false });
  await el.begin();
  await painted();
  const inside: number[] = [];
  const steadyFrom = Math.floor(pieces.length / 10);
  let steadyStart = 0;
  start = performance.now();
  let fed = 0;
  for (const [index, delta] of pieces.entries()) {
    await nextTask();
    if (performance.now() - start > capMs) break;
    if (index === steadyFrom) steadyStart = performance.now();
    if (index % 500 === 0)
      progress(`${length} characters, ${history} messages: delta ${index} of ${pieces.length}`);
    const t = performance.now();
    await el.apply(delta);
    inside.push(performance.now() - t);
    fed++;
  }
  // The last delta counts once it is painted.
  await painted();
  const end = performance.now();
  observer.disconnect();
  await el.end?.();
  // A run stopped by the time cap must show what it was fed.
  const given = pieces.slice(0, fed).join('');
  const shown = el.shownText().replace(/\s+/g, ' ');
  const lastWord = given.match(/[A-Za-z0-9]+(?=[^A-Za-z0-9]*$)/)![0];
  if (!shown.includes(lastWord))
    throw new Error(`answer not fully shown: no "${lastWord}" at its end`);
  const headings = (given.match(/^## /gm) ?? []).length;
  if (el.headings() !== headings)
    throw new Error(`answer shows ${el.headings()} of its ${headings} headings`);
  const total = end - start;
  return {
    fed,
    perDelta: total / fed,
    perDeltaSteady: (end - steadyStart) / (fed - steadyFrom),
    total,
    longestFrame: Math.max(0, ...frames),
    framesOver50ms: frames.length,
    insideTask: summarize(inside).median,
    followed: el.followed(),
  };
}

export interface StreamingOptions {
  /** The warm-up answer's characters and deltas (in a thread of 2 messages). */
  warmUp: [chars: number, deltas: number];
  cases: StreamingCase[];
  /**
   * Stops feeding a run after this long, to keep the whole benchmark within
   * its time: per delta is then over the deltas fed. For a system whose cost
   * grows with the answer, that understates its cost.
   */
  capSeconds?: number;
}

export async function runStreamingBenchmark(
  system: StreamingSystem,
  options: StreamingOptions,
): Promise<void> {
  const cap = (options.capSeconds ?? Infinity) * 1000;
  // `?heap`: the last case once, in a fresh page with no warm-up, so every system's heap holds the same thread and
  // answer: the whole answer, however long it takes (a capped run would compare heaps after different answers).
  if (new URLSearchParams(location.search).has('heap')) {
    const last = options.cases.at(-1)!;
    const once = await run(system, last.chars, last.deltas, last.messages);
    publish({ chars: last.chars, messages: last.messages, fed: once.fed, crossOriginIsolated });
    return;
  }
  // `?fresh`: a 20,000-character answer in 5,000 deltas into a fresh thread of 2 messages, in a page that
  // has just loaded, with no warm-up: the first answer a reader sees, the chunks it loads included.
  if (new URLSearchParams(location.search).has('fresh')) {
    await new Promise((resolve) => requestIdleCallback(resolve));
    const first = await run(system, 20_000, 5_000, 2, cap);
    publish({ ...first, crossOriginIsolated });
    return;
  }
  // Warm-up: compiles and optimizes the code paths; not reported.
  await run(system, options.warmUp[0], options.warmUp[1], 2, cap);
  const results = [];
  for (const c of options.cases) {
    const runs = [];
    for (let i = 0; i < c.runs; i++)
      runs.push(await run(system, c.chars, c.deltas, c.messages, cap));
    const per = summarize(runs.map((r) => r.perDelta));
    results.push({
      chars: c.chars,
      deltas: c.deltas,
      messages: c.messages,
      perDelta: per,
      perDeltaSteady: summarize(runs.map((r) => r.perDeltaSteady)),
      total: summarize(runs.map((r) => r.total)),
      longestFrame: Math.max(...runs.map((r) => r.longestFrame)),
      framesOver50ms: Math.max(...runs.map((r) => r.framesOver50ms)),
      insideTask: summarize(runs.map((r) => r.insideTask)).median,
      followed: runs.every((r) => r.followed),
      fed: Math.min(...runs.map((r) => r.fed)),
    });
  }
  publish({
    warmUp: options.warmUp,
    capSeconds: options.capSeconds ?? null,
    cases: results,
    crossOriginIsolated,
  });
}
