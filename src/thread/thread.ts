import { localized, msg } from '@lit/localize';
import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { ref } from 'lit/directives/ref.js';
import { repeat } from 'lit/directives/repeat.js';
import type { Block, FormFieldT } from '../catalog/index.js';
import { AnswerErrorEvent, AnswerSendEvent, type AnswerFormSubmitEvent, type FormValue } from '../components/shared/events.js';
import { themeStyles } from '../components/shared/theme.styles.js';
import { readPart } from './parts.js';
import { ThreadPersistence, type PersistenceHost } from './persistence.js';
import type { StoreError, ThreadStore } from '../store/index.js';
import { EventStreamParser, MAX_EVENT_LENGTH, OVERSIZED_EVENT } from './sse.js';
import { newId, ThreadState, type AssistantTurn, type Change, type NoticeCode, type ThreadMessage } from './state.js';
import { threadStyles } from './thread.styles.js';
import { postChat, type RequestOptions } from './transport.js';
import { AgentTurn, noticeText } from './turn.js';
import { define } from '../components/shared/define.js';
import { formatAnswer } from '../components/follow-up-form/follow-up-form.js';

define('agent-turn', AgentTurn);

/** How close to the bottom (px) still counts as following the conversation. */
const FOLLOW_SLACK = 48;
/** Messages rendered at first when a long thread is restored; earlier ones render as the reader scrolls up. */
const HISTORY_PAGE = 20;

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
 * @fires answer-send - The reader sends a message; cancelable. `detail: { text, data? }`.
 * @fires answer-error - Something could not be used (a malformed line, an HTTP error, a lost connection, an error part, an invalid block, a storage fault); `detail: { code, message }`.
 * @csspart messages - The message list.
 * @csspart composer - The message form.
 * @csspart new-conversation - The "New conversation" button.
 * @cssprop --answer-thread-max-width - Widest the conversation column gets (default 56rem).
 */
@localized()
export class AgentThread extends LitElement {
  static override styles = [themeStyles, threadStyles];

  /** Chat endpoint that speaks the AI SDK UI message stream. */
  @property() api?: string;

  /** Id of the conversation: sent as the chat `id`, and the key it is saved under. Without it nothing is saved. */
  @property({ attribute: 'thread-id' }) threadId?: string;

  /** Where conversations are saved (a store, or a promise of one); defaults to the page's IndexedDB store. */
  @property({ attribute: false }) store?: ThreadStore | Promise<ThreadStore>;

  /** Hide the built-in composer (the host sends with `send()`). */
  @property({ type: Boolean, attribute: 'no-composer' }) noComposer = false;

  /** Extra headers and body fields for the chat request. */
  @property({ attribute: false }) requestOptions: RequestOptions = {};

  @state() private streaming = false;
  @state() private draft = '';
  @state() private announcement = '';
  @state() private storageNotice = '';
  @state() private restoreNotice = '';
  /** Index of the first message on screen: a long restored history renders its end first. */
  @state() private shownFrom = 0;
  private earlierObserver?: IntersectionObserver;

  @query('.scroller') private scroller?: HTMLElement;

  protected readonly state = new ThreadState();
  private turnElements = new WeakMap<AssistantTurn, AgentTurn>();
  private abort?: AbortController;
  private reader?: ReadableStreamDefaultReader<Uint8Array>;
  private following = true;
  private autoScrollTop = 0;
  private scrollFrame = 0;
  /**
   * Content also grows after an update (a chart or map that loads later, a
   * font): follow that too, unless the reader caused it by opening something
   * ("View process", a source) since the last part arrived; then what they
   * opened stays where it is.
   */
  private contentResize = new ResizeObserver(() => !this.readerActed && this.scheduleScroll());
  private readerActed = false;
  private queued: { text: string; data?: unknown }[] = [];
  private fallbackChatId = newId('chat');
  private persistence = new ThreadPersistence(this.persistenceHost());

  /** The conversation so far (read-only). */
  get messages(): readonly ThreadMessage[] {
    return this.state.messages;
  }

  /** Whether an answer is under way (streamed by the thread or fed by the host). */
  get busy(): boolean {
    return this.streaming || Boolean(this.state.openTurn);
  }

  override connectedCallback() {
    super.connectedCallback();
    this.addEventListener('answer-form-submit', this.onFormSubmit);
    this.persistence.connect();
    this.observeContent();
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.removeEventListener('answer-form-submit', this.onFormSubmit);
    this.persistence.disconnect();
    this.contentResize.disconnect();
    this.stop();
  }

  protected override firstUpdated() {
    this.observeContent();
  }

