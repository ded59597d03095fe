import { openDB, type IDBPDatabase, type IDBPObjectStore } from 'idb';
import { StoreError } from './errors.js';
import { upgrade } from './migrations.js';
import { pageTransactions } from './transactions.js';
import { PROJECTION_VERSION, type SavedMessage } from './projection.js';
import { DB_VERSION, threadRange, type MessageRecord, type ThreadMeta } from './schema.js';
import {
  defaultThreadCap,
  fitThread,
  leaveOutOwnFiles,
  MAX_BYTES,
  sizeOf,
  type Sized,
} from './thread-cap.js';
import type { LoadedMessages, ThreadStore } from './thread-store.js';

/*
 * The store a page gets when it passes none: IndexedDB, one record per
 * message so that saving a turn costs the same in a long thread as in a
 * short one, each thread held to its own cap and old threads pruned under a
 * budget, and turning every storage fault into one StoreError so that the
 * thread can go on in memory.
 */

export interface StoreOptions {
  /** Database name (default "answer-ui"). */
  name?: string;
  /** Keep at most this many threads; the least recently saved go first (default 200). */
  maxThreads?: number;
  /**
   * Keep at most this many bytes of saved messages in all (default 50 MB); the least recently
   * saved threads go first, never the one being saved, each counted at most at its cap.
   */
  maxBytes?: number;
  /**
   * Keep at most this many bytes of one thread (default a quarter of `maxBytes`, 12.5 MB; never
   * more than `maxBytes`), so that one thread's answers never push the other threads out. Past
   * it the thread's own largest file data is left out (the file comes back as a chip that says it
   * was not saved), then its oldest messages; a message larger than the cap on its own is not
   * saved (a `quota` StoreError for that save, the store goes on).
   */
  maxThreadBytes?: number;
  /** Pass `null` to behave as a browser without IndexedDB (private modes). */
  indexedDB?: null;
  /** Called when the store stops working (quota, lost connection); the thread then keeps going in memory. */
  onFailure?: (error: StoreError) => void;
}

/** Records read per request when a thread loads. */
const LOAD_PAGE = 500;

/** Milliseconds between two prunes after saves to one thread (a minute): pruning reads every thread's size. */
const PRUNE_INTERVAL = 60_000;

