import { isObject, isString } from './guards.js';
import type { SavedMessage } from './projection.js';

/*
 * Each thread's own cap, kept the same way by every store of this package:
 * when a thread's records would go past it, the thread gives up its own
 * largest file data first (the file is then saved as the chip that says it
 * was not saved, its URL empty), then its oldest records. Never another
 * thread's: pruning across threads counts a thread at most at its cap.
 * Pure functions, so the IndexedDB store and the memory store agree.
 */

/** The default total budget: characters of saved messages, all threads together. */
export const MAX_BYTES = 50_000_000;

/**
 * A thread's default cap: a quarter of the total budget (12.5 MB of the
 * default 50 MB). One thread, however large its answers, then leaves three
 * quarters of the budget to the other threads, and still holds some two
 * dozen files at the largest size a file is saved with (`CAPS.fileUrl`).
 */
export const defaultThreadCap = (maxBytes: number) => Math.floor(maxBytes / 4);

/**
 * When the oldest records of a thread have to go, they go until the thread
 * is this share of its cap below it, so the saves that follow (a streaming
 * answer checkpointed every 250 ms) do not each read the thread again.
 */
const DROP_HEADROOM = 1 / 16;

/** One record of a thread as the cap weighs it: `bytes` is the length of its message's JSON. */
export interface Sized {
  position: number;
  bytes: number;
  message: SavedMessage;
}

/** What keeps a thread within its cap. */
export interface Fit {
  /** The message being saved, its largest file data left out if that was needed. */
  saving: Sized;
  /** Earlier records of the thread to write again without their file data. */
  rewrite: Sized[];
  /** Positions of the thread's oldest records that go. */
  drop: number[];
  /** The thread's size afterwards. */
  bytes: number;
}

/** What the budgets count of a message: the length of its JSON. */
export const sizeOf = (message: unknown): number => JSON.stringify(message).length;

/** Where a message keeps its files: a question's attachments, an answer's `file` parts. */
const fileList = (message: unknown) =>
  isObject(message) && (message.role === 'user' || message.role === 'assistant')
    ? message.role === 'user'
      ? 'files'
      : 'items'
    : undefined;

/** The files of a saved message that still hold a URL, with what leaving each out saves. */
function filesOf(message: unknown): { index: number; size: number }[] {
  const list = fileList(message);
  const entries = list && (message as Record<string, unknown>)[list];
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry: unknown, index) =>
    isObject(entry) &&
    (list === 'files' || entry.kind === 'file') &&
    isString(entry.url) &&
    entry.url
      ? // `"url":"…"` becomes `"url":""`: the JSON is that much shorter.
        [{ index, size: JSON.stringify(entry.url).length - 2 }]
      : [],
  );
}

/** The message with the URLs of the files at `indexes` emptied: each is then a chip saying so. */
function withoutFileData(message: SavedMessage, indexes: Set<number>): SavedMessage {
  const list = fileList(message)!;
  const entries = (message as unknown as Record<string, Record<string, unknown>[]>)[list]!;
  return {
    ...message,
    [list]: entries.map((entry, index) => (indexes.has(index) ? { ...entry, url: '' } : entry)),
  } as SavedMessage;
}

/**
 * The records with file data left out, largest first (among equals, from
 * the first record on, and a record's later files first), until `excess`
 * characters are saved or no file data is left. Unchanged records stay as
 * they were; `saved` is how much shorter they are in all.
 */
function leaveOutFiles(records: readonly Sized[], excess: number) {
  const files = records
    .flatMap((record, at) => filesOf(record.message).map((file) => ({ at, ...file })))
    .sort((a, b) => b.size - a.size || a.at - b.at || b.index - a.index);
  const chosen = new Map<number, Set<number>>();
  let freed = 0;
  for (const file of files) {
    if (freed >= excess) break;
    freed += file.size;
    const indexes = chosen.get(file.at) ?? new Set<number>();
    chosen.set(file.at, indexes.add(file.index));
  }
  let saved = 0;
  const shorter = records.map((record, at) => {
    const indexes = chosen.get(at);
    if (!indexes) return record;
    const message = withoutFileData(record.message, indexes);
    const bytes = sizeOf(message);
    saved += record.bytes - bytes;
    return { position: record.position, message, bytes };
  });
  return { records: shorter, saved };
}

/**
 * The message being saved with its own largest file data left out until it
 * takes at most `room` characters: what a store does first, before reading
 * any other record, when the thread would go past its cap.
 */
export function leaveOutOwnFiles(saving: Sized, room: number): Sized {
  return leaveOutFiles([saving], saving.bytes - room).records[0]!;
}

/**
 * Keeps a thread within `cap` characters as `saving` is written among its
 * other records (`others`; `untouched` counts records this version cannot
 * read, which are never changed): the message's own largest file data goes
 * first, then the other records' file data, largest first, then the
 * thread's oldest records. Undefined when the message alone is over the cap:
 * the thread cannot be saved with it.
 */
export function fitThread(
  saving: Sized,
  others: readonly Sized[],
  cap: number,
  untouched = 0,
): Fit | undefined {
  const newestFirst = [...others].sort((a, b) => b.position - a.position);
  let bytes = untouched + newestFirst.reduce((sum, record) => sum + record.bytes, saving.bytes);
  const mine = leaveOutFiles([saving], bytes - cap);
  const own = mine.records[0]!;
  bytes -= mine.saved;
  const { records: rest, saved } = leaveOutFiles(newestFirst, bytes - cap);
  bytes -= saved;
  const drop: number[] = [];
  if (bytes > cap) {
    if (own.bytes + untouched > cap) return undefined;
    const floor = cap - cap * DROP_HEADROOM;
    for (let at = rest.length - 1; at >= 0 && bytes > floor; at--) {
      bytes -= rest[at]!.bytes;
      drop.push(rest[at]!.position);
    }
  }
  const gone = new Set(drop);
  return {
    saving: own,
    rewrite: rest.filter((record, at) => record !== newestFirst[at] && !gone.has(record.position)),
    drop,
    bytes,
  };
}
