import type { SavedMessage, ThreadStore } from '../store/index.js';

/** A memory or IndexedDB store holding `messages` for `threadId`, at positions 0, 1, 2…, as a page saved them. */
export async function seedThread<S extends ThreadStore>(
  store: S,
  threadId: string,
  messages: SavedMessage[],
): Promise<S> {
  for (const [position, message] of messages.entries())
    await store.put(threadId, position, message);
  return store;
}
