import type { ReactiveController } from 'lit';
import { AnswerErrorEvent } from '../../base/events.js';
import { loadOnce, preload } from '../../base/lazy.js';
import type { ThreadMessage } from '../../conversation/index.js';
import type { ThreadContext } from '../context.js';
import { AgUiConnection } from './ag-ui/connection.js';
import type { Protocol, ChatRequest } from './protocol.js';
import type { Streaming } from './streaming.chunk.js';

const loadStreaming = loadOnce(() => import('./streaming.chunk.js'));

/**
 * The thread's line to its agent. The code that goes over the network (the
 * request, the stream reader, resuming) is a chunk loaded when the page is
 * first idle, or at once when the thread needs it first, so a thread page
 * paints before any of it is loaded. What a request changes on screen (the
 * question, the turn that opens for the answer) never waits for it.
 *
 * If the chunk cannot load (a network blip), the open turn ends with the
 * error, as a failed request does, and Retry asks again; a stream the host
 * hands over fires `answer-error`.
 */
export class AgentLink implements ReactiveController {
  private loaded?: Streaming;
  /**
   * The AG-UI side, which loads its own reader. It is built here so that the
   * reader chunk is imported from the entry: a chunk imported from another
   * chunk would make the bundler split the modules it shares with the entry
   * into chunks the entry loads up front.
   */
  private readonly agUi: AgUiConnection;

  constructor(private readonly ctx: ThreadContext) {
    this.agUi = new AgUiConnection(ctx);
    ctx.host.addController(this);
  }

  /** This thread's stream reader and protocols, made once the chunk is in. */
  private ready(): Promise<Streaming> {
    return loadStreaming().then(
      ({ startStreaming }) => (this.loaded ??= startStreaming(this.ctx, this.agUi)),
    );
  }

  /** The door of the protocol the thread speaks (its `protocol` attribute): the one place it is chosen. */
  private door(): Promise<Protocol> {
    return this.ready().then(({ protocols }) => protocols[this.host.protocol]);
  }

  private get host() {
    return this.ctx.host;
  }

  hostConnected() {
    // Only the chunk: an idle callback can wait seconds on a busy page, and one that held
    // this thread would keep a thread already removed from the page in memory that long.
    preload(loadStreaming);
  }

  /** Whether a request is pending or a response is being read. */
  get streaming(): boolean {
    return Boolean(this.loaded?.stream.active);
  }

  /** Asks the agent for the answer that follows `history` and reads it into the open turn. */
  post(history: readonly ThreadMessage[], request: ChatRequest): Promise<void> {
    return this.door().then(
      (protocol) => protocol.post(history, request),
      (error: unknown) => this.ctx.report('request_failed', String(error), 'interrupted'),
    );
  }

  /** Reads a stream the host fetched itself (AG-UI events with `protocol="ag-ui"`). */
  consume(source: Response | ReadableStream<Uint8Array>): Promise<void> {
    return this.door().then(
      (protocol) => protocol.consume(source),
      (error: unknown) =>
        void this.host.dispatchEvent(
          new AnswerErrorEvent({ code: 'request_failed', message: String(error) }),
        ),
    );
  }

  /** The saved thread `threadId` is shown: with `resume`, asks whether its answer is still streaming. */
  shown(threadId: string | undefined): void {
    this.cancelResume();
    void this.door().then(
      (protocol) => protocol.shown(threadId),
      () => undefined,
    );
  }

  /** Stops asking after an answer cut off (a send, a switch or a stream of the host's own comes first). */
  cancelResume(): void {
    for (const protocol of Object.values(this.loaded?.protocols ?? {})) protocol.cancelResume();
  }

  /**
   * A `start` part: the open turn takes the id the server gave the answer
   * (as useChat's message does), so a replay after a reload finds the turn
   * it restarts by that id.
   */
  started(messageId: unknown): void {
    const { state } = this.ctx;
    const turn = state.openTurn;
    if (
      typeof messageId !== 'string' ||
      !messageId ||
      !turn ||
      turn.id === messageId ||
      turn.items.length
    )
      return;
    if (state.messages.some((message) => message.id === messageId)) return;
    turn.id = messageId;
    // The list is keyed by id: re-keyed now, while the turn is empty, nothing in it is mounted twice.
    this.host.requestUpdate();
  }

  /** Stops reading the answer; what arrived is kept. */
  stop(): void {
    this.loaded?.protocols[this.host.protocol].stop();
  }
}
