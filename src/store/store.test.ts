import { expect, waitUntil } from '@open-wc/testing';
import fc from 'fast-check';
import { threadMessages } from '../test-support/arbitraries.js';
import { serializeMessage, serializeThread } from './serialize.js';
import { openDB } from 'idb';
import {
  DB_VERSION,
  memoryStore,
  openThreadStore,
  StoreError,
  type SavedMessage,
  type ThreadStore,
} from './index.js';
import { fuzzRuns, fuzzTimeout } from '../test-support/fuzz.js';

const name = () => `answer-ui-test-${Math.random().toString(36).slice(2)}`;
const userMessage = (text: string): SavedMessage => ({ role: 'user', id: `u-${text}`, text });
const question = (id: string, text: string): SavedMessage => ({ role: 'user', id, text });
/** An answer with `text` and a PDF file part of each size (characters of its base64), as saved. */
const answerWithFiles = (
  id: string,
  sizes: number[],
  text = 'Here are the files.',
): SavedMessage => ({
  role: 'assistant',
  id,
  status: 'complete',
  items: [
    { kind: 'text', key: 'text:1', text },
    ...sizes.map((size, i) => ({
      kind: 'file' as const,
      key: `file:${i}`,
      url: `data:application/pdf;base64,${'A'.repeat(size)}`,
      mediaType: 'application/pdf',
      filename: `part-${size}.pdf`,
    })),
  ],
});
/** Each file of a loaded message, by name: whether its data was kept. */
const filesKept = (message: unknown) =>
  Object.fromEntries(
    (message as { items: { kind: string; url: string; filename: string }[] }).items
      .filter((item) => item.kind === 'file')
      .map((item) => [item.filename, item.url.startsWith('data:application/pdf;base64,AAA')]),
  );
const texts = async (store: ThreadStore, threadId: string) =>
  (await store.load(threadId)).messages.map((m) => (m.message as { id: string }).id);
