import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { EventStreamParser, MAX_EVENT_LENGTH, OVERSIZED_EVENT, type NoticeCode, type StreamEvent, type TurnEnding } from '../conversation/index.js';

/**
 * Reads one stream's events in another protocol than the AI SDK's (AG-UI):
 * takes each event's data as it arrives and returns true when the turn is
 * over, or a promise of that when the next event must wait (a conversation
 * being replaced in storage). Such a stream is not resumed: resuming is the
 * AI SDK's convention.
 */
export type EventHandler = (data: StreamEvent) => boolean | Promise<boolean>;

/** How many times in a row an answer whose connection dropped is asked for again before the reader is told. */
export const MAX_RESUME_ATTEMPTS = 3;

/** What the stream reader needs of the thread it feeds. */
export interface StreamTarget {
  /** Whether a turn is open to take parts. */
  answering(): boolean;
  /** Opens a turn for the answer about to stream, unless one is open. */
  openTurn(): void;
  /** Applies one event's JSON; returns true when the turn is over and the stream should stop. */
  receive(json: unknown): boolean;
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
  async post(send: (signal: AbortSignal) => Promise<Response>, events?: EventHandler): Promise<void> {
    this.setActive(true);
    const abort = (this.abortController = new AbortController());
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
   * where it goes). Resolves when it ends; never rejects.
   */
  async read(source: Response | ReadableStream<Uint8Array>, replay = false, events?: EventHandler): Promise<void> {
    this.setActive(true);
    const abort = (this.abortController ??= new AbortController());
    if (!replay) this.target.openTurn();
    let stream: ReadableStream<Uint8Array> | null;
    if (source instanceof Response) {
      if (!source.ok) {
        this.target.report('http_error', `HTTP ${source.status}${source.statusText ? ` ${source.statusText}` : ''}`, 'error');
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
    let dropped = await this.readStream(stream, replay, abort.signal, events);
    const attempts = events ? 0 : MAX_RESUME_ATTEMPTS;
    for (let attempt = 1; dropped !== undefined && attempt <= attempts && !abort.signal.aborted; attempt++) {
      let again: Response | null;
      try {
        again = await this.target.reconnect(abort.signal, attempt);
      } catch (error) {
        dropped = String(error);
        continue;
      }
      if (!again?.body || abort.signal.aborted) break;
      dropped = await this.readStream(again.body, true, abort.signal);
    }
    if (dropped !== undefined && !abort.signal.aborted && this.target.answering()) this.target.report('connection_lost', dropped, 'interrupted');
    if (this.abortController === abort) this.finish();
  }

  /** Reads one stream; resolves with why it dropped, or undefined when the answer ended or the reading was stopped. */
  private async readStream(stream: ReadableStream<Uint8Array>, replay: boolean, signal: AbortSignal, events?: EventHandler): Promise<string | undefined> {
    const reader = (this.reader = stream.getReader());
    try {
      if (await this.readEvents(reader, replay, events)) {
        await reader.cancel().catch(() => undefined);
        return undefined;
      }
      return !signal.aborted && this.target.answering() ? 'the stream ended before the answer finished' : undefined;
    } catch (error) {
      return this.reader === reader && !signal.aborted && this.target.answering() ? String(error) : undefined;
    }
  }

  /** Reads events until `[DONE]`, the end of the turn (true) or the end of the bytes (false). */
  private async readEvents(reader: ReadableStreamDefaultReader<Uint8Array>, replay: boolean, handler?: EventHandler): Promise<boolean> {
    const decoder = new TextDecoder();
    const parser = new EventStreamParser();
    let first = replay;
    for (;;) {
      const chunk = await reader.read();
      const events = parser.push(chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true }));
      if (chunk.done) events.push(...parser.end());
      for (const data of events) {
        if (handler) {
          const ended = handler(data);
          if (typeof ended === 'boolean' ? ended : await ended) return true;
          continue;
        }
        if (data === OVERSIZED_EVENT) {
          this.target.report('malformed_line', `a stream event longer than ${MAX_EVENT_LENGTH} characters was dropped`);
          continue;
        }
        if (data === '[DONE]') return true;
        const json = this.parse(data);
        if (json === undefined) continue;
        if (first) {
          first = false;
          if (!this.target.replayStarts(json)) return true;
        }
        if (this.target.receive(json)) return true;
      }
      if (chunk.done) return false;
    }
  }

  private parse(data: string): unknown {
    try {
      return JSON.parse(data) as unknown;
    } catch {
      this.target.report('malformed_line', data.slice(0, 200));
      return undefined;
    }
  }

  /** Stops the request and the reading; what arrived is kept. */
  cancel(): void {
    if (!this.active) return;
    this.abortController?.abort();
    void this.reader?.cancel().catch(() => undefined);
    this.finish();
  }

  /** The turn is over: the request stops, so later parts cannot rewrite it. */
  abortRequest(): void {
    this.abortController?.abort();
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
