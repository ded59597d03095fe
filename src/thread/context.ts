import type { ReactiveControllerHost } from 'lit';
import type {
  NoticeCode,
  StreamPart,
  ThreadMessage,
  ThreadState,
  TurnEnding,
} from '../conversation/index.js';
import type { StoreError } from '../store/errors.js';
import type { StreamLimits } from './link/limits.js';
import type { ChatRequest, ProtocolName } from './link/protocol.js';
import type { RequestOptions } from './link/request-options.js';

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

/** The role of keeping the conversation in storage (`ThreadPersistence`). */
export interface ConversationStorage {
  /** `message` changed: it is saved, at once when `immediately`, else at the next checkpoint. */
  changed(message: ThreadMessage, immediately?: boolean): void;
  /** `fresh` takes the place of `old` in storage (an answer streamed again from its start). */
  replaced(old: ThreadMessage, fresh: ThreadMessage): void;
  /** These messages left the conversation (regenerated, edited): they leave storage too. */
  dropped(messages: readonly ThreadMessage[]): void;
  /** Clears the conversation, on screen and in storage. */
  clear(): Promise<void>;
  /** Nothing is under way: a switch or news from another page that waited goes on. */
  idle(): Promise<void>;
}

/** The role of keeping the reader at the conversation's end (`FollowController`). */
export interface ConversationView {
  /** The reader sent a message: follow again. */
  follow(): void;
  /** The messages were replaced: show the last page (`earlier` were read in before those shown). */
  reset(count: number, earlier?: number): void;
}

/** The role of the line to the back end (`AgentLink`). */
export interface BackEnd {
  /** Whether a request is pending or a response is being read. */
  readonly streaming: boolean;
  /** Asks for the answer that follows `history` and reads it into the open turn. */
  post(history: readonly ThreadMessage[], request: ChatRequest): Promise<void>;
  /** Stops asking after an answer cut off. */
  cancelResume(): void;
  /** The saved thread `threadId` is shown (a protocol that resumes asks after its answer). */
  shown(threadId: string | undefined): void;
}

/** The role of the questions that wait for the answer under way (`ChatRequests`). */
export interface Questions {
  /** Sends a question that waited, once nothing is under way. */
  sendQueued(): void;
}

/**
 * What the thread's parts share, built once by the thread as one literal
 * and handed to each: the element, the conversation (whose changes each
 * part hears for itself, `ThreadState.listen`), the roles the parts play for
 * one another, and the thread's own answers to what they report. Roles, not
 * classes: a part knows what another does for it, never what it is.
 */
export interface ThreadContext {
  readonly host: ThreadHost;
  readonly state: ThreadState;
  readonly follow: ConversationView;
  readonly persistence: ConversationStorage;
  readonly link: BackEnd;
  readonly requests: Questions;
  /** Whether an answer is under way (streamed by the thread or fed by the host). */
  busy(): boolean;
  /** The id the chat is sent under (`thread-id`, or the element's own). */
  chatId(): string;
  /** Applies one stream part, read at its protocol's edge; true when it ended the turn. */
  receive(part: StreamPart): boolean;
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
