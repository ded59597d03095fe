/**
 * answer-ui/store: thread persistence. `openThreadStore()` opens the
 * IndexedDB store (it rejects with a `StoreError` when storage cannot be
 * used; `memoryStore()` is the in-memory stand-in). The projection
 * functions turn a conversation into what is saved and back.
 */
import { openIndexedDBStore, type StoreOptions, type ThreadStore } from './store.js';

export {
  memoryStore,
  StoreError,
  DB_VERSION,
  type StoreOptions,
  type ThreadStore,
} from './store.js';
export {
  serializeThread,
  deserializeThread,
  serializeMessage,
  deserializeMessage,
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
