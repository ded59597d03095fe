/*
 * Streaming benchmark. A thread that already holds 2 or 200 messages gets a
 * markdown answer of 2,000 or 20,000 characters in 500 or 5,000 deltas, one
 * delta per task (a MessageChannel message, so as fast as the page takes
 * them), with auto-scroll following the answer. Reported: per-delta cost
 * (wall time / deltas, overall and from the tenth delta on, once the new
 * turn's first layout is behind), total, the longest animation frame
 * (long-animation-frame entries), and the median time spent inside each
 * delta's task (apply + render).
 */
import '../../src/index.js';
import type { AgentThread } from '../../src/index.js';
import { deltas, markdownAnswer } from '../fixtures.js';
import { summarize } from '../stats.js';
import { publish } from './publish.js';

const channel = new MessageChannel();
const queue: (() => void)[] = [];
channel.port1.onmessage = () => queue.shift()?.();
const nextTask = () => new Promise<void>((resolve) => {
  queue.push(resolve);
  channel.port2.postMessage(0);
});

async function thread(history: number): Promise<AgentThread> {
  document.body.replaceChildren();
  const el = document.createElement('agent-thread');
  el.noComposer = true;
  document.body.append(el);
  const earlier = markdownAnswer(600);
  for (let i = 0; i < history / 2; i++) {
    el.applyPart({ type: 'start', messageId: `old-${i}` });
    el.applyPart({ type: 'text-start', id: 't' });
    el.applyPart({ type: 'text-delta', id: 't', delta: earlier });
    el.applyPart({ type: 'finish' });
    await el.send(`Question ${i}`);
  }
  // Lay the history out, and let the previous case's page be collected, before measuring.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  void document.body.offsetHeight;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  return el;
}

async function run(length: number, count: number, history: number) {
  const el = await thread(history);
  const answer = markdownAnswer(length);
  const pieces = deltas(answer, count);
  const frames: number[] = [];
  let start = Infinity;
  // Frames that began while the history was still being laid out do not count.
  const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => e.startTime >= start && frames.push(e.duration)));
  observer.observe({ type: 'long-animation-frame', buffered: false });
  el.applyPart({ type: 'start', messageId: 'live' });
  el.applyPart({ type: 'text-start', id: 'live' });
  await el.updateComplete;
  const turn = el.shadowRoot!.querySelector('agent-turn:last-of-type') as HTMLElement & { updateComplete: Promise<unknown> };
  const inside: number[] = [];
  // Steady state: from the tenth of the deltas on, after the new turn's first layout.
  const steadyFrom = Math.floor(pieces.length / 10);
  let steadyStart = 0;
  start = performance.now();
  for (const [index, delta] of pieces.entries()) {
    await nextTask();
    if (index === steadyFrom) steadyStart = performance.now();
    const t = performance.now();
    el.applyPart({ type: 'text-delta', id: 'live', delta });
    await turn.updateComplete;
    const streaming = turn.shadowRoot!.querySelector('answer-markdown') as (HTMLElement & { updateComplete: Promise<unknown> }) | null;
    await streaming?.updateComplete;
    inside.push(performance.now() - t);
  }
  // The last delta counts once it is painted.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const end = performance.now();
  const total = end - start;
  observer.disconnect();
  const markdown = turn.shadowRoot!.querySelector('answer-markdown')!;
  const lastWord = answer.match(/[A-Za-z0-9]+(?=[^A-Za-z0-9]*$)/)![0];
  if ((markdown.parts ?? []).join('') !== answer || !markdown.shadowRoot!.textContent!.trimEnd().includes(lastWord)) throw new Error(`answer not fully shown (missing "${lastWord}")`);
  const scroller = el.shadowRoot!.querySelector('.scroller')!;
  if (scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight > 60) throw new Error('auto-scroll did not follow');
  return { chars: length, deltas: pieces.length, messages: history, perDelta: total / pieces.length, perDeltaSteady: (end - steadyStart) / (pieces.length - steadyFrom), total, longestFrame: Math.max(0, ...frames), framesOver50ms: frames.length, insideTask: summarize(inside) };
}

await run(20_000, 5_000, 2); // warm-up: compiles and optimizes the code paths; not reported
const results = [];
for (const [length, count] of [[2_000, 500], [20_000, 5_000]] as const) {
  for (const history of [2, 200]) results.push(await run(length, count, history));
}
publish(results);
