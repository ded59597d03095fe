import { msg } from '@lit/localize';
import { html } from 'lit';

/** What the composer shows and whom it tells. */
export interface ComposerOptions {
  draft: string;
  /** An answer is under way: Stop stands where Send was. */
  busy: boolean;
  input(draft: string): void;
  send(): void;
  stop(): void;
}

/** The message box with Send (or Stop): Enter sends, Shift+Enter adds a line, nothing sends mid-composition. */
export function composer({ draft, busy, input, send, stop }: ComposerOptions) {
  const submit = (event: Event) => {
    event.preventDefault();
    send();
  };
  const keydown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) submit(event);
  };
  return html`<form class="composer" part="composer" @submit=${submit}>
    <label class="visually-hidden" for="message">${msg('Message')}</label>
    <textarea
      id="message"
      rows="1"
      placeholder=${msg('Ask the agent…')}
      .value=${draft}
      @input=${(e: InputEvent) => input((e.target as HTMLTextAreaElement).value)}
      @keydown=${keydown}
    ></textarea>
    ${
      busy
        ? html`<button type="button" class="button" @click=${stop}>${msg('Stop')}</button>`
        : html`<button type="submit" class="button primary" ?disabled=${!draft.trim()}>${msg('Send')}</button>`
    }
  </form>`;
}
