import { loadOnce } from '../../base/lazy.js';
import type { ThreadStore } from '../../store/index.js';

/*
 * The store and its projection load with the first thread that is saved
 * (or restored): a page that saves nothing loads neither.
 */

let sharedStore: Promise<ThreadStore> | undefined;

/**
 * The store module (the IndexedDB store and the projection that turns
 * messages into records and back) and the merge of what is saved with what
 * is shown, which only a thread that loads its saved records needs.
 */
export const loadStore = loadOnce(() =>
  Promise.all([import('../../store/index.js'), import('./merge-saved.chunk.js')]).then(
    ([store, merge]) => ({
      ...store,
      readSaved: merge.readSaved,
    }),
  ),
);

/** The page's IndexedDB store, shared by every thread of the page that has no store of its own. */
export const openSharedStore = () =>
  (sharedStore ??= loadStore().then((store) => store.openThreadStore()));
