import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { AssistantTurn, StreamPart, ThreadState } from '../../../conversation/index.js';
import type { RequestOptions } from '../request-options.js';
import { reconnectChat } from './transport.js';

/** The element's settings the controller reads when it asks. */
export interface ResumeHost extends ReactiveControllerHost {
  /** Whether answers in flight are resumed (the `resume` attribute). */
  readonly resume: boolean;
  readonly api?: string;
  readonly threadId?: string;
  readonly requestOptions: RequestOptions;
}

export interface ResumeTarget {
  readonly state: ThreadState;
  /** The id the chat is sent under (`thread-id`, or the element's own). */
  chatId(): string;
  /** Whether an answer is under way: then an answer found on connect is not wanted. */
  busy(): boolean;
  /** Reads an answer streamed again from its start into the thread. */
  replay(response: Response): Promise<void>;
  /** `fresh` takes the place of `old`, on screen and in storage. */
  replaced(old: AssistantTurn, fresh: AssistantTurn): void;
}

/** Pause before the second and third attempt, so a server that is restarting gets a moment. */
const RETRY_DELAY = 250;

/**
 * Resumes an answer in flight, as the AI SDK's `useChat({ resume: true })`
 * does with its default transport: once the saved thread is shown (and on
 * each `thread-id` switch) it asks `GET {api}/{threadId}/stream`, and after
 * a dropped connection it asks again before the reader is told. A replay is
 * the answer from its start, so it replaces the turn it restarts and the
 * reader sees each part once.
 */
export class ResumeController implements ReactiveController {
  private connecting?: AbortController;
  /** The thread whose saved messages were last shown: connecting again asks for it. */
  private shown?: string;

  constructor(
    private readonly host: ResumeHost,
    private readonly target: ResumeTarget,
  ) {
    host.addController(this);
  }

  /** Back on the page: the answer cut off when it left may still be streaming. */
  hostConnected() {
    if (this.shown !== undefined && this.shown === this.host.threadId)
      void this.connect(this.shown);
  }

  hostDisconnected() {
    this.cancel();
  }

  /** Stops asking on connect (a send, a switch or a stream of the host's own comes first). */
  cancel() {
    this.connecting?.abort();
    this.connecting = undefined;
  }

  /**
   * The saved thread `threadId` is shown: asks whether its answer is still
   * streaming. Nothing is busy while the question is pending, and a failed
   * or refused request is silent: the thread simply stays as it was saved.
   */
  async connect(threadId: string | undefined): Promise<void> {
    this.cancel();
    this.shown = threadId;
    const { resume, api, requestOptions } = this.host;
    if (!resume || !api || !threadId || this.target.busy()) return;
    // Only an unanswered question or a turn cut off can have an answer in flight: a
    // finished turn is not asked after (a server may replay a finished answer for
    // a while), and a turn the reader stopped stays stopped.
    const last = this.target.state.messages.at(-1);
    if (last?.role === 'assistant' && last.status !== 'streaming' && last.status !== 'interrupted')
      return;
    const abort = (this.connecting = new AbortController());
    const response = await reconnectChat(api, threadId, requestOptions, abort.signal).catch(
      () => null,
    );
    const current = this.connecting === abort;
    if (current) this.connecting = undefined;
    const wanted = current && !this.target.busy() && this.host.threadId === threadId;
    const replay = readable(response);
    if (replay && wanted) await this.target.replay(replay);
    else void replay?.body?.cancel().catch(() => undefined);
  }

  /**
   * After a drop: the answer in flight again. Null when there is none, when
   * the server refuses (asking again would not help) or resuming is off;
   * rejects when the request fails, and the reader may try again.
   */
  async reconnect(signal: AbortSignal, attempt: number): Promise<Response | null> {
    const { resume, api, requestOptions } = this.host;
    if (!resume || !api) return null;
    if (attempt > 1) await pause(RETRY_DELAY * (attempt - 1), signal);
    return readable(await reconnectChat(api, this.target.chatId(), requestOptions, signal));
  }

  /**
   * A replay's first part: the turn it restarts makes way for a fresh one
   * in the same place in storage. That is the open turn after a drop; on
   * connect, the turn whose id the `start` part names, else the last turn
   * if it was cut off, else a new turn. A turn the reader stopped is never
   * replaced, and neither is a message before the last: an answer streams
   * at the end of the conversation, so replacing an earlier one would show
   * the replay at the end while storage kept it in the earlier place
   * (false: the replay is dropped).
   */
  replayStarts(part: StreamPart | undefined): boolean {
    const named = part?.type === 'start' ? part.messageId : undefined;
    const messageId = typeof named === 'string' && named ? named : undefined;
    const { state } = this.target;
    const earlier = state.messages.slice(0, -1).some((message) => message.id === messageId);
    if (!state.openTurn && earlier) return false;
    const old = state.openTurn ?? this.restarted(messageId);
    if (old?.status === 'stopped') return false;
    if (old) state.messages.splice(state.messages.indexOf(old), 1);
    // The id the server gives the answer, as useChat takes it, unless another message has it.
    const taken = !messageId || state.messages.some((message) => message.id === messageId);
    const fresh = state.openNewTurn(taken ? old?.id : messageId);
    if (old) this.target.replaced(old, fresh);
    this.host.requestUpdate();
    return true;
  }

  private restarted(messageId: string | undefined): AssistantTurn | undefined {
    const last = this.target.state.messages.at(-1);
    if (messageId && last?.id === messageId && last.role === 'assistant') return last;
    return last?.role === 'assistant' &&
      (last.status === 'streaming' || last.status === 'interrupted')
      ? last
      : undefined;
  }
}

/** The response if it streams an answer; otherwise it is let go. */
function readable(response: Response | null): Response | null {
  if (response?.ok && response.body) return response;
  void response?.body?.cancel().catch(() => undefined);
  return null;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}