/** Another page's own connection to the database `name`, through its `indexedDB`. */
async function otherPage(indexedDB: IDBFactory, name: string) {
  const done = <T>(request: IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  const db = await done(indexedDB.open(name, DB_VERSION));
  return {
    saveThread: (id: string) =>
      done(
        db
          .transaction('threads', 'readwrite')
          .objectStore('threads')
          .put({ id, updatedAt: Date.now(), bytes: 0 }),
      ),
    count: () => done(db.transaction('messages').objectStore('messages').count()),
    close: () => db.close(),
  };
}
/** Threads are aged by Date.now() at their last save: the next save must get a later stamp. */
const tick = async () => {
  const saved = Date.now();
  await waitUntil(() => Date.now() > saved, 'the clock did not move on', { interval: 1 });
};

/**
 * A thread of 600 records with gaps in its positions (0, 2, 4, …), another
 * thread beside it: what a long thread that shows its end first reads.
 */
async function readsTheEndFirst(store: ThreadStore) {
  for (let i = 0; i < 600; i++) await store.put('long', i * 2, userMessage(`m${i}`));
  await store.put('other', 0, userMessage('other thread'));
  const ids = (loaded: Awaited<ReturnType<ThreadStore['load']>>) =>
    loaded.messages.map((m) => (m.message as { id: string }).id);
  const last = await store.loadLast!('long', 40);
  expect(ids(last)).to.deep.equal(Array.from({ length: 40 }, (_, i) => `u-m${560 + i}`));
  expect(last.messages[0]!.position).to.equal(1120);
  const before = await store.load('long', { before: 1120 });
  expect(ids(before)).to.deep.equal(Array.from({ length: 560 }, (_, i) => `u-m${i}`));
  expect(ids(await store.load('long'))).to.have.length(600);
  expect(ids(await store.loadLast!('other', 40))).to.deep.equal(['u-other thread']);
  expect((await store.loadLast!('none', 40)).messages).to.deep.equal([]);
}

describe('IndexedDB thread store', () => {
  it('saves messages by position and loads them back, per thread', async () => {
    const store = await openThreadStore({ name: name() });
    await store.put('a', 0, userMessage('one'));
    await store.put('a', 1, userMessage('two'));
    await store.put('b', 0, userMessage('other thread'));
    await store.put('a', 1, userMessage('two, edited'));
    const a = await store.load('a');
    expect(a.messages.map((m) => (m.message as { text: string }).text)).to.deep.equal([
      'one',
      'two, edited',
    ]);
    expect(a.messages.map((m) => m.position)).to.deep.equal([0, 1]);
    expect((await store.load('b')).messages).to.have.length(1);
    await store.clear('a');
    expect((await store.load('a')).messages).to.deep.equal([]);
    expect((await store.load('b')).messages).to.have.length(1);
    store.close();
  });

  it("reads a thread's last records alone, and the rest before them, in order", async () => {
    const store = await openThreadStore({ name: name() });
    await readsTheEndFirst(store);
    store.close();
  });

  it('appends after the last record, and two connections appending at once never share a position', async () => {
    const db = name();
    const [a, b] = await Promise.all([
      openThreadStore({ name: db }),
      openThreadStore({ name: db }),
    ]);
    await a.put('t', 4, userMessage('saved earlier'));
    const positions = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).append!('t', userMessage(`m${i}`))),
    );
    expect([...positions].sort((x, y) => x - y)).to.deep.equal(
      Array.from({ length: 20 }, (_, i) => i + 5),
    );
    const { messages } = await b.load('t');
    expect(messages).to.have.length(21);
    expect(messages.map((m) => (m.message as { text: string }).text).sort()).to.include.members([
      'saved earlier',
      'm0',
      'm19',
    ]);
    a.close();
    b.close();
  });

  it('round-trips any generated thread through real IndexedDB', async function () {
    this.timeout(fuzzTimeout(40, 30));
    const store = await openThreadStore({ name: name() });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(threadMessages, async (messages) => {
        const id = `thread-${run++}`;
        for (const [position, message] of messages.entries())
          await store.put(id, position, serializeMessage(message));
        const { messages: loaded } = await store.load(id);
        expect({ version: 1, messages: loaded.map((record) => record.message) }).to.deep.equal(
          serializeThread(messages),
        );
      }),
      { numRuns: fuzzRuns(40) },
    );
    store.close();
  });

  it('upgrades a version 1 database, where each thread was one record', async () => {
    const db = name();
    const legacy = await openDB(db, 1, {
      upgrade: (d) => void d.createObjectStore('threads', { keyPath: 'id' }),
    });
    await legacy.put('threads', {
      id: 'course-7',
      updatedAt: 1,
      messages: [
        userMessage('kept from v1'),
        {
          role: 'assistant',
          id: 'a',
          status: 'complete',
          items: [{ kind: 'text', key: 't', text: 'answer from v1' }],
        },
      ],
    });
    legacy.close();
    const store = await openThreadStore({ name: db });
    const { messages } = await store.load('course-7');
    expect(messages.map((m) => (m.message as { id: string }).id)).to.deep.equal([
      'u-kept from v1',
      'a',
    ]);
    store.close();
    const upgraded = await openDB(db);
    expect(upgraded.version).to.equal(DB_VERSION);
    expect([...upgraded.objectStoreNames]).to.deep.equal(['messages', 'threads']);
    upgraded.close();
  });

  it('skips records from a newer version and leaves them in place', async () => {
    const db = name();
    const store = await openThreadStore({ name: db });
    await store.put('t', 0, userMessage('readable'));
    store.close();
    const raw = await openDB(db);
    await raw.put('messages', {
      threadId: 't',
      position: 1,
      version: 99,
      bytes: 10,
      message: { from: 'the future' },
    });
    raw.close();
    const again = await openThreadStore({ name: db });
    const loaded = await again.load('t');
    expect(loaded.messages).to.have.length(1);
    expect(loaded.skipped).to.equal(1);
    again.close();
    const check = await openDB(db);
    expect(await check.get('messages', ['t', 1])).to.deep.include({ version: 99 });
    check.close();
  });

  it('prunes the least recently updated threads beyond the budget', async () => {
    const store = await openThreadStore({ name: name(), maxThreads: 2 });
    for (const id of ['old', 'middle', 'new']) {
      await store.put(id, 0, userMessage(id));
      // Threads are aged by Date.now() at their last save: the next one must get a later stamp.
      const saved = Date.now();
      await waitUntil(() => Date.now() > saved, 'the clock did not move on', { interval: 1 });
    }
    expect((await store.load('old')).messages).to.deep.equal([]);
    expect((await store.load('middle')).messages).to.have.length(1);
    expect((await store.load('new')).messages).to.have.length(1);
    store.close();
  });

  it('a thread over its cap loses its largest file data, another thread nothing', async () => {
    const db = name();
    const store = await openThreadStore({ name: db, maxBytes: 1_000_000, maxThreadBytes: 100_000 });
    await store.put('first', 0, userMessage('first question'));
    await store.put('first', 1, answerWithFiles('first answer', [20_000]));
    await store.put('second', 0, userMessage('second question'));
    // 150,000 characters of files: the two largest go, the thread is then within its 100,000.
    await store.append!(
      'second',
      answerWithFiles('second answer', [30_000, 50_000, 10_000, 40_000, 20_000]),
    );
    expect(await texts(store, 'first')).to.deep.equal(['u-first question', 'first answer']);
    const second = (await store.load('second')).messages;
    expect(second).to.have.length(2);
    expect(filesKept(second[1]!.message)).to.deep.equal({
      'part-30000.pdf': true,
      'part-50000.pdf': false,
      'part-10000.pdf': true,
      'part-40000.pdf': false,
      'part-20000.pdf': true,
    });
    const raw = await openDB(db);
    const meta = (await raw.get('threads', 'second')) as { bytes: number };
    const records = (await raw.getAll(
      'messages',
      IDBKeyRange.bound(['second', 0], ['second', 9]),
    )) as {
      bytes: number;
      message: unknown;
    }[];
    expect(meta.bytes).to.be.at.most(100_000);
    expect(meta.bytes).to.equal(
      records.reduce((sum, r) => sum + JSON.stringify(r.message).length, 0),
    );
    raw.close();
    store.close();
  });

  it('past its cap a thread drops earlier file data, then its oldest records', async () => {
    const store = await openThreadStore({
      name: name(),
      maxBytes: 1_000_000,
      maxThreadBytes: 100_000,
    });
    await store.put('t', 0, answerWithFiles('early', [60_000]));
    await store.put('t', 1, question('1', 'a'.repeat(30_000)));
    await store.put('t', 2, question('2', 'b'.repeat(30_000)));
    let messages = (await store.load('t')).messages;
    expect(messages.map((m) => m.position)).to.deep.equal([0, 1, 2]);
    expect(filesKept(messages[0]!.message)).to.deep.equal({ 'part-60000.pdf': false });
    await store.put('t', 3, question('3', 'c'.repeat(30_000)));
    await store.put('t', 4, question('4', 'd'.repeat(30_000)));
    messages = (await store.load('t')).messages;
    expect(messages.map((m) => m.position)).to.deep.equal([2, 3, 4]);
    store.close();
  });

  it("a message over its thread's cap alone is refused; the store goes on", async () => {
    const store = await openThreadStore({
      name: name(),
      maxBytes: 1_000_000,
      maxThreadBytes: 100_000,
    });
    await store.put('t', 0, question('0', 'a'.repeat(30_000)));
    const error = await store
      .put('t', 1, question('1', 'e'.repeat(150_000)))
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(StoreError);
    expect((error as StoreError).code).to.equal('quota');
    expect(await texts(store, 't')).to.deep.equal(['0']);
    await store.put('t', 1, question('1', 'still saving'));
    await store.put('other', 0, userMessage('still saving'));
    expect(await texts(store, 't')).to.deep.equal(['0', '1']);
    expect(await texts(store, 'other')).to.deep.equal(['u-still saving']);
    store.close();
  });

  it('prunes the oldest threads past the total budget, each counted at most its cap', async () => {
    const db = name();
    const options = { name: db, maxBytes: 40_000, maxThreadBytes: 10_000 };
    let store = await openThreadStore(options);
    const nineThousand = (id: string) => question(id, id.padEnd(9_000, '.'));
    for (const id of ['oldest', 'old', 'middle', 'new']) {
      await store.put(id, 0, nineThousand(id));
      await tick();
    }
    store.close();
    // A thread saved before it had a cap, ten times its cap: it counts as 10,000.
    const raw = await openDB(db);
    await raw.put('threads', { id: 'legacy', updatedAt: Date.now(), bytes: 100_000 });
    await raw.put('messages', {
      threadId: 'legacy',
      position: 0,
      version: 1,
      bytes: 100_000,
      message: userMessage('legacy'),
    });
    raw.close();
    await tick();
    store = await openThreadStore(options);
    await store.put('newest', 0, nineThousand('newest'));
    for (const [id, kept] of Object.entries({
      oldest: 0,
      old: 0,
      middle: 1,
      new: 1,
      legacy: 1,
      newest: 1,
    }))
      expect((await store.load(id)).messages, id).to.have.length(kept);
    store.close();
  });

  it('gives up its transactions in the back/forward cache, and saves once back', async () => {
    const db = name();
    const store = await openThreadStore({ name: db });
    // Another page of the origin (an iframe: its own window, its own connection).
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const other = await otherPage(frame.contentWindow!.indexedDB, db);
    let landed = false;
    const saving = store.put('a', 0, userMessage('saved as the reader leaves')).then(() => {
      landed = true;
    });
    // What the browser fires as it keeps the page, frozen, in the back/forward cache. WebKit
    // keeps a frozen page's transactions open, and the other page's saves would wait behind them.
    dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    await other.saveThread('b');
    expect(await other.count(), 'given up while away').to.equal(0);
    expect(landed).to.equal(false);
    dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await saving;
    expect(await texts(store, 'a')).to.deep.equal(['u-saved as the reader leaves']);
    other.close();
    frame.remove();
  });

  it('says clearly when IndexedDB is missing or an older tab blocks the upgrade', async () => {
    let error = await openThreadStore({ indexedDB: null }).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(StoreError);
    expect((error as StoreError).code).to.equal('unavailable');
    const db = name();
    const old = await openDB(db, 1, {
      upgrade: (d) => void d.createObjectStore('threads', { keyPath: 'id' }),
    });
    // The old connection ignores the request to close, as a stale tab would.
    old.addEventListener('versionchange', (event) => event.stopImmediatePropagation());
    error = await openThreadStore({ name: db }).catch((e: unknown) => e);
    expect((error as StoreError).code).to.equal('blocked');
    old.close();
  });
});

