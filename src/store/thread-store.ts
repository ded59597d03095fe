import type { SavedMessage } from './projection.js';

/*
 * The contract every store keeps, so that <agent-thread> saves the same way
 * to IndexedDB, to memory, or to a host's own back end.
 */

/** Saved records, by position, oldest first; `skipped` counts those this version cannot read. */
export interface LoadedMessages {
  messages: { position: number; message: unknown }[];
  skipped: number;
}

/**
 * Where threads are kept. IndexedDB is the default; a host can pass its own
 * implementation (a server, another database) to `<agent-thread>.store`.
 */
export interface ThreadStore {
  /**
   * The thread's messages by position, oldest first (with `before`, those at
   * a lower position); records this version cannot read are skipped and counted.
   */
  load(threadId: string, range?: { before?: number }): Promise<LoadedMessages>;
  /**
   * The thread's last `count` records by position, oldest first, counted
   * before unreadable ones are skipped. A store that has it lets a long
   * thread show its end first: the rest is read after, with `load(threadId,
   * { before })`, where a store may also return every record.
   */
  loadLast?(threadId: string, count: number): Promise<LoadedMessages>;
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
