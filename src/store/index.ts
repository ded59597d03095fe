/**
 * answer-ui/store: thread persistence. `openThreadStore()` opens the
 * IndexedDB store (it rejects with a `StoreError` when storage cannot be
 * used; `memoryStore()` is the in-memory stand-in). The projection
 * functions turn a conversation into what is saved and back.
 */
import { openIndexedDBStore, type StoreOptions } from './indexeddb-store.js';
import type { ThreadStore } from './thread-store.js';

export { type StoreOptions } from './indexeddb-store.js';
export { memoryStore, type MemoryStoreOptions } from './memory-store.js';
export { StoreError } from './errors.js';
export { DB_VERSION } from './schema.js';
export { type ThreadStore, type LoadedMessages } from './thread-store.js';
export { serializeThread, serializeMessage } from './serialize.js';
export { deserializeThread, deserializeMessage } from './restore.js';
export {
  CAPS,
  PROJECTION_VERSION,
  type SavedThread,
  type SavedMessage,
  type SavedItem,
} from './projection.js';
export { ThreadSync } from './sync.js';

/** Opens the embedded IndexedDB store. */
export function openThreadStore(options: StoreOptions = {}): Promise<ThreadStore> {
  return openIndexedDBStore(options);
}
