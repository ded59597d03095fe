import { openDB, type IDBPDatabase } from 'idb';
import { StoreError } from './errors.js';
import { PROJECTION_VERSION, type SavedMessage } from './projection.js';

export { StoreError };

/**
 * Where threads are kept. IndexedDB is the default; a host can pass its own
 * implementation (a server, another database) to `<agent-thread>.store`.
 */
export interface ThreadStore {
  /** The thread's messages by position, oldest first; records this version cannot read are skipped and counted. */
  load(
    threadId: string,
  ): Promise<{ messages: { position: number; message: unknown }[]; skipped: number }>;
  /** Saves one message at its position, replacing what was there. Cost does not depend on the thread's length. */
  put(threadId: string, position: number, message: SavedMessage): Promise<void>;
  /**
   * Saves a new message after every record of the thread, choosing its
   * position in the same step, and resolves with that position. Pages that
   * add to one thread at once then never write over each other. A store
   * without it gets positions from the page, which only one page at a time
   * can use safely.
   */
  append?(threadId: string, message: SavedMessage): Promise<number>;
  /** Forgets the thread's messages from `position` on (an answer regenerated, a question edited). */
  truncate?(threadId: string, position: number): Promise<void>;
  /** Forgets a thread. */
  clear(threadId: string): Promise<void>;
  /** Releases resources (the database connection). */
  close(): void;
}

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

/** The database schema version. 1 kept each thread as one record; 2 keeps one record per message. */
export const DB_VERSION = 2;

interface ThreadMeta {
  id: string;
  updatedAt: number;
  bytes: number;
}

interface MessageRecord {
  threadId: string;
  position: number;
  /** Projection format of `message`. */
  version: number;
  bytes: number;
  message: SavedMessage;
}

/** Version 1 records: a whole thread, as the first design saved it. */
interface LegacyThread {
  id: string;
  updatedAt?: number;
  messages?: unknown[];
}

const range = (threadId: string) => IDBKeyRange.bound([threadId, -Infinity], [threadId, Infinity]);

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
      async upgrade(database, oldVersion, _newVersion, transaction) {
        if (oldVersion < 1) database.createObjectStore('threads', { keyPath: 'id' });
        if (oldVersion < 2) {
          const messages = database.createObjectStore('messages', {
            keyPath: ['threadId', 'position'],
          });
          if (oldVersion === 1) {
            // Split each whole-thread record into message records, keeping what can be read.
            const threads = transaction.objectStore('threads');
            for (const legacy of (await threads.getAll()) as LegacyThread[]) {
              let bytes = 0;
              for (const [position, message] of (legacy.messages ?? []).entries()) {
                const size = JSON.stringify(message ?? null).length;
                bytes += size;
                await messages.put({
                  threadId: legacy.id,
                  position,
                  version: PROJECTION_VERSION,
                  bytes: size,
                  message,
                } as MessageRecord);
              }
              await threads.put({
                id: legacy.id,
                updatedAt: legacy.updatedAt ?? Date.now(),
                bytes,
              } satisfies ThreadMeta);
            }
          }
        }
      },
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
      tx.objectStore('messages').delete(range(threadId)),
      tx.objectStore('threads').delete(threadId),
      tx.done,
    ]);
  }

  return {
    async load(threadId) {
      if (failed) throw failed;
      let records: MessageRecord[];
      try {
        records = (await db.getAll('messages', range(threadId))) as MessageRecord[];
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
        const last = await messages.openKeyCursor(range(threadId), 'prev');
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

  /** Prunes at most once a minute per thread: pruning reads every thread's size. */
  function pruneDue(threadId: string): boolean {
    const now = Date.now();
    if (now - (lastPrune.get(threadId) ?? 0) < 60_000) return false;
    lastPrune.set(threadId, now);
    return true;
  }
}

/** A store that keeps threads in memory only (used when IndexedDB is unavailable, and in tests). */
export function memoryStore(): ThreadStore {
  const threads = new Map<string, { messages: Map<number, SavedMessage>; next: number }>();
  const thread = (threadId: string) => {
    let saved = threads.get(threadId);
    if (!saved) threads.set(threadId, (saved = { messages: new Map(), next: 0 }));
    return saved;
  };
  const put = (threadId: string, position: number, message: SavedMessage) => {
    const saved = thread(threadId);
    saved.messages.set(position, structuredClone(message));
    saved.next = Math.max(saved.next, position + 1);
  };
  return {
    async load(threadId) {
      const saved = threads.get(threadId)?.messages ?? new Map<number, SavedMessage>();
      return {
        messages: [...saved.entries()]
          .sort(([a], [b]) => a - b)
          .map(([position, message]) => ({ position, message: structuredClone(message) })),
        skipped: 0,
      };
    },
    async put(threadId, position, message) {
      put(threadId, position, message);
    },
    async append(threadId, message) {
      const position = thread(threadId).next;
      put(threadId, position, message);
      return position;
    },
    async truncate(threadId, position) {
      const saved = thread(threadId);
      for (const at of saved.messages.keys()) if (at >= position) saved.messages.delete(at);
      saved.next = position;
    },
    async clear(threadId) {
      threads.delete(threadId);
    },
    close() {},
  };
}
