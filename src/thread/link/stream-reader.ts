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
  ) {
    host.addController(this);
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
    try {
      response = await send(abort.signal);
    } catch (error) {
      if (!abort.signal.aborted) this.target.report('request_failed', String(error), 'interrupted');
      if (this.abortController === abort) this.finish();
      return;
    }
    await this.read(response, false, events);
  }

  /**
   * Reads a response or byte stream. A `replay` streams an answer again from
   * its start (no turn is opened for it: the target's `replayStarts` decides
   * where it goes). Resolves when the turn is over (the rest of the response
   * may still be read, see `DRAIN_TIME_MS`) or the stream ends; never rejects.
   */
  async read(
    source: Response | ReadableStream<Uint8Array>,
    replay = false,
    events?: EventHandler,
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
      stream = source.body;
    } else stream = source;
    if (!stream) {
      this.target.report('connection_lost', 'empty response', 'interrupted');
      this.finish();
      return;
    }
    let dropped = await this.readStream(stream, abort, events ?? this.uiMessageEvents(replay));
    const attempts = events ? 0 : MAX_RESUME_ATTEMPTS;
    for (
      let attempt = 1;
      dropped !== undefined && attempt <= attempts && !abort.signal.aborted;
      attempt++
    ) {
      let again: Response | null;
      try {
        again = await this.target.reconnect(abort.signal, attempt);
      } catch (error) {
        dropped = String(error);
        continue;
      }
      if (!again?.body || abort.signal.aborted) break;
      dropped = await this.readStream(again.body, abort, this.uiMessageEvents(true));
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
    handler: EventHandler,
  ): Promise<string | undefined> {
    const reader = (this.reader = stream.getReader());
    const events = new EventSource(reader);
    const { signal } = abort;
    try {
      const over = await this.readEvents(events, handler);
      if (over) {
        this.drained = this.drain(events, handler, abort);
        return undefined;
      }
      return !signal.aborted && this.target.answering()
        ? 'the stream ended before the answer finished'
        : undefined;
    } catch (error) {
      return this.reader === reader && !signal.aborted && this.target.answering()
        ? String(error)
        : undefined;
    }
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
  private uiMessageEvents(replay: boolean): EventHandler {
    let first = replay;
    let refused = false;
    return {
      event: (data) => {
        if (data === OVERSIZED_EVENT) {
          this.target.report(
            'malformed_line',
            `a stream event longer than ${MAX_EVENT_LENGTH} characters was dropped`,
          );
          return false;
        }
        if (data === '[DONE]') return true;
        const json = this.parse(data);
        if (json === undefined) return false;
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

  private parse(data: string): unknown {
    try {
      return JSON.parse(data) as unknown;
    } catch {
      this.target.report('malformed_line', data.slice(0, 200));
      return undefined;
    }
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

  constructor(private readonly reader: ReadableStreamDefaultReader<Uint8Array>) {}

  /** The next events, or undefined at the end of the bytes. */
  async next(): Promise<StreamEvent[] | undefined> {
    if (this.done) return undefined;
    const chunk = await this.reader.read();
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

  close(): Promise<void> {
    return this.reader.cancel().catch(() => undefined);
  }
}