describe('memory thread store', () => {
  it("reads a thread's last records alone, and the rest before them, in order", async () => {
    await readsTheEndFirst(memoryStore());
  });

  it('appends after the last position of each thread', async () => {
    const store = memoryStore();
    await store.put('t', 2, userMessage('two'));
    expect(await store.append!('t', userMessage('three'))).to.equal(3);
    expect(await store.append!('other', userMessage('first'))).to.equal(0);
    expect((await store.load('t')).messages.map((m) => m.position)).to.deep.equal([2, 3]);
  });

  it('holds each thread to its cap as the IndexedDB store does', async () => {
    const store = memoryStore({ maxThreadBytes: 100_000 });
    await store.put('first', 0, answerWithFiles('first answer', [60_000]));
    await store.put('second', 0, userMessage('second question'));
    await store.append!(
      'second',
      answerWithFiles('second answer', [30_000, 50_000, 10_000, 40_000, 20_000]),
    );
    expect(filesKept((await store.load('first')).messages[0]!.message)).to.deep.equal({
      'part-60000.pdf': true,
    });
    expect(filesKept((await store.load('second')).messages[1]!.message)).to.deep.equal({
      'part-30000.pdf': true,
      'part-50000.pdf': false,
      'part-10000.pdf': true,
      'part-40000.pdf': false,
      'part-20000.pdf': true,
    });
  });

  it('caps a thread at 12.5 MB by default; of equal files the last lose their data', async () => {
    const store = memoryStore();
    // 30 files of 500,000 characters: 15 MB, six of them too many.
    await store.put('t', 0, answerWithFiles('big answer', Array<number>(30).fill(500_000)));
    const [saved] = (await store.load('t')).messages;
    const items = (saved!.message as { items: { kind: string; url: string }[] }).items;
    const kept = items.filter((item) => item.kind === 'file').map((item) => item.url !== '');
    expect(kept).to.deep.equal([
      ...Array<boolean>(24).fill(true),
      ...Array<boolean>(6).fill(false),
    ]);
    expect(JSON.stringify(saved!.message).length).to.be.within(12_000_000, 12_500_000);
  });
});
