import { msg } from '@lit/localize';
import { html, type ReactiveControllerHost } from 'lit';

/*
 * The form that stands in place of a question being edited. Loaded on the first press of Edit:
 * most readers never edit a question.
 */

/** A question being edited in `host`: its draft, and what sending or leaving it does. */
interface Editing {
  host: ReactiveControllerHost & HTMLElement;
  message: { id: string; text: string };
  draft: string;
  /** Takes the form away, the question as it was. */
  close: () => void;
  /** Sends the edited question (its text trimmed, never empty). */
  send: (text: string) => void;
}

/**
 * Starts editing `message`: its form, to render in its place, takes the focus. `close` takes it
 * away; `send` sends the edited text.
 */
export function startEditing<Message extends Editing['message']>(
  host: Editing['host'],
  message: Message,
  close: Editing['close'],
  send: Editing['send'],
) {
  const editing: Editing = { host, message, draft: message.text, close, send };
  host.requestUpdate();
  focusAfter(host, '#edit-message');
  return { message, form: () => editForm(editing) };
}

/** Focuses what `selector` finds in `host` once it has rendered. */
function focusAfter(host: ReactiveControllerHost & HTMLElement, selector: string) {
  void host.updateComplete.then(() =>
    host.shadowRoot?.querySelector<HTMLElement>(selector)?.focus(),
  );
}

/** The edit form: Enter sends (Shift+Enter is a new line), Escape leaves. */
function editForm(editing: Editing) {
  const cancel = () => {
    editing.close();
    // Focus goes back to the question's Edit button, where the reader left.
    focusAfter(editing.host, `[data-message-id="${CSS.escape(editing.message.id)}"] .action`);
  };
  const send = (event: Event) => {
    event.preventDefault();
    const text = editing.draft.trim();
    if (text) editing.send(text);
  };
  const keydown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') cancel();
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
      <button type="button" class="button" @click=${cancel}>${msg('Cancel')}</button>
      <button type="submit" class="button primary">${msg('Send')}</button>
    </div>
  </form>`;
}
