import { EventStreamParser, type StreamEvent } from '../../conversation/index.js';

/** A response body as batches of server-sent events, with the bytes read so far. */
export class EventBatches {
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
