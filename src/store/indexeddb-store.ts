import { openDB, type IDBPDatabase } from 'idb';
import { StoreError } from './errors.js';
import { upgrade } from './migrations.js';
import { PROJECTION_VERSION, type SavedMessage } from './projection.js';
import { DB_VERSION, threadRange, type MessageRecord, type ThreadMeta } from './schema.js';
import type { ThreadStore } from './thread-store.js';

/*
 * The store a page gets when it passes none: IndexedDB, one record per
 * message so that saving a turn costs the same in a long thread as in a
 * short one, pruned under a budget, and turning every storage fault into one
 * StoreError so that the thread can go on in memory.
 */

export interface StoreOptions {
  /** Database name (default "answer-ui"). */
  name?: string;
  /** Keep at most this many threads; the least recently updated go first (default 200). */
  maxThreads?: number;
  /** Keep at most this many bytes of saved messages in all (default 50 MB). */
  maxBytes?: number;
  /** Pass `null` to behave as a browser without IndexedDB (private modes). */
  indexedDB?: null;
  /** Called when the store stops working (quota, lost connection); the thread then keeps going in memory. */
  onFailure?: (error: StoreError) => void;
}

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
  const maxBytes = options.maxBytes ?? 50_000_000;
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

  const writeError = (error: unknown) =>
    fail(
      (error as DOMException)?.name === 'QuotaExceededError'
        ? new StoreError('quota', 'there is no space left to save conversations')
        : new StoreError('write', `saving failed: ${String(error)}`),
    );

  async function prune(keep: string) {
    const metas = (await db.getAll('threads')) as ThreadMeta[];
    let total = metas.reduce((sum, meta) => sum + (meta.bytes || 0), 0);
    let count = metas.length;
    const oldest = metas
      .filter((meta) => meta.id !== keep)
      .sort((a, b) => a.updatedAt - b.updatedAt);
    for (const meta of oldest) {
      if (count <= maxThreads && total <= maxBytes) break;
      await clear(meta.id);
      total -= meta.bytes || 0;
      count--;
    }
  }

  async function clear(threadId: string) {
    const tx = db.transaction(['threads', 'messages'], 'readwrite');
    await Promise.all([
      tx.objectStore('messages').delete(threadRange(threadId)),
      tx.objectStore('threads').delete(threadId),
      tx.done,
    ]);
  }

  return {
    async load(threadId) {
      if (failed) throw failed;
      let records: MessageRecord[];
      try {
        records = (await db.getAll('messages', threadRange(threadId))) as MessageRecord[];
      } catch (error) {
        return fail(new StoreError('read', `reading saved conversations failed: ${String(error)}`));
      }
      // Records from a newer version, or damaged ones, stay in the database untouched.
      // (Typed checks first: comparing a damaged field could run its own toString.)
      const readable = records.filter(
        (record) =>
          record &&
          typeof record === 'object' &&
          typeof record.version === 'number' &&
          record.version <= PROJECTION_VERSION &&
          typeof record.position === 'number',
      );
      return {
        messages: readable.map((record) => ({
          position: record.position,
          message: record.message,
        })),
        skipped: records.length - readable.length,
      };
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
        const tx = db.transaction(['threads', 'messages'], 'readwrite');
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
      db.close();
    },
  };

  /**
   * Writes one message record and the thread's size in one transaction. With
   * `next`, the position after the thread's last record is read inside that
   * transaction: IndexedDB runs overlapping read-write transactions one after
   * another, across tabs too, so two pages adding at once get two positions.
   */
  async function save(
    threadId: string,
    at: number | 'next',
    message: SavedMessage,
  ): Promise<number> {
    if (failed) throw failed;
    const bytes = JSON.stringify(message).length;
    let position = 0;
    try {
      const tx = db.transaction(['threads', 'messages'], 'readwrite');
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
      await messages.put({
        threadId,
        position,
        version: PROJECTION_VERSION,
        bytes,
        message,
      } satisfies MessageRecord);
      await threads.put({
        id: threadId,
        updatedAt: Date.now(),
        bytes: (meta?.bytes ?? 0) - (before?.bytes ?? 0) + bytes,
      } satisfies ThreadMeta);
      await tx.done;
    } catch (error) {
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
