import { msg } from '@lit/localize';
import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { AnswerErrorEvent } from '../../base/events.js';
import { preload } from '../../base/lazy.js';
import { newId, readPart, ThreadState, type StreamPart } from '../../conversation/index.js';
import type { ThreadMessage, UserMessage } from '../../conversation/index.js';
import type { ThreadStore } from '../../store/index.js';
import type { ThreadContext } from '../context.js';
import { AgentLink } from '../link/agent-link.js';
import { ChatRequests } from '../link/requests.js';
import { Announcer } from '../controllers/announcer.js';
import { fireChangeEvents } from '../controllers/change-events.js';
import { listenWhileConnected } from '../changes.js';
import { Composer } from '../controllers/composer.js';
import { loadTurnElements } from '../extras/load-extras.js';
import { FocusRescue } from '../controllers/focus-rescue.js';
import { FollowController } from '../controllers/follow-controller.js';
import { FormBridge } from '../controllers/form-bridge.js';
import { header } from './header.js';
import type { MessageActions } from '../controllers/message-actions.js';
import { messageTemplate, type MessageView } from './message.js';
import { ThreadPersistence } from '../persistence/persistence.js';
import { threadStyles } from './thread.styles.js';
import type { ProtocolName } from '../link/protocol.js';
import type { RequestOptions } from '../link/request-options.js';
import type { StreamLimits } from '../link/limits.js';
import { prepareValidator, threadConnected } from '../../components/block/prepare.js';
import { renderTurn, type DataRenderer } from '../turn-view.js';
import { AnswerElement } from '../../base/answer-element.js';
import { AnswerBlock } from '../../components/block/block.js';
import { showSurface } from '../surfaces.js';

/**
 * @tag agent-thread
 * @summary A drop-in agent chat: streams text and answer blocks over the AI SDK UI message stream.
 *
 * With `api`, sending POSTs `{ id, messages, trigger }` like the AI SDK's
 * `useChat` and streams the answer; a host can instead handle the cancelable
 * `answer-send` event and feed the thread with `consume()` or `applyPart()`.
 *
 * With `thread-id`, the conversation is saved in IndexedDB (or the `store`
 * a host provides) and comes back after a reload; a "New conversation"
 * button clears it.
 *
 * With `resume`, an answer still streaming on the server comes back after a
 * reload or a dropped connection (`GET {api}/{thread-id}/stream`, as
 * `useChat({ resume: true })` asks for it).
 *
 * With `protocol="ag-ui"`, sending POSTs an AG-UI `RunAgentInput` and reads
 * AG-UI events instead (their reader loads on first use).
 *
 * Each message has the reader's actions: Copy an answer as markdown, Read
 * aloud (where the browser has voices), Regenerate (or Retry) the last one,
 * Edit a question and send it again.
 * The composer attaches files (button, paste, drop) as `useChat` sends them.
 *
 * @fires answer-send - The reader sends a message; cancelable. `detail: { text, data?, files? }`.
 * @fires answer-data - A `data-*` part the thread does not render arrived; `detail: { type, id?, data, transient }`.
 * @fires answer-state - The AG-UI agent state changed; `detail: { state }`.
 * @fires answer-error - Something could not be used (a malformed line, an HTTP error, a lost connection, an error part, an invalid block, a storage fault); `detail: { code, message }`.
 * @fires answer-form-submit - A form of a block in the thread was submitted (the thread sends it as the reader's next message); `detail: { blockId, elementId, values }`.
 * @fires answer-map-locate - The reader pressed Locate on a map of a block; `detail: { lat, lng, zoom, label, featureId? }`.
 * @fires answer-source-select - The reader opened a source of an Evidence in a block; `detail: { ref }`.
 * @fires answer-file-select - The reader chose a file chip; the host decides what opens. `detail: { url, mediaType, filename? }`.
 * @fires answer-approval-response - The reader approved or denied a tool call; `detail: { approvalId, approved, reason? }`.
 * @fires answer-interrupt-response - The reader answered an AG-UI interrupt; `detail: { interruptId, values }`.
 * @csspart messages - The message list.
 * @csspart composer - The message form.
 * @csspart new-conversation - The "New conversation" button.
 * @csspart report - A finished answer's report and the blocks it names.
 * @csspart process - The "View process" disclosure of a finished answer.
 * @csspart disclosure - The "AI-generated" disclosure of an answer.
 * @cssprop --answer-thread-max-width - Widest the conversation column gets (default 56rem).
 */
export class AgentThread extends AnswerElement {
  /** @internal The block element its turns render (the turn element comes in a chunk that cannot import it). */
  static override dependencies = { 'answer-block': AnswerBlock };
  static override styles = threadStyles;

  /** Chat endpoint that speaks the AI SDK UI message stream. */
  @property() api?: string;

  /** Id of the conversation: sent as the chat `id`, and the key it is saved under. Without it nothing is saved. */
  @property({ attribute: 'thread-id' }) threadId?: string;

  /** Where conversations are saved (a store, or a promise of one); defaults to the page's IndexedDB store. */
  @property({ attribute: false }) store?: ThreadStore | Promise<ThreadStore>;