  private observeContent() {
    const content = this.renderRoot.querySelector('.messages');
    if (content) this.contentResize.observe(content);
  }

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('store')) this.persistence.useStore(this.store);
    if (changed.has('threadId') || changed.has('store')) void this.persistence.switchTo(this.threadId);
  }

  /** Resolves once the saved conversation for the current `thread-id` is shown. */
  get restored(): Promise<void> {
    return this.updateComplete.then(() => this.persistence.switchTo(this.threadId));
  }

  /** Resolves once everything on screen so far is saved (or saving has failed). */
  saved(): Promise<void> {
    return this.persistence.saved();
  }

  /** Starts over: clears the conversation on screen and in storage. */
  async newConversation(): Promise<void> {
    this.stop();
    this.queued = [];
    await this.persistence.clear();
    this.requestUpdate();
  }

  private persistenceHost(): PersistenceHost {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the getter below needs the element, not the literal
    const thread = this;
    return {
      state: this.state,
      get busy() {
        return thread.busy;
      },
      reloaded: (unreadable = 0) => {
        this.restoreNotice = unreadable ? msg('Some saved messages could not be shown: they are damaged or were saved by a newer version.') : '';
        this.shownFrom = Math.max(0, this.state.messages.length - HISTORY_PAGE);
        this.following = true;
        this.requestUpdate();
      },
      storageFailed: (error) => this.storageFailed(error),
    };
  }

  private storageFailed(error: StoreError) {
    this.storageNotice = msg('Saving is not available: this conversation is kept only until the page is closed.');
    this.dispatchEvent(new AnswerErrorEvent({ code: 'storage', message: `${error.code}: ${error.message}` }));
  }

  /**
   * Sends a message as the reader. Fires `answer-send`; unless a listener
   * cancels it, POSTs to `api` and streams the answer. Resolves when the
   * answer has ended.
   */
  async send(text: string, data?: unknown): Promise<void> {
    if (this.busy) {
      this.queued.push({ text, data });
      return;
    }
    // The question is in the thread before listeners hear of it: a host that
    // answers at once, inside its listener, gets its answer after the question.
    this.persistence.changed(this.state.addUser(text, data), true);
    this.following = true;
    this.requestUpdate();
    const deliver = this.dispatchEvent(new AnswerSendEvent(data === undefined ? { text } : { text, data }));
    if (!deliver || !this.api) return;
    this.state.openNewTurn();
    this.streaming = true;
    const abort = (this.abort = new AbortController());
    let response: Response;
    try {
      const history = this.state.messages.slice(0, -1);
      response = await postChat(this.api, this.threadId || this.fallbackChatId, history, this.requestOptions, abort.signal);
    } catch (error) {
      if (!abort.signal.aborted) this.report('request_failed', String(error), 'interrupted');
      this.finishStream();
      return;
    }
    await this.consume(response);
  }

  /** Stops the answer that is streaming; what arrived is kept. */
  stop(): void {
    if (!this.busy && !this.abort) return;
    this.abort?.abort();
    void this.reader?.cancel().catch(() => undefined);
    const turn = this.state.endTurn('stopped');
    if (turn) this.turnChanged(turn, true);
    this.finishStream();
  }

  /**
   * Reads an AI SDK UI message stream (a fetch `Response` or a byte stream)
   * into the thread. Resolves when it ends; never rejects.
   */
  async consume(source: Response | ReadableStream<Uint8Array>): Promise<void> {
    this.streaming = true;
    if (!this.state.openTurn) this.state.openNewTurn();
    let stream: ReadableStream<Uint8Array> | null;
    if (source instanceof Response) {
      if (!source.ok) {
        this.report('http_error', `HTTP ${source.status}${source.statusText ? ` ${source.statusText}` : ''}`, 'error');
        this.finishStream();
        return;
      }
      stream = source.body;
    } else stream = source;
    if (!stream) {
      this.report('connection_lost', 'empty response', 'interrupted');
      this.finishStream();
      return;
    }
    const reader = (this.reader = stream.getReader());
    const decoder = new TextDecoder();
    const parser = new EventStreamParser();
    let done = false;
    try {
      while (!done) {
        const chunk = await reader.read();
        const text = chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
        const events = parser.push(text);
        if (chunk.done) events.push(...parser.end());
        for (const data of events) {
          if (data === OVERSIZED_EVENT) {
            this.report('malformed_line', `a stream event longer than ${MAX_EVENT_LENGTH} characters was dropped`);
            continue;
          }
          if (data === '[DONE]' || this.handleEvent(data) === 'closed') {
            done = true;
            break;
          }
        }
        if (chunk.done) break;
      }
      if (done) await reader.cancel().catch(() => undefined);
      else if (this.state.openTurn) this.report('connection_lost', 'the stream ended before the answer finished', 'interrupted');
    } catch (error) {
      if (this.reader === reader && !this.abort?.signal.aborted && this.state.openTurn) {
        this.report('connection_lost', String(error), 'interrupted');
      }
    }
    if (this.reader === reader) this.finishStream();
  }

  /** Applies one stream part (an object like `{ type: 'text-delta', id, delta }`). Unknown parts are ignored. */
  applyPart(part: unknown): void {
    const known = readPart(part);
    if (!known) return;
    const change = this.state.apply(known);
    if (change) this.reflect(change);
    if (change?.closed && this.streaming) this.closeStream();
  }

  private handleEvent(data: string): 'closed' | void {
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      this.report('malformed_line', data.slice(0, 200));
      return;
    }
    const before = this.state.openTurn;
    this.applyPart(json);
    if (before && before.closed) return 'closed';
  }

  /** Ends the stream of a turn that is over: later parts cannot rewrite it. */
  private closeStream() {
    this.abort?.abort();
  }

  private finishStream() {
    this.streaming = false;
    this.abort = undefined;
    this.reader = undefined;
    this.sendQueued();
  }

  /** Sends a message that waited for the previous answer (e.g. a form submitted mid-turn). */
  private sendQueued() {
    if (this.busy) return;
    const next = this.queued.shift();
    if (next) void this.send(next.text, next.data);
  }

  /** Adds an inline notice, fires `answer-error`, and optionally ends the turn. */
  private report(code: NoticeCode, detail: string, endAs?: 'error' | 'interrupted') {
    const change = this.state.addNotice(code, detail);
    if (endAs) this.state.endTurn(endAs);
    this.reflect(change);
  }

  private reflect(change: Change) {
    // The message list and the composer change only when a turn opens or closes.
    if (change.opened || change.closed) this.requestUpdate();
    if (change.closed && !this.streaming) queueMicrotask(() => this.sendQueued());
    this.turnChanged(change.turn, change.closed || change.turn.closed);
    if (change.notice) {
      const text = noticeText(change.notice);
      this.dispatchEvent(new AnswerErrorEvent({ code: change.notice.code, message: change.notice.detail || text }));
      this.announce(text);
    }
    if (change.newBlock) {
      const block = change.newBlock.block as Partial<Block> | undefined;
      this.announce(`${msg('New content:')} ${typeof block?.fallback_text === 'string' ? block.fallback_text : ''}`);
    }
    if (change.final) this.announce(msg('The answer is complete.'));
  }

  private turnChanged(turn: AssistantTurn, ended = false) {
    this.turnElements.get(turn)?.requestUpdate();
    this.readerActed = false;
    this.scheduleScroll();
    this.persistence.changed(turn, ended);
    if (ended) void this.persistence.turnEnded();
  }

  private announce(text: string) {
    // Re-setting the same text would not be announced again; a trailing space makes it new.
    this.announcement = this.announcement === text ? `${text} ` : text;
  }

  /** Follows new content once per frame, unless the reader scrolled up. */
  private scheduleScroll() {
    if (!this.following || this.scrollFrame) return;
    this.scrollFrame = requestAnimationFrame(() => {
      this.scrollFrame = 0;
      const scroller = this.scroller;
      if (scroller && this.following) {
        scroller.scrollTop = scroller.scrollHeight;
        this.autoScrollTop = scroller.scrollTop;
      }
    });
  }

  /**
   * The reader stops following by scrolling up from where auto-scroll put
   * them, and resumes by scrolling back to the bottom. Content that grows
   * before a scroll event arrives does not count as scrolling up.
   */
  private onScroll() {
    const scroller = this.scroller!;
    if (scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < FOLLOW_SLACK) this.following = true;
    else if (scroller.scrollTop < this.autoScrollTop - 2) this.following = false;
  }

  private onReaderAction() {
    this.readerActed = true;
  }

  private onFormSubmit = (event: AnswerFormSubmitEvent) => {
    const { blockId, elementId, values } = event.detail;
    const turnElement = event.composedPath().find((node): node is AgentTurn => node instanceof AgentTurn);
    const item = this.state.recordSubmission(blockId, elementId, values, turnElement?.turn?.id);
    if (turnElement?.turn) this.turnChanged(turnElement.turn, true);
    const block = item?.valid ? (item.block as Block) : undefined;
    const form = block?.elements[elementId];
    const props = form?.type === 'FollowUpForm' ? form.props : undefined;
    void this.send(formSummary(props?.title, props?.fields ?? [], values), { type: 'answer_form', blockId, elementId, values });
  };

  private onKeydown(event: KeyboardEvent) {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      this.submitDraft();
    }
  }

  private submitDraft(event?: Event) {
    event?.preventDefault();
    const text = this.draft.trim();
    if (!text || this.busy) return;
    this.draft = '';
    void this.send(text);
  }

  /** Whether focus was inside the thread when this update began. */
  private hadFocus = false;

  protected override update(changed: PropertyValues<this>) {
    this.hadFocus = Boolean(this.shadowRoot?.activeElement);
    super.update(changed);
  }

  protected override updated(changed: PropertyValues<this>) {
    super.updated(changed);
    // The focused control went away (Stop once the answer ends, New conversation once the
    // thread is empty): focus goes on to the message box instead of falling to the page.
    if (this.hadFocus && !this.shadowRoot!.activeElement) this.renderRoot.querySelector<HTMLTextAreaElement>('#message')?.focus();
    this.scheduleScroll();
    this.watchEarlier();
  }

  /** Renders the next page of earlier messages, keeping what the reader sees in place. */
  private showEarlier() {
    const scroller = this.scroller;
    const fromBottom = scroller ? scroller.scrollHeight - scroller.scrollTop : 0;
    this.shownFrom = Math.max(0, this.shownFrom - HISTORY_PAGE);
    void this.updateComplete.then(() => {
      if (scroller) scroller.scrollTop = scroller.scrollHeight - fromBottom;
    });
  }

  /** Loads earlier messages when their placeholder scrolls into view. */
  private watchEarlier() {
    this.earlierObserver?.disconnect();
    const button = this.renderRoot.querySelector('.earlier');
    if (!button || !this.scroller) return;
    // Only a reader who scrolled up asks for more; at the bottom, the button is there to press.
    this.earlierObserver = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && !this.following && this.showEarlier(), { root: this.scroller });
    this.earlierObserver.observe(button);
  }

  private renderMessage(message: ThreadMessage) {
    if (message.role === 'user') {
      return html`<div class="user" role="article" aria-label=${msg('You')} dir="auto">${message.text}</div>`;
    }
    return html`<agent-turn
      role="article"
      aria-label=${msg('Assistant')}
      aria-busy=${message.status === 'streaming' ? 'true' : 'false'}
      .turn=${message}
      ${ref((element) => element && this.turnElements.set(message, element as AgentTurn))}
    ></agent-turn>`;
  }

  override render() {
    const messages = this.state.messages;
    // One notice at a time: a store that stopped working matters more than a skipped record.
    const notice = this.storageNotice || this.restoreNotice;
    return html`${notice || messages.length
        ? html`<header>
            ${notice ? html`<p class="storage-notice" role="status">${notice}</p>` : nothing}
            ${messages.length
              ? html`<button type="button" class="button new" part="new-conversation" @click=${() => this.newConversation()}>${msg('New conversation')}</button>`
              : nothing}
          </header>`
        : nothing}
      <div class="scroller" @scroll=${this.onScroll} @pointerdown=${this.onReaderAction} @keydown=${this.onReaderAction}>
        <div class="messages" part="messages">
          ${messages.length === 0 ? html`<p class="empty">${msg('Ask a question to start.')}</p>` : nothing}
          ${this.shownFrom > 0
            ? html`<button type="button" class="button earlier" @click=${() => this.showEarlier()}>${msg('Show earlier messages')}</button>`
            : nothing}
          ${repeat(this.shownFrom > 0 ? messages.slice(this.shownFrom) : messages, (message) => message.id, (message) => this.renderMessage(message))}
        </div>
      </div>
      <div class="visually-hidden" role="status" aria-live="polite">${this.announcement}</div>
      ${this.noComposer
        ? nothing
        : html`<form class="composer" part="composer" @submit=${this.submitDraft}>
            <label class="visually-hidden" for="message">${msg('Message')}</label>
            <textarea
              id="message"
              rows="1"
              placeholder=${msg('Ask the agent…')}
              .value=${this.draft}
              @input=${(e: InputEvent) => (this.draft = (e.target as HTMLTextAreaElement).value)}
              @keydown=${this.onKeydown}
            ></textarea>
            ${this.busy
              ? html`<button type="button" class="button" @click=${() => this.stop()}>${msg('Stop')}</button>`
              : html`<button type="submit" class="button primary" ?disabled=${!this.draft.trim()}>${msg('Send')}</button>`}
          </form>`}`;
  }
}

/** A readable user message for a form submission: "Title — Label: answer; …". */
export function formSummary(title: string | undefined, fields: readonly FormFieldT[], values: Record<string, FormValue>): string {
  const answers = Object.entries(values).map(([name, value]) => {
    const field = fields.find((f) => f.name === name);
    return `${field?.label ?? name}: ${formatAnswer(field ?? { kind: 'text' }, value)}`;
  });
  return [title, answers.join('\n')].filter(Boolean).join('\n');
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-thread': AgentThread;
  }
}
