import type { IDBPDatabase, IDBPTransaction } from 'idb';
import { PROJECTION_VERSION } from './projection.js';
import type { MessageRecord, ThreadMeta } from './schema.js';

/*
 * Brings a database saved by an earlier version up to DB_VERSION, keeping
 * what it can read: a user who updates keeps their conversations.
 */

/** Version 1 records: a whole thread, as the first design saved it. */
interface LegacyThread {
  id: string;
  updatedAt?: number;
  messages?: unknown[];
}

/** The `upgrade` callback of `openDB`: each version's step, from the database's version on. */
export async function upgrade(
  database: IDBPDatabase,
  oldVersion: number,
  _newVersion: number | null,
  transaction: IDBPTransaction<unknown, string[], 'versionchange'>,
): Promise<void> {
  if (oldVersion < 1) database.createObjectStore('threads', { keyPath: 'id' });
  if (oldVersion < 2) {
    database.createObjectStore('messages', { keyPath: ['threadId', 'position'] });
    if (oldVersion === 1) await splitThreads(transaction);
  }
}

/** Version 1 to 2: each whole-thread record becomes message records and the thread's size. */
async function splitThreads(transaction: IDBPTransaction<unknown, string[], 'versionchange'>) {
  const messages = transaction.objectStore('messages');
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
