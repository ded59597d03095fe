import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { openDB } from 'idb';
import {
  DB_VERSION,
  memoryStore,
  openThreadStore,
  StoreError,
  type SavedMessage,
  type ThreadStore,
} from '../../store/index.js';
import { revenueBlock } from '../../test-support/blocks.js';
import { $$ } from '../../test-support/dom.js';
import { openProcesses, outline, settle } from '../../test-support/settle.js';
import '../define.js';
import type { AgentThread } from '../elements/thread.js';
import { uid, type Part } from '../../test-support/parts.js';
import { itNeeds, type Need } from '../../test-support/engines.js';

/*
 * Every storage fault, injected while an answer streams (or, for faults
 * that can only happen when the database opens, just before): no page
 * error, the answer streams to its end, one visible notice, and nothing on
 * screen is lost. (A real quota has its own page: persistence.quota.test.ts.)
 */

const SAVING_OFF =
  'Saving is not available: this conversation is kept only until the page is closed.';
const SKIPPED =
  'Some saved messages could not be shown: they are damaged or were saved by a newer version.';

/** The second answer: many deltas, an in-place block update, a final report. */
const ANSWER: Part[] = [
  { type: 'start' },
  { type: 'text-start', id: 'a' },
  ...Array.from({ length: 40 }, (_, i) => ({
    type: 'text-delta',
    id: 'a',
    delta: `Sentence ${i} of the streamed answer. `,
  })),
  { type: 'text-end', id: 'a' },
  { type: 'data-answer_ui', id: 'q3-revenue', data: revenueBlock(1_000_000) },
  { type: 'data-answer_ui', id: 'q3-revenue', data: revenueBlock(1_200_000) },
  {
    type: 'data-final_answer',
    data: { text: 'Final report: revenue rose.', ui_block_ids: ['q3-revenue'] },
  },
  { type: 'finish' },
];

/** The answer as the AI SDK's encoder sends it (over the loopback test server). */
async function encodedAnswer(): Promise<Uint8Array> {
  const response = await fetch('/api/test-chat', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      id: uid('faults'),
      messages: [],
      trigger: 'submit-message',
      test: { script: ANSWER },
    }),
  });
  return new Uint8Array(await response.arrayBuffer());
}

