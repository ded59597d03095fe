import { loadOnce } from '../base/lazy.js';
import type { ThreadState } from '../conversation/index.js';

/** The A2UI surfaces' chunk, loaded once a thread is sent a surface. */
const loadShower = loadOnce(() => import('./surfaces.chunk.js'));

/**
 * Gives `state` its A2UI surface shower, loading it on first use, and shows
 * the surfaces that waited for it. Rejects when it fails to load (the
 * surfaces wait, as placeholders, for the next surface to try again).
 */
export async function readSurfaces(state: ThreadState): Promise<void> {
  state.surfaceShower ??= (await loadShower()).surfaceShower;
  state.readSurfaces();
}
