import { loadOnce } from '../../base/lazy.js';

/**
 * Defines the elements of a turn's content (see `define.ts`). A thread asks
 * for them when the page is idle, or at once when it has a saved
 * conversation to show, and waits for them before it shows messages.
 */
export const loadTurnElements = loadOnce(() => import('./extras.chunk.js'));
