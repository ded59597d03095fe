/*
 * Restore benchmark. Threads of 200 and 2,000 turns (a question, then an
 * answer with markdown, a tool step and two blocks) are saved in IndexedDB.
 * Measured: from a new <agent-thread thread-id> connecting to its last turn
 * painted, and to every message read (`restored`); the cost of saving one more turn at 2, 200 and 2,000 turns; the
 * page's memory with each restored thread on it
 * (`performance.measureUserAgentSpecificMemory`, after a garbage collection);
 * the frames while the 2,000-turn thread is scrolled back to its start;
 * stored bytes per turn with the trimmed projection vs the raw messages a
 * chat would otherwise keep.
 */
import '../../src/index.js';
import type { AgentThread } from '../../src/index.js';
import { openThreadStore, serializeMessage } from '../../src/store/index.js';
import type { ThreadMessage } from '../../src/conversation/index.js';
import { investigationBlock, revenueBlock } from '../../src/test-support/blocks.js';
import { markdownAnswer } from '../fixtures.js';
import { summarize } from '../stats.js';
import { publish } from './publish.js';

const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

function exchange(i: number): [ThreadMessage, ThreadMessage, unknown[]] {
  const question: ThreadMessage = {
    role: 'user',
    id: `u${i}`,
    text: `Question ${i}: how is pump station ${i % 9} doing?`,
  };
  const blocks = [
    revenueBlock(1_000_000 + i),
    { ...investigationBlock(`Note ${i}`), block_id: `check-${i}` },
  ];
  const answer: ThreadMessage = {
    role: 'assistant',
    id: `a${i}`,
    status: 'complete',
    closed: true,
    items: [
      { kind: 'text', key: 'text:1', parts: [markdownAnswer(400)], done: true },
      { kind: 'tool', key: 'tool:1', name: 'query_sales', status: 'done', summary: 'rows: 3' },
      ...blocks.map((block) => ({
        kind: 'block' as const,
        key: `block:${block.block_id}`,
        blockId: block.block_id,
        block,
        valid: true,
        submissions: {},
      })),
    ],
    final: { text: `Turn ${i}: revenue rose.`, blockIds: [blocks[0]!.block_id] },
  };
  // What a chat keeps without a projection: the UI message parts, tool output included.
  const raw = [
    { role: 'user', parts: [{ type: 'text', text: question.text }] },
    {
      role: 'assistant',
      parts: [
        { type: 'text', text: markdownAnswer(400) },
        {
          type: 'tool-query_sales',
          state: 'output-available',
          input: { quarter: 3 },
          output: {
            rows: Array.from({ length: 200 }, (_, r) => ({
              site: `P${r}`,
              flow: r * 3.7,
              chart: 'iVBORw0KGgo'.repeat(20),
            })),
          },
        },
        ...blocks.map((data) => ({ type: 'data-answer_ui', data })),
        { type: 'data-final_answer', data: { text: `Turn ${i}: revenue rose.` } },
      ],
    },
  ];
  return [question, answer, raw];
}

const name = 'answer-ui';
const store = await openThreadStore({ name });
let projected = 0;
let rawBytes = 0;
for (let i = 0; i < 200; i++) {
  const [question, answer, raw] = exchange(i);
  await store.put('bench-200', i * 2, serializeMessage(question));
  await store.put('bench-200', i * 2 + 1, serializeMessage(answer));
  projected +=
    JSON.stringify(serializeMessage(question)).length +
    JSON.stringify(serializeMessage(answer)).length;
  rawBytes += JSON.stringify(raw).length;
}
for (let i = 0; i < 2; i++) {
  const [question, answer] = exchange(i);
  await store.put('bench-2', i * 2, serializeMessage(question));
  await store.put('bench-2', i * 2 + 1, serializeMessage(answer));
}
for (let i = 0; i < 2_000; i++) {
  const [question, answer] = exchange(i);
  await store.put('bench-2000', i * 2, serializeMessage(question));
  await store.put('bench-2000', i * 2 + 1, serializeMessage(answer));
}

/** Resolves with `el`'s turn element for the answer `id` once it is on the page. */
function turnShown(
  el: AgentThread,
  id: string,
): Promise<HTMLElement & { updateComplete: Promise<unknown> }> {
  type Turn = HTMLElement & { updateComplete: Promise<unknown>; turn?: { id: string } };
  const find = () =>
    [...el.shadowRoot!.querySelectorAll<Turn>('agent-turn')].find((turn) => turn.turn?.id === id);
  return new Promise((resolve) => {
    const found = find();
    if (found) return resolve(found);
    const observer = new MutationObserver(() => {
      const turn = find();
      if (!turn) return;
      observer.disconnect();
      resolve(turn);
    });
    observer.observe(el.shadowRoot!, { childList: true, subtree: true });
  });
}

/**
 * Restores a thread of `turns` turns; resolves with the time to its last
 * turn painted, the time until every message was read (`restored`), and the
 * element (still on the page).
 */
