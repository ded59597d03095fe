/** Stands in for an event whose data went over the parser's limit (its data is dropped, not kept). */
export const OVERSIZED_EVENT = Symbol('oversized event');

/** Longest event data kept, in UTF-16 code units: a stream cannot make the page hold more for one event. */
export const MAX_EVENT_LENGTH = 4 * 1024 * 1024;

export type StreamEvent = string | typeof OVERSIZED_EVENT;

/**
 * Incremental Server-Sent Events parser. Feed it decoded text in chunks of
 * any size; it returns the `data` payload of each complete event, in order.
 * Lines may end in LF, CR or CRLF, also when the CR and LF arrive in
 * different chunks. An event longer than `maxEventLength` comes back as
 * `OVERSIZED_EVENT`, and its text is dropped as it arrives.
 */
export class EventStreamParser {
  private buffer = '';
  private data: string[] = [];
  private dataLength = 0;
  private skipLineFeed = false;
  /** The current line went over the limit: drop text until its line break. */
  private droppingLine = false;
  /** The current event went over the limit: drop its data until its blank line. */
  private oversized = false;

  /** A line longer than this (`data: ` and the limit) is over the limit however the stream is split. */
  private readonly maxLineLength: number;

  constructor(private readonly maxEventLength = MAX_EVENT_LENGTH) {
    this.maxLineLength = maxEventLength + 'data: '.length;
  }

  push(chunk: string): StreamEvent[] {
    const events: StreamEvent[] = [];
    let text = chunk;
    if (this.skipLineFeed && text.startsWith('\n')) text = text.slice(1);
    this.skipLineFeed = false;
    if (this.droppingLine) {
      const end = text.search(/[\r\n]/);
      if (end === -1) return events;
      this.droppingLine = false;
      const crlf = text[end] === '\r' && text[end + 1] === '\n';
      if (text[end] === '\r' && end + 1 === text.length) this.skipLineFeed = true;
      text = text.slice(end + (crlf ? 2 : 1));
    }
    // The carried-over buffer holds no line break: scan only the new text.
    let i = this.buffer.length;
    this.buffer += text;
    let start = 0;
    for (; i < this.buffer.length; i++) {
      const c = this.buffer.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      this.line(this.buffer.slice(start, i), events);
      if (c === 13) {
        if (i + 1 === this.buffer.length) this.skipLineFeed = true;
        else if (this.buffer.charCodeAt(i + 1) === 10) i++;
      }
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
    if (this.buffer.length > this.maxLineLength) {
      this.buffer = '';
      this.droppingLine = true;
      this.dropEvent();
    }
    return events;
  }

  /** The stream ended: an event without its closing blank line still counts. */
  end(): StreamEvent[] {
    const events: StreamEvent[] = [];
    if (this.buffer) this.line(this.buffer, events);
    this.buffer = '';
    this.droppingLine = false;
    this.line('', events);
    return events;
  }

  private dropEvent() {
    this.oversized = true;
    this.data = [];
    this.dataLength = 0;
  }

  private line(line: string, events: StreamEvent[]) {
    if (line === '') {
      if (this.oversized) events.push(OVERSIZED_EVENT);
      else if (this.data.length) events.push(this.data.join('\n'));
      this.data = [];
      this.dataLength = 0;
      this.oversized = false;
      return;
    }
    if (line.length > this.maxLineLength) this.dropEvent();
    if (line.startsWith(':') || this.oversized) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== 'data') return;
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    this.dataLength += value.length + 1;
    if (this.dataLength > this.maxEventLength + 1) this.dropEvent();
    else this.data.push(value);
  }
}

/** The types of the AG-UI events after which a run sends nothing more. */
const RUN_ENDS = new Set(['RUN_FINISHED', 'RUN_ERROR']);

/** Whether the data is the last event of a run: the AI SDK's `[DONE]`, or AG-UI's `RUN_FINISHED` / `RUN_ERROR`. */
export function endsRun(data: StreamEvent): boolean {
  if (data === '[DONE]') return true;
  if (typeof data !== 'string' || !data.includes('RUN_')) return false;
  try {
    return RUN_ENDS.has((JSON.parse(data) as { type?: unknown } | null)?.type as string);
  } catch {
    return false;
  }
}
