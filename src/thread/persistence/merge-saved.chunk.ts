import type { ThreadMessage } from '../../conversation/index.js';

/** What the page knows of the messages it shows. */
export interface ShownMessages {
  /** Where a message is saved, if this page saved or loaded it. */
  positionOf(message: ThreadMessage): number | undefined;
  /** Whether this page's copy wins over the saved one (still changing, or on its way to the store). */
  isLive(message: ThreadMessage): boolean;
}

/**
 * The conversation after loading a thread's saved records while `shown` is
 * on screen: the saved messages in order, this page's live copy in place of
 * a saved one, then the messages this page added and has not saved yet.
 * Saved ones that are gone from the store (another page cleared it) go.
 */
export function mergeSaved(
  records: readonly { position: number; message: unknown }[],
  shown: readonly ThreadMessage[],
  deserializeMessage: (saved: unknown) => ThreadMessage | undefined,
  page: ShownMessages,
) {
  const byId = new Map<string, ThreadMessage>(shown.map((message) => [message.id, message]));
  const byPosition = new Map<number, ThreadMessage>();
  for (const message of shown) {
    const position = page.positionOf(message);
    if (position !== undefined && page.isLive(message)) byPosition.set(position, message);
  }
  /** Positions given to messages that had none on this page. */
  const positions = new Map<ThreadMessage, number>();
  const positionOf = (message: ThreadMessage) => page.positionOf(message) ?? positions.get(message);
  const messages: ThreadMessage[] = [];
  const kept = new Set<ThreadMessage>();
  const ids = new Set<string>();
  let next = 0;
  let unreadable = 0;
  for (const record of records) {
    next = Math.max(next, record.position + 1);
    const saved = deserializeMessage(record.message);
    if (!saved) {
      unreadable += 1;
      continue;
    }
    // Two pages that both resumed one answer may each have saved it: it is shown once.
    if (ids.has(saved.id)) continue;
    ids.add(saved.id);
    const mine = byId.get(saved.id) ?? byPosition.get(record.position);
    const message = mine && page.isLive(mine) ? mine : saved;
    if (mine) kept.add(mine);
    if (positionOf(message) === undefined) positions.set(message, record.position);
    messages.push(message);
  }
  const added = shown.filter(
    (message) => !kept.has(message) && (positionOf(message) === undefined || page.isLive(message)),
  );
  return { messages: [...messages, ...added], positions, next, unreadable };
}
