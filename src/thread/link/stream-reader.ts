import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { NoticeCode, StreamEvent, StreamPart, TurnEnding } from '../../conversation/index.js';
import { MAX_DATA_DEPTH, nestsDeeper } from '../../conversation/data-depth.js';
import { EventBatches } from './event-batches.js';
import { OncePerStream, STREAM_LIMITS, UnreadableEvents, type StreamLimits } from './limits.js';

/**
 * Reads one stream's events in a protocol's way (the AI SDK's in
 * `ai-sdk/events.ts`, AG-UI's in `ag-ui/`).
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
  /** Whether an event has a budget of its own (a file), outside the answer's. */
  uncounted?(data: string): boolean;
}

/** What a protocol's events are read with, one stream at a time. */
export interface StreamContext {
  /** The stream is an answer streamed again from its start (resumed). */
  replay: boolean;
  unreadable: UnreadableEvents;
  once: OncePerStream;
  limits: StreamLimits;
}

/** How one protocol's streams are read. */
export interface StreamProtocol {
  /** The handler of one stream's events. */
  events(stream: StreamContext): EventHandler;
  /**
   * The connection dropped mid-answer: the answer in flight again, from its
   * start (`attempt` counts from 1), or null when there is none to resume.
   * Rejects when this attempt failed. A protocol without it is never resumed.
   */
  reconnect?(signal: AbortSignal, attempt: number): Promise<Response | null>;
}

/**
 * How many times in a row an answer whose connection dropped is asked for again before the reader
 * is told.
 */
export const MAX_RESUME_ATTEMPTS = 3;

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
  /** Adds a notice to the open turn, and ends it as `endAs` when given. */
  report(code: NoticeCode, detail: string, endAs?: TurnEnding): void;
  /** No stream is read any more (it ended, failed or was cancelled). */
  streamEnded(): void;
  /** One part after the turn is over: what a sealed turn still takes (`takeLateResult`). */
  late(part: StreamPart): void;
}

/**
 * Reads a back end's event streams into a thread, in its protocol: posts
 * the request, reads the response's server-sent events within the stream
 * limits and hands each to the protocol's events. A stream that ends before
 * the answer did is a dropped connection: a protocol that resumes asks for
 * the answer again (up to `MAX_RESUME_ATTEMPTS` times), and the lost
 * connection is reported only when that does not bring it back. One stream
 * at a time.
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

  hostDisconnected() {
    this.cancel();
  }

  /** Sends the request `send` makes (with this reader's abort signal) and reads its response. */
  async post(
    send: (signal: AbortSignal) => Promise<Response>,
    protocol: StreamProtocol,
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
    await this.read(response, protocol, { connection });
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
    protocol: StreamProtocol,
    { replay = false, connection }: { replay?: boolean; connection?: AbortController } = {},
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
    let dropped = await this.readStream(stream, abort, protocol, replay, connection);
    const attempts = protocol.reconnect ? MAX_RESUME_ATTEMPTS : 0;
    for (
      let attempt = 1;
      dropped !== undefined && attempt <= attempts && !abort.signal.aborted;
      attempt++
    ) {
      let again: Response | null;
      const reconnection = new AbortController();
      try {
        again = await protocol.reconnect!(
          AbortSignal.any([abort.signal, reconnection.signal]),
          attempt,
        );
      } catch (error) {
        dropped = String(error);
        continue;
      }
      if (!again?.body || abort.signal.aborted) break;
      dropped = await this.readStream(again.body, abort, protocol, true, reconnection);
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
    protocol: StreamProtocol,
    replay: boolean,
    connection?: AbortController,
  ): Promise<string | undefined> {
    const reader = (this.reader = stream.getReader());
    const limits = { ...STREAM_LIMITS, ...this.limits() };
    const events = new EventBatches(reader, limits.silenceMs, connection);
    const unreadable = new UnreadableEvents(this.target, limits.maxUnreadableEvents);
    const once = new OncePerStream(this.target);
    const handler = this.bounded(
      protocol.events({ replay, unreadable, once, limits }),
      unreadable,
      limits.maxAnswerChars,
    );
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
  private bounded(handler: EventHandler, unreadable: UnreadableEvents, max: number): EventHandler {
    let chars = 0;
    let closed = false;
    return {
      event: (data) => {
        if (typeof data === 'string') {
          if (!handler.uncounted?.(data)) chars += data.length;
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
  private async readEvents(events: EventBatches, handler: EventHandler): Promise<boolean> {
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
    events: EventBatches,
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
   * A part that came after its turn was over, from a reader of another protocol: see
   * `StreamTarget.late`.
   */
  late(part: StreamPart): void {
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
