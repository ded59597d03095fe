import type { ReactiveControllerHost } from 'lit';
import type { NoticeCode, ThreadState, TurnEnding } from '../conversation/index.js';
import type { StoreError } from '../store/errors.js';
import type { FollowController } from './controllers/follow-controller.js';
import type { AgentLink } from './link/agent-link.js';
import type { ChatRequests } from './link/requests.js';
import type { StreamLimits } from './link/limits.js';
import type { ProtocolName } from './link/protocol.js';
import type { RequestOptions } from './link/request-options.js';
import type { ThreadPersistence } from './persistence/persistence.js';

/** The `<agent-thread>` element as its controllers see it: its settings, its updates, its events. */
export interface ThreadHost extends ReactiveControllerHost, HTMLElement {
  readonly api?: string;
  readonly threadId?: string;
  /** Whether answers in flight are resumed (the `resume` attribute). */
  readonly resume: boolean;
  readonly protocol: ProtocolName;
  readonly requestOptions: RequestOptions;
  readonly streamLimits?: Partial<StreamLimits>;
  agentState: unknown;
}

/**
 * What the thread's controllers share, built once by the thread and handed
 * to each: the element, the conversation, the controllers that others call,
 * and the thread's own reactions to what they report. One object, so that
 * `busy` or `receive` means one thing wherever it is asked.
 */
export interface ThreadContext {
  readonly host: ThreadHost;
  readonly state: ThreadState;
  readonly follow: FollowController;
  readonly persistence: ThreadPersistence;
  readonly link: AgentLink;
  readonly requests: ChatRequests;
  /** Whether an answer is under way (streamed by the thread or fed by the host). */
  busy(): boolean;
  /** The id the chat is sent under (`thread-id`, or the element's own). */
  chatId(): string;
  /** Applies one stream part's JSON; true when it ended the turn. */
  receive(json: unknown): boolean;
  /** Adds an inline notice, fires `answer-error`, and ends the turn as `endAs` when given. */
  report(code: NoticeCode, detail: string, endAs?: TurnEnding): void;
  /** No stream is read any more: a question that waited may go, a switch that waited may happen. */
  streamEnded(): void;
  /**
   * The messages changed wholesale (loaded, cleared, synced); `unreadable` counts records not
   * shown. With `earlier` (not 0), the messages shown stay and that many were read in before them.
   */
  reloaded(unreadable?: number, earlier?: number): void;
  /** Saving or loading failed; the thread goes on in memory. */
  storageFailed(error: StoreError): void;
  /** A switch is done: the saved messages of `threadId` are shown (or could not be read). */
  switched(threadId: string | undefined): void;
}
