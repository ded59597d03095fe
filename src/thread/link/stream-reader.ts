import type { ReactiveController, ReactiveControllerHost } from 'lit';
import {
  endsRun,
  EventStreamParser,
  MAX_EVENT_LENGTH,
  OVERSIZED_EVENT,
  type NoticeCode,
  type StreamEvent,
  type TurnEnding,
} from '../../conversation/index.js';
import { MAX_DATA_DEPTH, nestsDeeper } from '../../conversation/data-depth.js';

/**
 * Reads one stream's events in a protocol: the AI SDK's (built here) or
 * AG-UI's (with `protocol="ag-ui"`, which is never resumed: resuming is the
 * AI SDK's convention).
 */
export interface EventHandler {
  /**
   * Takes each event's data as it arrives; true when the turn is over, or a
   * promise of that when the next event must wait (a conversation being
   * replaced in storage).
   */
  event(data: StreamEvent): boolean | Promise<boolean>;
  /**
   * An event that arrives once the turn is over (sealed): applies what a
   * sealed turn still takes (the result of its answer calls, agent state),
   * nothing on screen. True when the run has ended (`[DONE]`, `RUN_FINISHED`).
   */
  late(data: StreamEvent): boolean;
}

/**
 * How many times in a row an answer whose connection dropped is asked for again before the reader
 * is told.
 */
export const MAX_RESUME_ATTEMPTS = 3;

/**
 * What one answer's stream may cost the page (SPEC §4): a back end is as
 * untrusted as the model, and one that sends without end, sends nothing or
 * sends garbage must not freeze the page or flood the turn.
 * `<agent-thread>`'s `streamLimits` sets any of them.
 */
export interface StreamLimits {
  /**
   * Characters of event data one answer may bring (text, reasoning, tool
   * input and output, data): past it the turn ends as stopped, with a
   * notice, and the connection is closed. What arrived stays.
   */
  maxAnswerChars: number;
  /** Unreadable events one stream may send before it is ended. */
  maxUnreadableEvents: number;
  /** Milliseconds a stream may go without a byte before it counts as a lost connection. */
  silenceMs: number;
}

export const STREAM_LIMITS: StreamLimits = Object.freeze({
  maxAnswerChars: 2_000_000,
  maxUnreadableEvents: 100,
  silenceMs: 120_000,
});

/**
 * One stream's unreadable events: counted, and reported once (one notice,
 * one `answer-error`) with the count so far, when the next readable event
 * or the end of the stream comes; too many end the stream.
 */
class Unreadable {
  private count = 0;
  private first = '';
  private reported = false;

