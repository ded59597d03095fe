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
} from './index.js';
import { fuzzRuns, fuzzTimeout } from '../test-support/fuzz.js';

const name = () => `answer-ui-test-${Math.random().toString(36).slice(2)}`;
const userMessage = (text: string): SavedMessage => ({ role: 'user', id: `u-${text}`, text });

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
  it('appends after the last position of each thread', async () => {
    const store = memoryStore();
    await store.put('t', 2, userMessage('two'));
    expect(await store.append!('t', userMessage('three'))).to.equal(3);
    expect(await store.append!('other', userMessage('first'))).to.equal(0);
    expect((await store.load('t')).messages.map((m) => m.position)).to.deep.equal([2, 3]);
  });
});