async function restoreThread(
  turns: number,
): Promise<{ painted: number; allRead: number; el: AgentThread }> {
  await frame();
  const el = document.createElement('agent-thread') as AgentThread;
  el.threadId = `bench-${turns}`;
  el.noComposer = true;
  const start = performance.now();
  document.body.append(el);
  const last = await turnShown(el, `a${turns - 1}`);
  await last.updateComplete;
  await new Promise((resolve) => requestAnimationFrame(resolve));
  const painted = performance.now() - start;
  await el.restored;
  const allRead = performance.now() - start;
  if (el.messages.length !== turns * 2)
    throw new Error(`thread not restored (${el.messages.length} messages)`);
  return { painted, allRead, el };
}

async function restore(turns: number, allRead: number[]): Promise<number> {
  const restored = await restoreThread(turns);
  restored.el.remove();
  allRead.push(restored.allRead);
  return restored.painted;
}

/**
 * Scrolls a restored thread from its end to its start as a reader dragging
 * to the top does, again and again, while its history pages in; resolves
 * with the length of every frame meanwhile and the pages loaded.
 */
async function scrollBack(
  el: AgentThread,
): Promise<{ frames: number[]; pages: number; mostRendered: number }> {
  const scroller = el.shadowRoot!.querySelector<HTMLElement>('.scroller')!;
  // The list is a window of the thread: paging up renders earlier messages and lets go of later ones.
  const first = () =>
    el.shadowRoot!.querySelector<HTMLElement>('.messages > .entry')?.dataset.messageId;
  const frames: number[] = [];
  let running = true;
  let last = performance.now();
  const tick = (now: number) => {
    frames.push(now - last);
    last = now;
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  let pages = 0;
  let mostRendered = 0;
  while (el.shadowRoot!.querySelector('.earlier') && pages < 5_000) {
    const before = first();
    // The reader turns the wheel: only their input scrolls the thread away from its end.
    scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: -100 }));
    scroller.scrollTop = 0;
    for (let i = 0; i < 30 && first() === before; i++) await frame();
    if (first() === before) throw new Error(`scrolling back stopped at message ${before}`);
    pages++;
    mostRendered = Math.max(
      mostRendered,
      el.shadowRoot!.querySelectorAll('.messages > .entry').length,
    );
  }
  running = false;
  return { frames, pages, mostRendered };
}

/** The page's memory in bytes (JS and DOM), measured by the browser after a garbage collection. */
async function memory(): Promise<number> {
  const measure = (
    performance as Performance & {
      measureUserAgentSpecificMemory?: () => Promise<{ bytes: number }>;
    }
  ).measureUserAgentSpecificMemory;
  return measure ? (await measure.call(performance)).bytes : NaN;
}

async function saveCost(threadId: string, from: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < 40; i++) {
    const [question, answer] = exchange(1000 + i);
    const start = performance.now();
    await store.put(threadId, from + i * 2, serializeMessage(question));
    await store.put(threadId, from + i * 2 + 1, serializeMessage(answer));
    samples.push(performance.now() - start);
  }
  return samples;
}

await restore(200, []);
const restores: number[] = [];
const allRead: number[] = [];
for (let i = 0; i < 7; i++) restores.push(await restore(200, allRead));
await restore(2_000, []);
const restores2000: number[] = [];
const allRead2000: number[] = [];
for (let i = 0; i < 7; i++) restores2000.push(await restore(2_000, allRead2000));

// Memory: the empty page, then with the 200-turn thread on it, then with the 2,000-turn thread instead.
const empty = await memory();
const with200 = await restoreThread(200);
const memory200 = await memory();
with200.el.remove();
const with2000 = await restoreThread(2_000);
const memory2000 = await memory();
const scrolled = await scrollBack(with2000.el);
with2000.el.remove();
// The scrolling leaves garbage to collect: let the page settle before timing saves.
await new Promise((resolve) => setTimeout(resolve, 2_000));

const at2 = summarize(await saveCost('bench-2', 4));
const at200 = summarize(await saveCost('bench-200', 400));
const at2000 = summarize(await saveCost('bench-2000', 4_000));

publish({
  restore: summarize(restores),
  restore2000: summarize(restores2000),
  allRead: summarize(allRead),
  allRead2000: summarize(allRead2000),
  saveAt2: at2,
  saveAt200: at200,
  saveAt2000: at2000,
  ratio: at200.median / at2.median,
  ratio2000: at2000.median / at2.median,
  memory: {
    empty,
    at200: memory200,
    at2000: memory2000,
    perThousandMessages: ((memory2000 - memory200) / (4_000 - 400)) * 1_000,
  },
  scrollBack2000: {
    pages: scrolled.pages,
    mostRendered: scrolled.mostRendered,
    frames: scrolled.frames.length,
    longestFrame: Math.max(...scrolled.frames),
    framesOver50ms: scrolled.frames.filter((ms) => ms > 50).length,
    medianFrame: summarize(scrolled.frames).median,
  },
  bytesPerTurn: projected / 200,
  rawBytesPerTurn: rawBytes / 200,
  crossOriginIsolated,
});
