import type { ThreadMessage } from '../../conversation/index.js';
import type { LoadedMessages, ThreadStore } from '../../store/thread-store.js';

type Records = LoadedMessages['messages'];
type Deserialize = (saved: unknown) => ThreadMessage | undefined;

/** What the page does with what it read. */
export interface ReadingPage extends ShownMessages {
  /** The messages on screen. */
  messages(): readonly ThreadMessage[];
  /** Shows `merged`; with `earlier` (not 0), the messages on screen stay and that many came in before them. */
  show(merged: ReturnType<typeof mergeSaved>, unreadable: number, earlier: number): void;
}

/**
 * Reads the saved records of `threadId` and shows them on `page` with what
 * it has, while `current()` says they are still wanted. With nothing on
 * screen yet and a store that can read a thread's end alone, the last
 * `endFirst` records are shown first, then all of them, those read first
 * coming back as the same messages, so what is on screen stays and does not
 * render again.
 */
export async function readSaved(
  store: ThreadStore,
  threadId: string,
  endFirst: number,
  current: () => boolean,
  deserializeMessage: Deserialize,
  page: ReadingPage,
): Promise<void> {
  // A record read twice (the end, then the whole thread) comes back as the same message.
  const read = new WeakMap<object, ThreadMessage | undefined>();
  const deserialize = (raw: unknown) => {
    if (typeof raw !== 'object' || raw === null) return deserializeMessage(raw);
    if (!read.has(raw)) read.set(raw, deserializeMessage(raw));
    return read.get(raw);
  };
  const show = (records: Records, unreadable: number, after = false) => {
    const shown = page.messages();
    const merged = mergeSaved(records, shown, deserialize, page);
    // Where the first message on screen went: how many came in before it.
    const earlier = after ? Math.max(0, merged.messages.indexOf(shown[0]!)) : 0;
    page.show(merged, unreadable + merged.unreadable, earlier);
  };
  let last: LoadedMessages | undefined;
  if (!page.messages().length && store.loadLast) {
    last = await store.loadLast(threadId, endFirst);
    if (!current()) return;
    show(last.messages, last.skipped);
    if (last.messages.length + last.skipped < endFirst) return;
  }
  const before = last?.messages[0]?.position;
  const saved = await store.load(threadId, before === undefined ? {} : { before });
  if (!current()) return;
  if (!last || before === undefined) return show(saved.messages, saved.skipped);
  const earlier = saved.messages.filter((record) => record.position < before);
  show([...earlier, ...last.messages], saved.skipped + last.skipped, true);
}

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