  constructor(
    private readonly target: StreamTarget,
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

/** A response that says it is a page or a document, not an event stream. */
const NOT_A_STREAM = /^\s*(text\/html|application\/(json|xml|xhtml\+xml))/i;

/**
 * After the turn is over, the rest of the response is read (and its events
 * given to `late`) for at most this long and this many bytes before it is
 * closed: a server that saves its state when its run ends (a LangGraph
 * checkpoint, an AI SDK `onFinish`) is not cancelled before it saves, and
 * one that goes on sending cannot hold the connection.
 */
export const DRAIN_TIME_MS = 15_000;
export const DRAIN_BYTES = 1024 * 1024;

/** What the stream reader needs of the thread it feeds. */
export interface StreamTarget {
  /** Whether a turn is open to take parts. */
  answering(): boolean;
  /** Opens a turn for the answer about to stream, unless one is open. */
  openTurn(): void;
  /** Applies one event's JSON; returns true when the turn is over and the stream should stop. */
  receive(json: unknown): boolean;
  /** One event's JSON after the turn is over: what a sealed turn still takes (`takeLateResult`). */
  late(json: unknown): void;
  /** Adds a notice to the open turn, and ends it as `endAs` when given. */
  report(code: NoticeCode, detail: string, endAs?: TurnEnding): void;
  /** No stream is read any more (it ended, failed or was cancelled). */
  streamEnded(): void;
  /**
   * The connection dropped mid-answer: the answer in flight again, from its
   * start (`attempt` counts from 1), or null when there is none to resume.
   * Rejects when this attempt failed.
   */
  reconnect(signal: AbortSignal, attempt: number): Promise<Response | null>;
  /**
   * The first event of a replay (an answer streamed again from its start):
   * makes room for it. False when the replay is not wanted and is dropped.
   */
  replayStarts(json: unknown): boolean;
}

/**
 * Reads AI SDK UI message streams into a thread: posts the request, reads
 * the response's server-sent events, parses each as JSON and hands it on.
 * A malformed line is reported and skipped. A stream that ends before the
 * answer did is a dropped connection: the reader asks the target for the
 * answer again (up to `MAX_RESUME_ATTEMPTS` times) and reports the lost
 * connection only when that does not bring it back. One stream at a time.
 */
export class StreamReader implements ReactiveController {
  /** Whether a request is pending or a response is being read. */
  active = false;
  private abortController?: AbortController;
  private reader?: ReadableStreamDefaultReader<Uint8Array>;
  /** The rest of the last run, read after its turn was over; the next request waits for it. */
  private drained: Promise<void> = Promise.resolve();
  private draining?: AbortController;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly target: StreamTarget,
    private readonly limits: () => Partial<StreamLimits> | undefined = () => undefined,
  ) {
    host.addController(this);
  }

  private limit<K extends keyof StreamLimits>(name: K): StreamLimits[K] {
    return this.limits()?.[name] ?? STREAM_LIMITS[name];
  }

  hostDisconnected() {
    this.cancel();
  }

  /** Sends the request `send` makes (with this reader's abort signal) and reads its response. */
  async post(
    send: (signal: AbortSignal) => Promise<Response>,
    events?: EventHandler,
  ): Promise<void> {
    this.setActive(true);
    const abort = (this.abortController = new AbortController());
    // The run before must end first: a stateful server holds one run per thread.
    await this.drained;
    if (abort.signal.aborted) return;
    let response: Response;
    const connection = new AbortController();
    try {
      response = await send(AbortSignal.any([abort.signal, connection.signal]));
    } catch (error) {
      if (!abort.signal.aborted) this.target.report('request_failed', String(error), 'interrupted');
      if (this.abortController === abort) this.finish();
      return;
    }
    await this.read(response, false, events, connection);
  }

  /**
   * Reads a response or byte stream. A `replay` streams an answer again from
   * its start (no turn is opened for it: the target's `replayStarts` decides
   * where it goes). Resolves when the turn is over (the rest of the response
   * may still be read, see `DRAIN_TIME_MS`) or the stream ends; never rejects.
   * `connection` aborts the request that `source` answers, when there is one.
   */
  async read(
    source: Response | ReadableStream<Uint8Array>,
    replay = false,
    events?: EventHandler,
    connection?: AbortController,
  ): Promise<void> {
    this.setActive(true);
    const abort = (this.abortController ??= new AbortController());
    if (!replay) this.target.openTurn();
    let stream: ReadableStream<Uint8Array> | null;
    if (source instanceof Response) {
      if (!source.ok) {
        this.target.report(
          'http_error',
          `HTTP ${source.status}${source.statusText ? ` ${source.statusText}` : ''}`,
          'error',
        );
        this.finish();
        return;
      }
      // A sign-in page or a proxy's error page with status 200 is not a lost connection.
      const type = source.headers.get('content-type') ?? '';
      if (NOT_A_STREAM.test(type)) {
        void source.body?.cancel().catch(() => undefined);
        this.target.report(
          'http_error',
          `HTTP ${source.status}: ${type.split(';')[0]!.trim()}, not an answer stream`,
          'error',
        );
        this.finish();
        return;
      }
      stream = source.body;
    } else stream = source;
    if (!stream) {
      this.target.report('connection_lost', 'empty response', 'interrupted');
      this.finish();
      return;
    }
    let dropped = await this.readStream(
      stream,
      abort,
      (unreadable) => events ?? this.uiMessageEvents(replay, unreadable),
      connection,
    );
    const attempts = events ? 0 : MAX_RESUME_ATTEMPTS;
    for (
      let attempt = 1;
      dropped !== undefined && attempt <= attempts && !abort.signal.aborted;
      attempt++
    ) {
      let again: Response | null;
      const reconnection = new AbortController();
      try {
        again = await this.target.reconnect(
          AbortSignal.any([abort.signal, reconnection.signal]),
          attempt,
        );
      } catch (error) {
        dropped = String(error);
        continue;
      }
      if (!again?.body || abort.signal.aborted) break;
      dropped = await this.readStream(
        again.body,
        abort,
        (unreadable) => this.uiMessageEvents(true, unreadable),
        reconnection,
      );
    }
    if (dropped !== undefined && !abort.signal.aborted && this.target.answering())
      this.target.report('connection_lost', dropped, 'interrupted');
    if (this.abortController === abort) this.finish();
  }

  /**
   * Reads one stream; resolves with why it dropped, or undefined when the
   * turn is over or the reading was stopped. Once the turn is over, the rest
   * is drained in the background (`drained`), and this resolves at once.
   */
  private async readStream(
    stream: ReadableStream<Uint8Array>,
    abort: AbortController,
    protocol: (unreadable: Unreadable) => EventHandler,
    connection?: AbortController,
  ): Promise<string | undefined> {
    const reader = (this.reader = stream.getReader());
    const events = new EventSource(reader, this.limit('silenceMs'), connection);
    const unreadable = new Unreadable(this.target, this.limit('maxUnreadableEvents'));
    const handler = this.bounded(protocol(unreadable), unreadable);
    const { signal } = abort;
    try {
      const over = await this.readEvents(events, handler);
      if (over) {
        this.drained = this.drain(events, handler, abort);
        return undefined;
      }
      unreadable.flush();
      return !signal.aborted && this.target.answering()
        ? 'the stream ended before the answer finished'
        : undefined;
    } catch (error) {
      void events.close();
      unreadable.flush();
      return this.reader === reader && !signal.aborted && this.target.answering()
        ? String(error)
        : undefined;
    }
  }

  /**
   * `handler` within the stream limits, whatever its protocol: an event
   * nested too deep is unreadable, and an answer past its size ends the
   * turn and closes the connection (nothing is drained after it).
   */
  private bounded(handler: EventHandler, unreadable: Unreadable): EventHandler {
    const max = this.limit('maxAnswerChars');
    let chars = 0;
    let closed = false;
    return {
      event: (data) => {
        if (typeof data === 'string') {
          chars += data.length;
          if (chars > max) {
            this.target.report(
              'answer_too_large',
              `more than ${max} characters of stream data`,
              'stopped',
            );
            return (closed = true);
          }
          if (nestsDeeper(data, MAX_DATA_DEPTH))
            return (closed = unreadable.add(
              `an event nested deeper than ${MAX_DATA_DEPTH} levels`,
            ));
        }
        return handler.event(data);
      },
      late: (data) => closed || handler.late(data),
    };
  }

  /**
   * Reads events until the end of the turn (true) or of the bytes (false); the rest of the batch is
   * left for the drain.
   */
  private async readEvents(events: EventSource, handler: EventHandler): Promise<boolean> {
    for (;;) {
      const batch = await events.next();
      if (!batch) return false;
      for (const [index, data] of batch.entries()) {
        const ended = handler.event(data);
        if (!(typeof ended === 'boolean' ? ended : await ended)) continue;
        // The event that ended the turn may also end the run (`[DONE]`): the drain looks at it
        // first.
        events.pending = batch.slice(index);
        return true;
      }
    }
  }

  /**
   * The turn is over: reads the rest of the run (for `late`) until it ends,
   * the connection closes, the grace time or byte budget runs out, or Stop
   * aborts it, and then closes the response.
   */
  private async drain(
    events: EventSource,
    handler: EventHandler,
    abort: AbortController,
  ): Promise<void> {
    this.draining = abort;
    const timer = setTimeout(() => abort.abort(), DRAIN_TIME_MS);
    const stopped = new Promise<undefined>((resolve) =>
      abort.signal.addEventListener('abort', () => resolve(undefined), { once: true }),
    );
    const budget = events.bytes + DRAIN_BYTES;
    try {
      for (
        let batch: StreamEvent[] | undefined = events.takePending();
        batch && !abort.signal.aborted;
      ) {
        if (batch.some((data) => handler.late(data)) || events.bytes > budget) break;
        batch = await Promise.race([events.next(), stopped]);
      }
    } catch {
      // The connection failed after the turn was over: nothing is lost.
    } finally {
      clearTimeout(timer);
      if (this.draining === abort) this.draining = undefined;
      await events.close();
    }
  }

  /**
   * How the AI SDK's UI message stream is read: each event's JSON to the target, `[DONE]` ends the
   * run.
   */
  private uiMessageEvents(replay: boolean, unreadable: Unreadable): EventHandler {
    let first = replay;
    let refused = false;
    return {
      event: (data) => {
        if (data === OVERSIZED_EVENT)
          return (refused = unreadable.add(
            `a stream event longer than ${MAX_EVENT_LENGTH} characters was dropped`,
          ));
        if (data === '[DONE]') return true;
        const json = parseQuietly(data);
        if (json === undefined) return (refused = unreadable.add(data));
        unreadable.flush();
        if (first) {
          first = false;
          // A replay that is not wanted is closed at once, not read to its end.
          if (!this.target.replayStarts(json)) return (refused = true);
        }
        return this.target.receive(json);
      },
      late: (data) => {
        if (refused || endsRun(data)) return true;
        // Only a tool's result can still land (on an answer call of the sealed turn); anything else
        // is ignored.
        if (typeof data === 'string' && data.includes('"tool-'))
          this.target.late(parseQuietly(data));
        return false;
      },
    };
  }

  /**
   * A part that came after its turn was over, from a reader of another protocol: see
   * `StreamTarget.late`.
   */
  late(part: unknown): void {
    this.target.late(part);
  }

  /**
   * Stops the request and the reading (the rest of a run that is over, too); what arrived is kept.
   */
  cancel(): void {
    this.draining?.abort();
    if (!this.active) return;
    this.abortController?.abort();
    void this.reader?.cancel().catch(() => undefined);
    this.finish();
  }

  private finish() {
    this.abortController = undefined;
    this.reader = undefined;
    this.setActive(false);
    this.target.streamEnded();
  }

  private setActive(active: boolean) {
    if (this.active === active) return;
    this.active = active;
    this.host.requestUpdate();
  }
}

const parseQuietly = (data: string): unknown => {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
};

/** A response body as batches of server-sent events, with the bytes read so far. */
class EventSource {
  private readonly decoder = new TextDecoder();
  private readonly parser = new EventStreamParser();
  private done = false;
  bytes = 0;
  /** Events of the last batch not yet handled (those after the end of the turn). */
  pending: StreamEvent[] = [];

  constructor(
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
    private readonly silenceMs: number,
    private readonly connection?: AbortController,
  ) {}

  /** The next events, or undefined at the end of the bytes; rejects when the stream goes silent. */
  async next(): Promise<StreamEvent[] | undefined> {
    if (this.done) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const silence = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`nothing arrived for ${this.silenceMs / 1000} s`)),
        this.silenceMs,
      );
    });
    const chunk = await Promise.race([this.reader.read(), silence]).finally(() =>
      clearTimeout(timer),
    );
    if (chunk.done) {
      this.done = true;
      const events = this.parser.push(this.decoder.decode());
      events.push(...this.parser.end());
      return events.length ? events : undefined;
    }
    this.bytes += chunk.value.byteLength;
    return this.parser.push(this.decoder.decode(chunk.value, { stream: true }));
  }

  takePending(): StreamEvent[] {
    const pending = this.pending;
    this.pending = [];
    return pending;
  }

  /**
   * Cancels the reading and aborts the request: Firefox keeps a fetch's
   * connection open after its body is cancelled, so a server would never
   * learn that the reader has gone.
   */
  close(): Promise<void> {
    const cancelled = this.reader.cancel().catch(() => undefined);
    this.connection?.abort();
    return cancelled;
  }
}
