import {
  endsRun,
  MAX_EVENT_LENGTH,
  OVERSIZED_EVENT,
  readPart,
  type StreamPart,
} from '../../../conversation/index.js';
import type { EventHandler, StreamContext } from '../stream-reader.js';

/** The types of the AI SDK's UI message stream (6 and 7) a reader may meet, acted on or not. */
const KNOWN_TYPES: ReadonlySet<string> = new Set([
  'start',
  'finish',
  'message-metadata',
  'start-step',
  'finish-step',
  'reset-step',
  'abort',
  'error',
  'text-start',
  'text-delta',
  'text-end',
  'reasoning-start',
  'reasoning-delta',
  'reasoning-end',
  'tool-input-start',
  'tool-input-delta',
  'tool-input-available',
  'tool-input-error',
  'tool-output-available',
  'tool-output-error',
  'tool-output-denied',
  'tool-approval-request',
  'tool-approval-response',
  'source-url',
  'source-document',
  'file',
  'reasoning-file',
  'custom',
  'steering-message',
]);

/**
 * Whether `type` is a kind of part this reader knows: one it does not is
 * newer than it, and is left out of the turn with a notice rather than
 * silently. (A known part with newer fields is read as it is.)
 */
const isKnownPartType = (type: unknown): boolean =>
  typeof type === 'string' && (KNOWN_TYPES.has(type) || type.startsWith('data-'));

/** What the AI SDK's events need of the thread they feed. */
export interface UIMessageTarget {
  /** Applies one part; true when the turn is over and the stream should stop. */
  receive(part: StreamPart): boolean;
  /** One part after the turn is over: what a sealed turn still takes (`takeLateResult`). */
  late(part: StreamPart): void;
  /**
   * The first part of a replay (an answer streamed again from its start):
   * makes room for it. False when the replay is not wanted and is dropped.
   */
  replayStarts(first: StreamPart | undefined): boolean;
}

/**
 * Whether an event is a file part (`file`, `reasoning-file`), told from its
 * start without reading it: the AI SDK writes `type` first. A file has a
 * budget of its own, so one large image does not end a whole answer as too long.
 */
const FILE_EVENT = /^\s*\{\s*"type"\s*:\s*"(?:reasoning-)?file"/;
const isFileEvent = (data: string) => FILE_EVENT.test(data.slice(0, 64));

const parseQuietly = (data: string): unknown => {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * How the AI SDK's UI message stream is read: each event's JSON to the
 * target, `[DONE]` ends the run. A part of a kind this reader does not know
 * (a newer SDK's) is left out of the turn with one notice per stream; a file
 * over its budget is left out with its own, and the answer goes on.
 */
export function uiMessageEvents(target: UIMessageTarget, stream: StreamContext): EventHandler {
  const { unreadable, once, limits } = stream;
  let first = stream.replay;
  let refused = false;
  return {
    uncounted: (data) => isFileEvent(data),
    event: (data) => {
      if (data === OVERSIZED_EVENT)
        return (refused = unreadable.add(
          `a stream event longer than ${MAX_EVENT_LENGTH} characters was dropped`,
        ));
      if (data === '[DONE]') return true;
      if (isFileEvent(data) && data.length > limits.maxFileChars) {
        once.tell('file_too_large', `a file part of ${data.length} characters was left out`);
        return false;
      }
      const json = parseQuietly(data);
      if (json === undefined) return (refused = unreadable.add(data));
      unreadable.flush();
      const type = (json as { type?: unknown } | null)?.type;
      const known = isKnownPartType(type);
      // Read once, here at the edge: from here on every part is typed.
      const part = known ? readPart(json) : undefined;
      if (first) {
        first = false;
        // A replay that is not wanted is closed at once, not read to its end.
        if (!target.replayStarts(part)) return (refused = true);
      }
      if (!known) {
        once.tell('unknown_part', `a part of type ${JSON.stringify(type)?.slice(0, 80)}`);
        return false;
      }
      return part ? target.receive(part) : false;
    },
    late: (data) => {
      if (refused || endsRun(data)) return true;
      // Only a tool's result can still land (on an answer call of the sealed turn); anything else
      // is ignored.
      if (typeof data !== 'string' || !data.includes('"tool-')) return false;
      const part = readPart(parseQuietly(data));
      if (part) target.late(part);
      return false;
    },
  };
}