  /** Resume an answer in flight after a reload or a dropped connection, from `GET {api}/{thread-id}/stream`. */
  @property({ type: Boolean }) resume = false;

  /** What `api` speaks: `ai-sdk` (the AI SDK UI message stream) or `ag-ui` (AG-UI events). */
  @property() protocol: ProtocolName = 'ai-sdk';

  /** The AG-UI agent state: the agent's last snapshot and the deltas since, sent back with each run. */
  @property({ attribute: false }) agentState: unknown = {};

  /** Hide the built-in composer (the host sends with `send()`). */
  @property({ type: Boolean, attribute: 'no-composer' }) noComposer = false;

  /** Extra headers and body fields for the chat request. */
  @property({ attribute: false }) requestOptions: RequestOptions = {};

  /**
   * What one answer's stream may cost the page: `maxAnswerChars`
   * (2,000,000), `maxUnreadableEvents` (100), `silenceMs` (120,000). Read
   * when a stream starts, so it is a plain property, not a reactive one.
   */
  streamLimits?: Partial<StreamLimits>;

  /** File types the composer attaches, as the `accept` attribute of a file input says them (any when unset). */
  @property() accept?: string;

  /** Largest file the composer attaches, in bytes (default 10 MB). */
  @property({ type: Number, attribute: 'max-file-size' }) maxFileSize?: number;

  /** Most files one message can carry (default 10). */
  @property({ type: Number, attribute: 'max-files' }) maxFiles?: number;

  /** Renders a `data-*` part the thread does not know: return an element to show, or nothing. */
  @property({ attribute: false }) renderData?: DataRenderer;

  /**
   * The disclosure each answer shows: by default the localized "AI-generated"; any other text
   * replaces it. `none` shows none: the host then discloses that answers are AI-generated
   * itself (EU AI Act, Art. 50). Every answer stays marked for machines, and exports carry it.
   */
  @property() disclosure?: string;

  /** Where an answer shows its disclosure: `end` (the default, under the answer) or `start`. */
  @property({ attribute: 'disclosure-position' }) disclosurePosition?: 'start' | 'end';

  @state() private storageNotice = '';
  @state() private restoreNotice = '';

  protected readonly state = new ThreadState();
  private fallbackChatId = newId('chat');
  private announcer = new Announcer(this, this.state);
  private follow = new FollowController(this, this.state);
  private persistence!: ThreadPersistence;
  private link!: AgentLink;
  private requests!: ChatRequests;
  /** The reader's actions on the messages, which come with the turn elements' chunk. */
  private actions?: MessageActions;
  private composer = new Composer(
    this,
    () => ({ accept: this.accept, maxFileSize: this.maxFileSize, maxFiles: this.maxFiles }),
    {
      busy: () => this.busy,
      send: (text, files) => void this.send(text, undefined, files),
      stop: () => this.stop(),
    },
  );

  constructor() {
    super();
    // What the thread's parts share (see ThreadContext): each takes it when built and reaches
    // the others through it only when called, so the roles are the parts built just below.
    // The literal's getters read the parts once they are built (a getter has no arrow form).
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const thread = this;
    const ctx: ThreadContext = {
      host: this,
      state: this.state,
      follow: this.follow,
      get persistence() {
        return thread.persistence;
      },
      get link() {
        return thread.link;
      },
      get requests() {
        return thread.requests;
      },
      busy: () => this.busy,
      chatId: () => this.threadId || this.fallbackChatId,
      receive: (part) => this.receive(part),
      report: (code, detail, endAs) =>
        void (endAs
          ? this.state.endTurn(endAs, { code, detail })
          : this.state.addNotice(code, detail)),
      streamEnded: () => {
        this.requests.sendQueued();
        void this.persistence.idle();
      },
      reloaded: (unreadable = 0, earlier) => {
        this.restoreNotice = unreadable
          ? msg(
              'Some saved messages could not be shown: they are damaged or were saved by a newer version.',
            )
          : '';
        this.follow.reset(this.state.messages.length, earlier);
        this.requestUpdate();
      },
      storageFailed: (error) => {
        this.storageNotice = msg(
          'Saving is not available: this conversation is kept only until the page is closed.',
        );
        this.dispatchEvent(
          new AnswerErrorEvent({ code: 'storage', message: `${error.code}: ${error.message}` }),
        );
      },
      switched: (threadId) => this.link.shown(threadId),
    };
    this.persistence = new ThreadPersistence(ctx);
    this.link = new AgentLink(ctx);
    this.requests = new ChatRequests(ctx);
    new FocusRescue(this, '#message');
    new FormBridge(this, this.state);
    fireChangeEvents(this, this.state);
    // The message list and the composer change only when a turn opens or closes; a turn changed
    // in place renders itself.
    listenWhileConnected(this, this.state, (change) => {
      if (change.opened || change.closed) this.requestUpdate();
      // A block is on its way: the validator gets ready while the model writes it.
      if (change.preparing) prepareValidator();
      // An A2UI surface came before its reader: it loads. If it cannot, the reader is told, and
      // the next surface tries again.
      if (change.surface)
        showSurface(this.state, change.turn, change.surface).catch((error: unknown) =>
          ctx.report('malformed_line', String(error)),
        );
      renderTurn(change.turn);
    });
  }

