import type { NoticeCode, TurnEnding } from '../../conversation/index.js';

/**
 * What one answer's stream may cost the page (SPEC §4): a back end is as
 * untrusted as the model, and one that sends without end, sends nothing or
 * sends garbage must not freeze the page or flood the turn.
 * `<agent-thread>`'s `streamLimits` sets any of them.
 */
export interface StreamLimits {
  /**
   * Characters of event data one answer may bring (text, reasoning, tool
   * input and output, data; files have their own budget): past it the turn
   * ends as stopped, with a notice, and the connection is closed. What
   * arrived stays.
   */
  maxAnswerChars: number;
  /**
   * Characters of one file part (its `data:` URL holds the whole file): a
   * larger one is left out with a notice and the answer goes on. Files do
   * not count against `maxAnswerChars`; an event longer than the parser's
   * limit (4 Mi characters, SECURITY.md) cannot be read at all.
   */
  maxFileChars: number;
  /** Unreadable events one stream may send before it is ended. */
  maxUnreadableEvents: number;
  /** Milliseconds a stream may go without a byte before it counts as a lost connection. */
  silenceMs: number;
}

export const STREAM_LIMITS: StreamLimits = Object.freeze({
  maxAnswerChars: 2_000_000,
  maxFileChars: 4_000_000,
  maxUnreadableEvents: 100,
  silenceMs: 120_000,
});

/** Where a stream's problems are told: a notice in the open turn (ending it as `endAs`). */
export interface ProblemTarget {
  /** Whether a turn is open to take parts. */
  answering(): boolean;
  /** Adds a notice to the open turn, and ends it as `endAs` when given. */
  report(code: NoticeCode, detail: string, endAs?: TurnEnding): void;
}

/**
 * One stream's unreadable events: counted, and reported once (one notice,
 * one `answer-error`) with the count so far, when the next readable event
 * or the end of the stream comes; too many end the stream.
 */
export class UnreadableEvents {
  private count = 0;
  private first = '';
  private reported = false;

  constructor(
    private readonly target: ProblemTarget,
    private readonly max: number,
  ) {}

  /** One more; true when that was too many and the turn has ended. */
  add(detail: string): boolean {
    if (++this.count === 1) this.first = detail.slice(0, 200);
    if (this.count < this.max) return false;
    this.target.report(
      'malformed_line',
      `${this.count} events could not be read, so the stream was ended; the first: ${this.first}`,
      'error',
    );
    return (this.reported = true);
  }

  /** Reports what was counted, once per stream, while the turn is still open. */
  flush(): void {
    if (!this.count || this.reported || !this.target.answering()) return;
    this.reported = true;
    const events = this.count === 1 ? 'An event' : `${this.count} events`;
    this.target.report('malformed_line', `${events} could not be read; the first: ${this.first}`);
  }
}

/**
 * A problem told once per stream (a file over its budget, a part of an
 * unknown kind): the first time with its detail, never again, so a stream
 * that repeats it does not fill the turn with notices.
 */
export class OncePerStream {
  private told = new Set<NoticeCode>();

  constructor(private readonly target: ProblemTarget) {}

  tell(code: NoticeCode, detail: string): void {
    if (this.told.has(code) || !this.target.answering()) return;
    this.told.add(code);
    this.target.report(code, detail);
  }
}