export async function openIndexedDBStore(options: StoreOptions = {}): Promise<ThreadStore> {
  if (options.indexedDB === null || !globalThis.indexedDB) {
    throw new StoreError(
      'unavailable',
      'IndexedDB is not available in this browser (private mode?)',
    );
  }
  const name = options.name ?? 'answer-ui';
  const maxThreads = options.maxThreads ?? 200;
  const maxBytes = options.maxBytes ?? MAX_BYTES;
  const maxThreadBytes = Math.min(options.maxThreadBytes ?? defaultThreadCap(maxBytes), maxBytes);
  let failed: StoreError | undefined;
  /** Records the first fault (the store is unusable from then on) and tells the owner once. */
  const markFailed = (error: StoreError) => {
    if (!failed) {
      failed = error;
      options.onFailure?.(error);
    }
    return failed;
  };
  const fail = (error: StoreError): never => {
    throw markFailed(error);
  };
  const lastPrune = new Map<string, number>();

  const db = await new Promise<IDBPDatabase>((resolve, reject) => {
    openDB(name, DB_VERSION, {
      upgrade,
      blocked() {
        reject(
          new StoreError(
            'blocked',
            'another tab holds an older version of the saved conversations open',
          ),
        );
      },
      terminated() {
        markFailed(
          new StoreError('closed', 'the browser closed the connection to the saved conversations'),
        );
      },
    }).then(resolve, (error: unknown) => reject(new StoreError('unavailable', String(error))));
  });
  // Another tab upgrading the schema asks us to step aside.
  db.addEventListener('versionchange', () => db.close());

  const transactions = pageTransactions(db);
  const inTransaction = transactions.run;

  const writeError = (error: unknown) =>
    fail(
      (error as DOMException)?.name === 'QuotaExceededError'
        ? new StoreError('quota', 'there is no space left to save conversations')
        : new StoreError('write', `saving failed: ${String(error)}`),
    );

  /**
   * Forgets the least recently saved threads other than `keep`, the one being saved, while there
   * are more than maxThreads or they take more than maxBytes. Each thread counts at most at its
   * cap: one larger than that (saved before the cap, or under a larger one) never makes another go.
   */
  async function prune(keep: string) {
    const metas = (await inTransaction('readonly', (tx) =>
      tx.objectStore('threads').getAll(),
    )) as ThreadMeta[];
    const size = (meta: ThreadMeta) => Math.min(meta.bytes || 0, maxThreadBytes);
    let total = metas.reduce((sum, meta) => sum + size(meta), 0);
    let count = metas.length;
    const oldest = metas
      .filter((meta) => meta.id !== keep)
      .sort((a, b) => a.updatedAt - b.updatedAt);
    for (const meta of oldest) {
      if (count <= maxThreads && total <= maxBytes) break;
      await clear(meta.id);
      total -= size(meta);
      count--;
    }
  }

  function clear(threadId: string) {
    return inTransaction('readwrite', async (tx) => {
      await Promise.all([
        tx.objectStore('messages').delete(threadRange(threadId)),
        tx.objectStore('threads').delete(threadId),
        tx.done,
      ]);
    });
  }

  /** Reads records in one transaction; those from a newer version, or damaged, stay in the database untouched. */
  async function read(
    work: (
      messages: IDBPObjectStore<unknown, ['threads', 'messages'], 'messages'>,
    ) => Promise<MessageRecord[]>,
  ): Promise<LoadedMessages> {
    if (failed) throw failed;
    let records: MessageRecord[];
    try {
      records = await inTransaction('readonly', (tx) => work(tx.objectStore('messages')));
    } catch (error) {
      return fail(new StoreError('read', `reading saved conversations failed: ${String(error)}`));
    }
    const readable = records.filter(isReadable);
    return {
      messages: readable.map((record) => ({ position: record.position, message: record.message })),
      skipped: records.length - readable.length,
    };
  }

  return {
    load(threadId, range = {}) {
      // In requests of LOAD_PAGE records: each request's records are copied into the page in
      // a task of its own, so a long thread comes in over several tasks rather than one.
      return read(async (messages) => {
        const end = [threadId, range.before ?? Infinity];
        const records: MessageRecord[] = [];
        for (let from = -Infinity, after = false; ; after = true) {
          const page = (await messages.getAll(
            IDBKeyRange.bound([threadId, from], end, after, range.before !== undefined),
            LOAD_PAGE,
          )) as MessageRecord[];
          records.push(...page);
          if (page.length < LOAD_PAGE) return records;
          from = page[page.length - 1]!.position;
        }
      });
    },
    loadLast(threadId, count) {
      return read(async (messages) => {
        const last = await messages.openKeyCursor(threadRange(threadId), 'prev');
        if (!last) return [];
        const first = count > 1 ? await last.advance(count - 1) : last;
        const from = first ? first.key : [threadId, -Infinity];
        return (await messages.getAll(
          IDBKeyRange.bound(from, [threadId, Infinity]),
        )) as MessageRecord[];
      });
    },
    put(threadId, position, message) {
      return save(threadId, position, message).then(() => undefined);
    },
    append(threadId, message) {
      return save(threadId, 'next', message);
    },
    async truncate(threadId, position) {
      if (failed) throw failed;
      try {
        await inTransaction('readwrite', async (tx) => {
          const later = IDBKeyRange.bound([threadId, position], [threadId, Infinity]);
          const [gone, meta] = await Promise.all([
            tx.objectStore('messages').getAll(later) as Promise<MessageRecord[]>,
            tx.objectStore('threads').get(threadId),
          ]);
          await tx.objectStore('messages').delete(later);
          const bytes = gone.reduce((sum, record) => sum + (record.bytes || 0), 0);
          if (meta)
            await tx.objectStore('threads').put({
              ...(meta as ThreadMeta),
              updatedAt: Date.now(),
              bytes: Math.max(0, (meta as ThreadMeta).bytes - bytes),
            });
          await tx.done;
        });
      } catch (error) {
        writeError(error);
      }
    },
    async clear(threadId) {
      if (failed) throw failed;
      try {
        await clear(threadId);
      } catch (error) {
        writeError(error);
      }
    },
    close() {
      transactions.stop();
      db.close();
    },
  };

  /**
   * Writes one message record and the thread's size in one transaction. With
   * `next`, the position after the thread's last record is read inside that
   * transaction: IndexedDB runs overlapping read-write transactions one after
   * another, across tabs too, so two pages adding at once get two positions.
   * A thread that would go past its cap is brought back within it in the
   * same transaction (thread-cap.ts): first from the message's own file data,
   * which needs no other record; only if that is not enough are the thread's
   * records read.
   */
  async function save(
    threadId: string,
    at: number | 'next',
    message: SavedMessage,
  ): Promise<number> {
    if (failed) throw failed;
    let position = 0;
    try {
      await inTransaction('readwrite', async (tx) => {
        const messages = tx.objectStore('messages');
        const threads = tx.objectStore('threads');
        if (at === 'next') {
          const last = await messages.openKeyCursor(threadRange(threadId), 'prev');
          position = last ? (last.key as [string, number])[1] + 1 : 0;
        } else position = at;
        const [before, meta] = await Promise.all([
          at === 'next'
            ? undefined
            : (messages.get([threadId, position]) as Promise<MessageRecord | undefined>),
          threads.get(threadId) as Promise<ThreadMeta | undefined>,
        ]);
        const others = Math.max(0, (meta?.bytes ?? 0) - (before?.bytes ?? 0));
        let saving: Sized = { position, bytes: sizeOf(message), message };
        if (others + saving.bytes > maxThreadBytes)
          saving = leaveOutOwnFiles(saving, maxThreadBytes - others);
        let bytes = others + saving.bytes;
        if (bytes > maxThreadBytes) {
          const records = (await messages.getAll(threadRange(threadId))) as MessageRecord[];
          const rest = records.filter((record) => record.position !== position);
          const readable = rest.filter(isReadable);
          const untouched = rest
            .filter((record) => !isReadable(record))
            .reduce((sum, record) => sum + (Number(record?.bytes) || 0), 0);
          const fit = fitThread(saving, readable, maxThreadBytes, untouched);
          if (!fit)
            throw new StoreError(
              'quota',
              `a message over the conversation's cap (${maxThreadBytes} bytes) is not saved`,
            );
          const byPosition = new Map(readable.map((record) => [record.position, record]));
          for (const record of fit.rewrite)
            await messages.put({ ...byPosition.get(record.position)!, ...record });
          for (const gone of fit.drop) await messages.delete([threadId, gone]);
          ({ saving, bytes } = fit);
        }
        await messages.put({
          threadId,
          position,
          version: PROJECTION_VERSION,
          bytes: saving.bytes,
          message: saving.message,
        } satisfies MessageRecord);
        await threads.put({ id: threadId, updatedAt: Date.now(), bytes } satisfies ThreadMeta);
        await tx.done;
      });
    } catch (error) {
      // Over its own cap: this thread's problem, the store goes on for the others.
      if (error instanceof StoreError) throw error;
      writeError(error);
    }
    if (pruneDue(threadId)) await prune(threadId).catch(() => undefined);
    return position;
  }

  /** Whether a save to the thread prunes: at most once every PRUNE_INTERVAL per thread. */
  function pruneDue(threadId: string): boolean {
    const now = Date.now();
    if (now - (lastPrune.get(threadId) ?? 0) < PRUNE_INTERVAL) return false;
    lastPrune.set(threadId, now);
    return true;
  }
}

/**
 * Whether this version can read a record. (Typed checks first: comparing a
 * damaged field could run its own toString.)
 */
const isReadable = (record: MessageRecord): boolean =>
  !!record &&
  typeof record === 'object' &&
  typeof record.version === 'number' &&
  record.version <= PROJECTION_VERSION &&
  typeof record.position === 'number';