  /** The conversation so far (read-only). */
  get messages(): readonly ThreadMessage[] {
    return this.state.messages;
  }

  /** Whether an answer is under way (streamed by the thread or fed by the host). */
  get busy(): boolean {
    return this.link.streaming || Boolean(this.state.openTurn);
  }

  override connectedCallback() {
    super.connectedCallback();
    threadConnected();
    // A saved conversation is shown as soon as it is read: the elements of its turns load alongside.
    preload(loadTurnElements, Boolean(this.threadId));
  }

  /** Messages show their content with elements of a chunk that is in before they render. */
  protected override async scheduleUpdate() {
    if (this.state.messages.length) {
      const extras = await loadTurnElements().catch(() => undefined);
      this.actions ??=
        extras &&
        new extras.MessageActions(this, this.requests, (text) => this.announcer.say(text));
    }
    super.scheduleUpdate();
  }

  override disconnectedCallback() {
    // Leaving the page is not the reader's Stop: the answer is cut off, as by
    // a reload, and can be resumed when a thread shows it again. (Before the
    // parts stop listening, so the turn is saved as it ends.)
    this.state.endTurn('interrupted');
    super.disconnectedCallback();
  }

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('store')) this.persistence.useStore(this.store);
    if (changed.has('threadId') || changed.has('store'))
      void this.persistence.switchTo(this.threadId);
    // Agent state belongs to its thread; a host restoring it sets it after a switch.
    if (changed.get('threadId') !== undefined) this.agentState = {};
  }

  /** Resolves once the saved conversation for the current `thread-id` is shown. */
  get restored(): Promise<void> {
    return this.updateComplete.then(async () => {
      await this.persistence.switchTo(this.threadId);
      await this.updateComplete;
    });
  }

  /** Resolves once everything on screen so far is saved (or saving has failed). */
  saved(): Promise<void> {
    return this.persistence.saved();
  }

  /** Starts over: clears the conversation on screen and in storage. */
  async newConversation(): Promise<void> {
    this.link.cancelResume();
    this.stop();
    this.requests.clearQueue();
    this.agentState = {};
    await this.persistence.clear();
    this.requestUpdate();
  }

  /**
   * Sends a message as the reader. Fires `answer-send`; unless a listener
   * cancels it, POSTs to `api` and streams the answer. Resolves when the
   * answer has ended. `files` go with it as the AI SDK's `file` parts.
   */
  send(text: string, data?: unknown, files?: UserMessage['files']): Promise<void> {
    return this.requests.send({ text, data, files });
  }

  /** Asks again for the last answer (`trigger: 'regenerate-message'`): it is replaced, in storage too. */
  regenerate(): Promise<void> {
    return this.requests.regenerate();
  }

  /** Stops the answer that is streaming; what arrived is kept. */
  stop(): void {
    this.link.stop();
    this.state.endTurn('stopped');
  }

  /** Reads an AI SDK UI message stream (AG-UI events with `protocol="ag-ui"`) into the thread; resolves when it ends. */
  consume(source: Response | ReadableStream<Uint8Array>): Promise<void> {
    return this.link.consume(source);
  }

  /** Applies one stream part (an object like `{ type: 'text-delta', id, delta }`). Unknown parts are ignored. */
  applyPart(part: unknown): void {
    // The host's part is read here, as the AI SDK's events read theirs: the edge of the protocol.
    const known = readPart(part);
    if (known) this.receive(known);
  }

  /** Applies a part; returns whether it ended the turn. */
  private receive(part: StreamPart): boolean {
    if (part.type === 'start') this.link.started(part.messageId);
    return Boolean(this.state.apply(part)?.closed);
  }

  override render() {
    const messages = this.state.messages;
    const shown = this.follow.visible(messages); // before the paging buttons, which it moves
    // One notice at a time: a store that stopped working matters more than a skipped record.
    const notice = this.storageNotice || this.restoreNotice;
    const view: MessageView = {
      actions: this.actions,
      renderData: this.renderData,
      // Strings, not an object made anew at each render: a turn renders again only when they change.
      disclosure: this.disclosure,
      disclosurePosition: this.disclosurePosition,
    };
    const entry = (message: ThreadMessage) =>
      messageTemplate(message, view, { last: message === messages.at(-1), busy: this.busy });
    return html`${header({ notice, empty: messages.length === 0, newConversation: () => void this.newConversation() })}
      <div class="scroller" @scroll=${this.follow.onScroll} @pointerdown=${this.follow.onReaderAction} @keydown=${this.follow.onReaderAction}>
        <div class="messages" part="messages">
          ${messages.length === 0 ? html`<p class="empty">${msg('Ask a question to start.')}</p>` : nothing}
          ${this.follow.earlierButton()}
          ${repeat(shown, (message) => message.id, entry)}
          ${this.follow.laterButton()}
        </div>
      </div>
      ${this.announcer.render()}
      ${this.noComposer ? nothing : this.composer.render()}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-thread': AgentThread;
  }
}
