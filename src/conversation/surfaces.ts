import type { AssistantTurn, BlockItem, SurfaceItem, TurnItem } from './messages.js';
import type { Change, SurfaceShower } from './thread-state.js';

/**
 * What an A2UI surface's messages make (`fromA2ui` of `answer-ui/a2ui`): its
 * blocks, the components they leave out, and whether the messages are whole
 * yet (a root and every child it names).
 */
export type SurfaceReader = (messages: unknown) => {
  blocks: unknown[];
  notShown: string[];
  whole: boolean;
};

/** The blocks each surface of a turn made last, by surface. */
const madeBy = new WeakMap<AssistantTurn, Map<string, string[]>>();

/**
 * Shows each A2UI surface as the blocks `read` makes of it, once its
 * messages are whole (or, for a surface that never was, what it holds when
 * its turn ends): in place of its placeholder, or of the blocks it made
 * before, which an update changes where they stand. Until then, a
 * placeholder; a surface shown once keeps its last whole version, as a
 * block does. The last block carries the note of what the surface left out.
 */
export const showSurfaces =
  (read: SurfaceReader): SurfaceShower =>
  (state, turn, id, messages, last) => {
    const surfaces = madeBy.get(turn) ?? new Map<string, string[]>();
    madeBy.set(turn, surfaces);
    const before = surfaces.get(id) ?? [];
    const key = `surface:${id}`;
    const placeholder = turn.items.find((i): i is SurfaceItem => i.key === key);
    const surface = read(messages);
    if (!surface.whole && (!last || before.length)) {
      if (placeholder || before.length || last) return undefined;
      turn.items.push({ kind: 'surface', key });
      return { turn, preparing: true };
    }
    const blockOf = (blockId: string) =>
      turn.items.find((i): i is BlockItem => i.kind === 'block' && i.blockId === blockId);
    // New blocks follow the placeholder, or the last block the surface made.
    let anchor: TurnItem | undefined = placeholder ?? before.map(blockOf).at(-1);
    let change: Change = { turn };
    const now: string[] = [];
    for (const block of surface.blocks) {
      const { newBlock, rejected } = state.applyBlock(turn, block, { placeholder: anchor });
      const item = newBlock ?? blockOf((block as { block_id: string }).block_id);
      if (!item) continue;
      anchor = item;
      now.push(item.blockId);
      delete item.notShown;
      change = {
        turn,
        newBlock: change.newBlock ?? newBlock,
        rejected: change.rejected ?? rejected,
      };
    }
    if (surface.notShown.length && anchor?.kind === 'block') anchor.notShown = surface.notShown;
    // A block the surface no longer makes goes; so does the placeholder.
    const gone = new Set(before.filter((blockId) => !now.includes(blockId)));
    turn.items = turn.items.filter(
      (i) => i !== placeholder && !(i.kind === 'block' && gone.has(i.blockId)),
    );
    surfaces.set(id, now);
    return change;
  };
