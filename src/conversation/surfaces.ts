import {
  MAX_NOT_SHOWN,
  type AssistantTurn,
  type BlockItem,
  type SurfaceItem,
  type TurnItem,
} from './messages.js';
import type { Change, SurfacePart, SurfaceShower, ThreadState } from './thread-state.js';

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

/** The start of a surface placeholder's key; the surface follows. */
const KEY = 'surface:';

/** A surface of a turn: its latest messages and the blocks they made last. */
interface Surface {
  messages: unknown;
  blockIds: string[];
}

/**
 * Shows each A2UI surface as the blocks `read` makes of it, once its
 * messages are whole (or, for a surface that never was, what it holds when
 * its turn ends): in place of its placeholder, or of the blocks it made
 * before, which an update changes where they stand. Until then, a
 * placeholder; a surface shown once keeps its last whole version, as a
 * block does. The last block carries the note of what the surface left out.
 */
export class Surfaces implements SurfaceShower {
  private readonly turns = new WeakMap<AssistantTurn, Map<string, Surface>>();

  constructor(private readonly read: SurfaceReader) {}

  /**
   * Shows a surface that came before this shower was loaded (the thread
   * hands it on once it is) where it came: after the item that was last
   * then. One whose step was retried meanwhile went with that step.
   */
  showLate(
    state: ThreadState,
    turn: AssistantTurn,
    { part, after }: { part: SurfacePart; after?: TurnItem },
  ): Change | undefined {
    const at = after ? turn.items.indexOf(after) + 1 : 0;
    if (after && !at) return undefined;
    const id = part.id ?? 'surface';
    if (!this.turns.get(turn)?.has(id) && !turn.items.some((i) => i.key === KEY + id))
      turn.items.splice(at, 0, { kind: 'surface', key: KEY + id });
    // The turn changed even when the surface is not whole yet: its placeholder is new.
    return this.show(state, turn, part, turn.closed) ?? { turn };
  }

  show(
    state: ThreadState,
    turn: AssistantTurn,
    { id = 'surface', data: messages }: SurfacePart,
    last = false,
  ): Change | undefined {
    const surfaces = this.turns.get(turn) ?? new Map<string, Surface>();
    this.turns.set(turn, surfaces);
    const surface = surfaces.get(id) ?? { messages, blockIds: [] };
    surfaces.set(id, Object.assign(surface, { messages }));
    const before = surface.blockIds;
    const key = KEY + id;
    const placeholder = turn.items.find((i): i is SurfaceItem => i.key === key);
    const read = this.read(messages);
    if (!read.whole && (!last || before.length)) {
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
    for (const block of read.blocks) {
      const { newBlock, rejected } = state.applyBlock(turn, block, { placeholder: anchor });
      const item = newBlock ?? blockOf((block as { block_id: string }).block_id);
      if (!item) continue;
      anchor = item;
      now.push(item.blockId);
      item.surface = id;
      delete item.notShown;
      change = {
        turn,
        newBlock: change.newBlock ?? newBlock,
        rejected: change.rejected ?? rejected,
      };
    }
    if (read.notShown.length && anchor?.kind === 'block')
      anchor.notShown = read.notShown.slice(0, MAX_NOT_SHOWN);
    // A block the surface no longer makes goes; so does the placeholder.
    const gone = new Set(before.filter((blockId) => !now.includes(blockId)));
    turn.items = turn.items.filter(
      (i) => i !== placeholder && !(i.kind === 'block' && gone.has(i.blockId)),
    );
    surface.blockIds = now;
    return change;
  }

  end(state: ThreadState, turn: AssistantTurn): void {
    for (const [id, { messages }] of this.turns.get(turn) ?? [])
      this.show(state, turn, { id, data: messages }, true);
  }

  reset(turn: AssistantTurn, items: readonly TurnItem[]): void {
    // The retry sends its surfaces again; one it does not is not shown again when the turn ends.
    for (const item of items) {
      const id = item.kind === 'surface' ? item.key.slice(KEY.length) : (item as BlockItem).surface;
      if (id !== undefined) this.turns.get(turn)?.delete(id);
    }
  }
}
