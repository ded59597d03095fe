import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { EventStreamParser, MAX_EVENT_LENGTH, OVERSIZED_EVENT, type NoticeCode, type TurnEnding } from '../conversation/index.js';

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
}

/**
 * Reads AI SDK UI message streams into a thread: posts the request, reads
 * the response's server-sent events, parses each as JSON and hands it on.
 * A malformed line is reported and skipped; a stream that ends before the
 * answer did is reported as a lost connection. One stream at a time.
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
  async post(send: (signal: AbortSignal) => Promise<Response>): Promise<void> {
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
    await this.read(response);
  }

  /** Reads a response or byte stream. Resolves when it ends; never rejects. */
  async read(source: Response | ReadableStream<Uint8Array>): Promise<void> {
    this.setActive(true);
    this.target.openTurn();
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
    const reader = (this.reader = stream.getReader());
    try {
      const ended = await this.readEvents(reader);
      if (ended) await reader.cancel().catch(() => undefined);
      else if (this.target.answering()) this.target.report('connection_lost', 'the stream ended before the answer finished', 'interrupted');
    } catch (error) {
      if (this.reader === reader && !this.abortController?.signal.aborted && this.target.answering()) {
        this.target.report('connection_lost', String(error), 'interrupted');
      }
    }
    if (this.reader === reader) this.finish();
  }

  /** Reads events until `[DONE]`, the end of the turn (true) or the end of the bytes (false). */
  private async readEvents(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<boolean> {
    const decoder = new TextDecoder();
    const parser = new EventStreamParser();
    for (;;) {
      const chunk = await reader.read();
      const events = parser.push(chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true }));
      if (chunk.done) events.push(...parser.end());
      for (const data of events) {
        if (data === OVERSIZED_EVENT) this.target.report('malformed_line', `a stream event longer than ${MAX_EVENT_LENGTH} characters was dropped`);
        else if (data === '[DONE]' || this.receive(data)) return true;
      }
      if (chunk.done) return false;
    }
  }

  private receive(data: string): boolean {
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      this.target.report('malformed_line', data.slice(0, 200));
      return false;
    }
    return this.target.receive(json);
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
