import type { SavedMessage } from './projection.js';

/*
 * What the IndexedDB database holds, in one place: a change to a record's
 * shape is a new DB_VERSION and a step in migrations.ts, or the old records
 * in users' browsers can no longer be read.
 */

/** The database schema version. 1 kept each thread as one record; 2 keeps one record per message. */
export const DB_VERSION = 2;

/** A record of the `threads` object store: what pruning needs without reading any message. */
export interface ThreadMeta {
  id: string;
  updatedAt: number;
  bytes: number;
}

/** A record of the `messages` object store, keyed by `[threadId, position]`. */
export interface MessageRecord {
  threadId: string;
  position: number;
  /** Projection format of `message`. */
  version: number;
  bytes: number;
  message: SavedMessage;
}

/** The keys of every message record of one thread. */
export const threadRange = (threadId: string) =>
  IDBKeyRange.bound([threadId, -Infinity], [threadId, Infinity]);
