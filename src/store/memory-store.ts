import { StoreError } from './errors.js';
import type { SavedMessage } from './projection.js';
import { defaultThreadCap, fitThread, MAX_BYTES, sizeOf, type Sized } from './thread-cap.js';
import type { ThreadStore } from './thread-store.js';

/*
 * The stand-in when IndexedDB cannot be used, and the store tests run on:
 * it keeps the ThreadStore contract (copies in and out, positions from
 * `append`) and each thread's cap, so a thread behaves the same on it, only
 * nothing outlives the page.
 */

export interface MemoryStoreOptions {
  /** Keep at most this many bytes of one thread, as the IndexedDB store does (default 12.5 MB). */
  maxThreadBytes?: number;
}

/** A store that keeps threads in memory only (used when IndexedDB is unavailable, and in tests). */
export function memoryStore(options: MemoryStoreOptions = {}): ThreadStore {
  const maxThreadBytes = options.maxThreadBytes ?? defaultThreadCap(MAX_BYTES);
  const threads = new Map<string, { messages: Map<number, Sized>; next: number; bytes: number }>();
  const thread = (threadId: string) => {
    let saved = threads.get(threadId);
    if (!saved) threads.set(threadId, (saved = { messages: new Map(), next: 0, bytes: 0 }));
    return saved;
  };
  const put = (threadId: string, position: number, message: SavedMessage) => {
    const saved = thread(threadId);
    const copy = structuredClone(message);
    let saving: Sized = { position, bytes: sizeOf(copy), message: copy };
    let bytes = saved.bytes - (saved.messages.get(position)?.bytes ?? 0) + saving.bytes;
    if (bytes > maxThreadBytes) {
      const others = [...saved.messages.values()].filter((record) => record.position !== position);
      const fit = fitThread(saving, others, maxThreadBytes);
      if (!fit)
        throw new StoreError(
          'quota',
          `a message over the conversation's cap (${maxThreadBytes} bytes) is not saved`,
        );
      fit.rewrite.forEach((record) => saved.messages.set(record.position, record));
      fit.drop.forEach((gone) => saved.messages.delete(gone));
      ({ saving, bytes } = fit);
    }
    saved.messages.set(position, saving);
    saved.bytes = bytes;
    saved.next = Math.max(saved.next, position + 1);
  };
  const sorted = (threadId: string) =>
    [...(threads.get(threadId)?.messages.values() ?? [])].sort((a, b) => a.position - b.position);
  const copies = (records: Sized[]) => ({
    messages: records.map(({ position, message }) => ({
      position,
      message: structuredClone(message),
    })),
    skipped: 0,
  });
  return {
    async load(threadId, range = {}) {
      const before = range.before ?? Infinity;
      return copies(sorted(threadId).filter((record) => record.position < before));
    },
    async loadLast(threadId, count) {
      return copies(sorted(threadId).slice(-count));
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
      for (const [at, record] of saved.messages)
        if (at >= position) {
          saved.messages.delete(at);
          saved.bytes -= record.bytes;
        }
      saved.next = position;
    },
    async clear(threadId) {
      threads.delete(threadId);
    },
    close() {},
  };
}
