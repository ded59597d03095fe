import type { SavedMessage } from './projection.js';
import type { ThreadStore } from './thread-store.js';

/*
 * The stand-in when IndexedDB cannot be used, and the store tests run on:
 * it keeps the ThreadStore contract (copies in and out, positions from
 * `append`) so a thread behaves the same on it, only nothing outlives the page.
 */

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
