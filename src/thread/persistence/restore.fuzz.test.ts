import { expect, fixture, html } from '@open-wc/testing';
import fc from 'fast-check';
import { openDB } from 'idb';
import { openThreadStore, serializeMessage, type ThreadStore } from '../../store/index.js';
import { applyMutation, mutation, threadMessages } from '../../test-support/arbitraries.js';
import { fuzzRuns, fuzzTimeout } from '../../test-support/fuzz.js';
import { outline, settle } from '../../test-support/settle.js';
import '../define.js';
import type { AgentThread } from '../elements/thread.js';

/*
 * Whatever the database holds — records from this version, damaged ones,
 * ones from a future version, anything at all — restoring a thread never
 * throws, and every readable message comes back in order and on screen.
 */

const DB = `restore-fuzz-${Date.now()}`;

/** Fields a damaged record might carry in place of, or beside, the real ones. */
const junkRecord = fc.oneof(
  fc.record(
    {
      version: fc.anything({ maxDepth: 2 }),
      bytes: fc.anything({ maxDepth: 1 }),
      message: fc.anything({ maxDepth: 4, withNullPrototype: true }),
    },
    { requiredKeys: [] },
  ),
  fc.record({ version: fc.constant(1), message: fc.anything({ maxDepth: 4 }) }),
  fc.record({
    version: fc.integer({ min: 2, max: 1e6 }),
    message: threadMessages.map((m) => (m[0] ? serializeMessage(m[0]) : null)),
  }),
  fc
    .tuple(threadMessages, fc.array(mutation, { minLength: 1, maxLength: 3 }))
    .map(([messages, edits]) => {
      const message = structuredClone(messages[0] ? serializeMessage(messages[0]) : {}) as object;
      edits.forEach((edit) => applyMutation(message, edit));
      return { version: 1, bytes: 1, message };
    }),
);

type Entry =
  { good: ReturnType<typeof serializeMessage>; text?: string } | { junk: Record<string, unknown> };
const entries: fc.Arbitrary<Entry[]> = fc
  .tuple(
    threadMessages,
    fc.array(junkRecord, { maxLength: 4 }),
    fc.array(fc.nat(), { maxLength: 4 }),
  )
  .map(([messages, junk, places]) => {
    const list: Entry[] = messages.map((m) => ({
      good: serializeMessage(m),
      ...(m.role === 'user' ? { text: m.text } : {}),
    }));
    junk.forEach((record, i) =>
      list.splice((places[i] ?? 0) % (list.length + 1), 0, { junk: record }),
    );
    return list;
  });

const fold = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('restore from arbitrary stored records', () => {
  let store: ThreadStore;
  before(async () => {
    store = await openThreadStore({ name: DB });
  });
  after(() => store.close());

  it('never breaks: readable messages come back in order and show, the rest is skipped', async function () {
    this.timeout(fuzzTimeout(30, 60));
    const errors: string[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.message);
    window.addEventListener('error', onError);
    const db = await openDB(DB);
    // One thread element, switched to a new thread id each run, as a page that opens saved threads would.
    const thread = await fixture<AgentThread>(
      html`<agent-thread no-composer .store=${store}></agent-thread>`,
    );
    let run = 0;
    try {
      await fc.assert(
        fc.asyncProperty(entries, async (list) => {
          const threadId = `t${run++}`;
          const tx = db.transaction(['threads', 'messages'], 'readwrite');
          void tx.objectStore('threads').put({ id: threadId, updatedAt: Date.now(), bytes: 0 });
          list.forEach(
            (entry, position) =>
              void tx.objectStore('messages').put({
                version: 1,
                bytes: 1,
                ...('good' in entry ? { message: entry.good } : entry.junk),
                threadId,
                position,
              }),
          );
          await tx.done;
          thread.threadId = threadId;
          await thread.restored;
          await settle(thread);
          const restoredIds = thread.messages.map((m) => m.id);
          const goodIds = list.flatMap((e) => ('good' in e ? [e.good.id] : []));
          // The readable messages, in order (a damaged record may still read as a message of its own).
          expect(restoredIds.filter((id) => goodIds.includes(id))).to.deep.equal(goodIds);
          const screen = fold(outline(thread).replace(/^\s*"|"\s*$/gm, ''));
          for (const entry of list)
            if ('text' in entry && fold(entry.text!))
              expect(screen).to.include(fold(entry.text!).slice(0, 40));
          expect(errors).to.deep.equal([]);
        }),
        { numRuns: fuzzRuns(30) },
      );
    } finally {
      db.close();
      window.removeEventListener('error', onError);
    }
  });
});
