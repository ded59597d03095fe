import { loadOnce } from '../base/lazy.js';
import type { AssistantTurn, Change, ThreadState } from '../conversation/index.js';

/** The A2UI surfaces' chunk, loaded once a thread is sent a surface. */
const loadSurfaces = loadOnce(() => import('./surfaces.chunk.js'));

/**
 * Shows in `turn` a surface that came before `state` had its A2UI surface
 * shower, loading it on first use. The surfaces that wait are shown in the
 * order they came, as what they hold once the turn is over. Rejects when
 * the shower fails to load (the next surface tries again).
 */
export async function showSurface(
  state: ThreadState,
  turn: AssistantTurn,
  surface: NonNullable<Change['surface']>,
): Promise<void> {
  const { surfaces } = await loadSurfaces();
  state.surfaces ??= surfaces;
  state.announce(surfaces.showLate(state, turn, surface));
}
