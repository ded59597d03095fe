import { msg } from '@lit/localize';
import { html, nothing, type ReactiveControllerHost } from 'lit';
import type { AssistantTurn, ThreadMessage, UserMessage } from '../../conversation/index.js';
import type { ChatRequests } from '../link/requests.js';

/** What the actions of a message depend on. */
export interface ActionContext {
  /** The message is the last of the conversation. */
  last: boolean;
  /** An answer is under way: nothing can be asked again until it ends. */
  busy: boolean;
}

/**
 * The reader's actions on a message, under it: **Copy** an answer as
 * markdown, **Regenerate** the last answer (**Retry** when it failed or was
 * cut off), and **Edit** a question to send it again. Edit turns the
 * question into a small form in place; the conversation after it goes when
 * the edited question is sent.
 */
export class MessageActions {
  /** The question being edited, and its draft. */
  private editing?: { message: UserMessage; draft: string };
  /** The answer just copied: its Copy button says so for a moment. */
  private copied?: AssistantTurn;
  private copiedTimer?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly requests: ChatRequests,
    /** Tells screen readers what happened (the copy is silent otherwise). */
    private readonly say: (text: string) => void,
  ) {}

  /** Whether `message` is shown as its edit form. */
  isEditing(message: ThreadMessage): boolean {
    return this.editing?.message === message;
  }

  /** The actions under `message`, or nothing when none applies. */
  render(message: ThreadMessage, { last, busy }: ActionContext) {
    const canAsk = this.requests.canAsk && !busy;
    if (message.role === 'user') {
      // A form's answers are not a question to rewrite; an edit form shows no actions of its own.
      if (!canAsk || message.data !== undefined || this.isEditing(message)) return nothing;
      return this.bar(
        html`<button type="button" class="action" @click=${() => this.startEditing(message)}>${msg('Edit')}</button>`,
      );
    }
    if (!message.closed) return nothing;
    const failed = message.status === 'error' || message.status === 'interrupted';
    const hasAnswer =
      message.items.some(
        (item) => item.kind === 'block' || (item.kind === 'text' && item.parts.length > 0),
      ) || Boolean(message.final);
    const again = last && canAsk;
    if (!hasAnswer && !again) return nothing;
    return this.bar(
      html`${
        hasAnswer
          ? html`<button type="button" class="action" @click=${() => void this.copy(message)}>
              ${this.copied === message ? msg('Copied') : msg('Copy')}
            </button>`
          : nothing
      }
      ${
        again
          ? html`<button type="button" class="action" @click=${() => void this.requests.regenerate(message)}>
              ${failed ? msg('Retry') : msg('Regenerate')}
            </button>`
          : nothing
      }`,
      last,
    );
  }

  /** The edit form that stands in place of the question being edited. */
  renderEditor() {
    const editing = this.editing;
    if (!editing) return nothing;
    const send = (event: Event) => {
      event.preventDefault();
      const text = editing.draft.trim();
      if (!text) return;
      this.editing = undefined;
      void this.requests.send(
        { text, ...(editing.message.files ? { files: editing.message.files } : {}) },
        editing.message,
      );
    };
    const keydown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') this.stopEditing();
      else if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) send(event);
    };
    return html`<form class="edit" @submit=${send}>
      <label class="visually-hidden" for="edit-message">${msg('Edit message')}</label>
      <textarea
        id="edit-message"
        .value=${editing.draft}
        @input=${(e: InputEvent) => (editing.draft = (e.target as HTMLTextAreaElement).value)}
        @keydown=${keydown}
      ></textarea>
      <div class="edit-buttons">
        <button type="button" class="button" @click=${() => this.stopEditing()}>${msg('Cancel')}</button>
        <button type="submit" class="button primary">${msg('Send')}</button>
      </div>
    </form>`;
  }

  private bar(buttons: unknown, pinned = false) {
    return html`<div class="actions ${pinned ? 'pinned' : ''}" role="group" aria-label=${msg('Message actions')}>${buttons}</div>`;
  }

  private startEditing(message: UserMessage) {
    this.editing = { message, draft: message.text };
    this.host.requestUpdate();
    void this.host.updateComplete.then(() =>
      this.host.shadowRoot?.querySelector<HTMLTextAreaElement>('#edit-message')?.focus(),
    );
  }

  private stopEditing() {
    const message = this.editing?.message;
    this.editing = undefined;
    this.host.requestUpdate();
    // Focus goes back to the question's Edit button, where the reader left.
    void this.host.updateComplete.then(() =>
      this.host.shadowRoot
        ?.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(message?.id ?? '')}"] .action`)
        ?.focus(),
    );
  }

  /** Copies an answer as markdown (the builder loads on first use). */
  private async copy(turn: AssistantTurn) {
    try {
      const { turnAsMarkdown } = await import('../../conversation/copy-markdown.js');
      await navigator.clipboard.writeText(turnAsMarkdown(turn));
      this.copied = turn;
      clearTimeout(this.copiedTimer);
      this.copiedTimer = setTimeout(() => {
        this.copied = undefined;
        this.host.requestUpdate();
      }, 2000);
      this.host.requestUpdate();
      this.say(msg('Copied to the clipboard.'));
    } catch {
      this.say(msg('Copying failed: the browser did not allow it.'));
    }
  }
}