/** A store that works until `broken` is set, then fails every call with `code`. */
function breakable(store: Promise<ThreadStore>, code: StoreError['code']) {
  const state = { broken: false };
  const guard =
    <A extends unknown[], R>(call: (s: ThreadStore, ...a: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (state.broken) throw new StoreError(code, `${code} (injected)`);
      return call(await store, ...args);
    };
  const wrapped: ThreadStore = {
    load: guard((s, id: string) => s.load(id)),
    put: guard((s, id: string, position: number, message: Parameters<ThreadStore['put']>[2]) =>
      s.put(id, position, message),
    ),
    clear: guard((s, id: string) => s.clear(id)),
    close: () => void store.then((s) => s.close()),
  };
  return { store: wrapped, state };
}

/** `store` as it is, with the messages it has saved so far (each once its save is done). */
function recording(store: Promise<ThreadStore | Promise<ThreadStore>>) {
  const saved: SavedMessage[] = [];
  const watched = store
    .then((s) => s)
    .then(
      (target) =>
        new Proxy(target, {
          get(_, key) {
            if (key === 'put')
              return async (...args: Parameters<ThreadStore['put']>) => {
                await target.put(...args);
                saved.push(args[2]);
              };
            if (key === 'append' && target.append)
              return async (...args: Parameters<NonNullable<ThreadStore['append']>>) => {
                const position = await target.append!(...args);
                saved.push(args[1]);
                return position;
              };
            const value: unknown = Reflect.get(target, key);
            return typeof value === 'function' ? value.bind(target) : value;
          },
        }),
    );
  return { store: watched, saved };
}

interface Fault {
  name: string;
  /** The store the thread uses, set up as the fault needs. */
  store(db: string, threadId: string): Promise<ThreadStore | Promise<ThreadStore>>;
  /** Called halfway through the streamed answer. */
  midStream?(db: string): Promise<void>;
  notice: string;
  /** Whether the thread can still save after the fault. */
  saves: boolean;
  /** What the fault needs of the engine's driver, if anything. */
  needs?: Need;
}

/** Saves one earlier exchange in `db`, as a previous visit would have. */
async function previousVisit(
  db: string,
  threadId: string,
  extra: (raw: Awaited<ReturnType<typeof openDB>>) => Promise<void>,
) {
  const store = await openThreadStore({ name: db });
  await store.put(threadId, 0, { role: 'user', id: 'u0', text: 'Question from last visit' });
  await store.put(threadId, 1, {
    role: 'assistant',
    id: 'a0',
    status: 'complete',
    items: [{ kind: 'text', key: 't', text: 'Answer from last visit' }],
  });
  store.close();
  const raw = await openDB(db);
  await extra(raw);
  raw.close();
}

/** A fault where the store starts failing every call with `code` halfway through the answer. */
function failsMidStream(name: string, code: StoreError['code']): Fault {
  let breakNow = () => {};
  return {
    name,
    store: async (db) => {
      const { store, state } = breakable(openThreadStore({ name: db }), code);
      breakNow = () => (state.broken = true);
      return store;
    },
    midStream: async () => breakNow(),
    notice: SAVING_OFF,
    saves: false,
  };
}

const FAULTS: Fault[] = [
  failsMidStream('the quota runs out', 'quota'),
  failsMidStream('a write fails', 'write'),
  {
    name: 'the browser closes the connection (site data cleared)',
    store: async (db) => openThreadStore({ name: db }),
    midStream: () => executeServerCommand('clear-indexeddb').then(() => undefined),
    notice: SAVING_OFF,
    saves: false,
    needs: 'devtools',
  },
  {
    name: 'a newer page upgrades the database',
    store: async (db) => openThreadStore({ name: db }),
    midStream: async (db) => {
      const newer = await openDB(db, DB_VERSION + 1);
      newer.close();
    },
    notice: SAVING_OFF,
    saves: false,
  },
  {
    name: 'an older page blocks the upgrade',
    store: async (db) => {
      const old = await openDB(db, 1, {
        upgrade: (d) => void d.createObjectStore('threads', { keyPath: 'id' }),
      });
      old.addEventListener('versionchange', (event) => event.stopImmediatePropagation());
      return openThreadStore({ name: db });
    },
    notice: SAVING_OFF,
    saves: false,
  },
  {
    name: 'the database is from a future version',
    store: async (db) => {
      (await openDB(db, DB_VERSION + 3)).close();
      return openThreadStore({ name: db });
    },
    notice: SAVING_OFF,
    saves: false,
  },
  {
    name: 'IndexedDB is missing',
    store: async () => openThreadStore({ indexedDB: null }),
    notice: SAVING_OFF,
    saves: false,
  },
  {
    name: 'reading fails',
    store: async (db) => {
      const { store, state } = breakable(openThreadStore({ name: db }), 'read');
      state.broken = true;
      return store;
    },
    notice: SAVING_OFF,
    saves: false,
  },
  {
    name: 'a saved record is corrupt',
    store: async (db, threadId) => {
      await previousVisit(db, threadId, (raw) =>
        raw
          .put('messages', {
            threadId,
            position: 2,
            version: 1,
            bytes: 3,
            message: { role: 'assistant', id: 7, items: 'broken' },
          })
          .then(() => undefined),
      );
      return openThreadStore({ name: db });
    },
    notice: SKIPPED,
    saves: true,
  },
  {
    name: 'a saved record is from a future version',
    store: async (db, threadId) => {
      await previousVisit(db, threadId, (raw) =>
        raw
          .put('messages', {
            threadId,
            position: 2,
            version: 99,
            bytes: 3,
            message: { role: 'user', id: 'f', text: 'from the future' },
          })
          .then(() => undefined),
      );
      return openThreadStore({ name: db });
    },
    notice: SKIPPED,
    saves: true,
  },
];

describe('storage fault matrix', () => {
  let answer: Uint8Array;
  before(async () => {
    answer = await encodedAnswer();
  });

  for (const fault of FAULTS) {
    itNeeds(
      fault.needs,
      `${fault.name}: the answer streams on, one notice, nothing on screen lost`,
      async function () {
        this.timeout(20_000);
        const db = uid('faults-db');
        const threadId = uid('faults');
        const errors: string[] = [];
        const onError = (event: ErrorEvent) => errors.push(event.message);
        const onRejection = (event: PromiseRejectionEvent) => errors.push(String(event.reason));
        // Faults at open time are reported while the thread restores: listen from the start.
        const events: string[] = [];
        const onAnswerError = (event: Event) =>
          events.push((event as CustomEvent<{ code: string }>).detail.code);
        document.addEventListener('answer-error', onAnswerError);
        window.addEventListener('error', onError);
        window.addEventListener('unhandledrejection', onRejection);
        try {
          const { store, saved } = recording(fault.store(db, threadId));
          const el = await fixture<AgentThread>(
            html`<agent-thread no-composer thread-id=${threadId} .store=${store}></agent-thread>`,
          );
          await el.restored;
          el.addEventListener('answer-send', (event) => event.preventDefault());

          // An exchange of this visit, on screen before the fault.
          await el.send('First question');
          for (const part of [
            { type: 'start' },
            { type: 'text-start', id: 'f' },
            { type: 'text-delta', id: 'f', delta: 'First answer, before the fault.' },
            { type: 'finish' },
          ])
            el.applyPart(part);
          await el.saved();

          // The second answer arrives in two halves; the fault strikes between them.
          await el.send('Second question');
          const half = Math.floor(answer.length / 2);
          let resume!: () => void;
          const paused = new Promise<void>((resolve) => (resume = resolve));
          const stream = new ReadableStream<Uint8Array>({
            async start(controller) {
              controller.enqueue(answer.slice(0, half));
              await paused;
              controller.enqueue(answer.slice(half));
              controller.close();
            },
          });
          const streaming = el.consume(stream);
          const firstHalf = (message: unknown) =>
            JSON.stringify(message ?? null).includes('Sentence 0 of the streamed answer.');
          await waitUntil(() => firstHalf(el.messages.at(-1)), 'the first half did not arrive', {
            timeout: 5000,
          });
          // A fault mid-stream strikes past a checkpoint save of the first half.
          if (fault.midStream)
            await waitUntil(
              () => saved.some((message) => message.role === 'assistant' && firstHalf(message)),
              'no checkpoint of the streaming answer was saved',
              { timeout: 5000 },
            );
          expect(el.busy, 'the turn is still streaming when the fault strikes').to.equal(true);
          await fault.midStream?.(db);
          resume();
          await streaming;
          await el.saved();
          await settle(el);
          await openProcesses(el);

          const screen = outline(el);
          expect(screen)
            .to.include('First question')
            .and.include('First answer, before the fault.')
            .and.include('Second question');
          expect(screen)
            .to.include('Sentence 39 of the streamed answer.')
            .and.include('Final report: revenue rose.')
            .and.include('$1,200,000.00');
          if (fault.notice === SKIPPED) expect(screen).to.include('Answer from last visit');
          const notices = $$(el, '.storage-notice');
          expect(notices.map((n) => n.textContent)).to.deep.equal([fault.notice]);
          expect(events.filter((code) => code === 'storage').length).to.equal(fault.saves ? 0 : 1);
          expect(errors).to.deep.equal([]);

          if (fault.saves) {
            // The store still works: a fresh thread brings this visit back too.
            el.remove();
            const again = await fixture<AgentThread>(
              html`<agent-thread no-composer thread-id=${threadId} .store=${openThreadStore({ name: db })}></agent-thread>`,
            );
            await again.restored;
            await settle(again);
            expect(outline(again))
              .to.include('Second question')
              .and.include('Final report: revenue rose.');
          }
        } finally {
          document.removeEventListener('answer-error', onAnswerError);
          window.removeEventListener('error', onError);
          window.removeEventListener('unhandledrejection', onRejection);
        }
      },
    );
  }

  it('a memory store (the fallback) loses nothing either', async () => {
    const el = await fixture<AgentThread>(
      html`<agent-thread no-composer thread-id="memory" .store=${memoryStore()}></agent-thread>`,
    );
    await el.restored;
    el.addEventListener('answer-send', (event) => event.preventDefault());
    await el.send('Question');
    await el.consume(new Response(answer.slice()).body!);
    await settle(el);
    expect(outline(el)).to.include('Final report: revenue rose.');
    expect($$(el, '.storage-notice')).to.have.length(0);
  });
});
