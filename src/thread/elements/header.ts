import { msg } from '@lit/localize';
import { html, nothing } from 'lit';

/** What the thread's header shows and whom it tells. */
export interface HeaderOptions {
  /** A storage notice, or empty. */
  notice: string;
  /** The conversation is empty: there is nothing to start over from. */
  empty: boolean;
  newConversation(): void;
}

/** The storage notice and the "New conversation" button; nothing while both would be empty. */
export function header({ notice, empty, newConversation }: HeaderOptions) {
  if (!notice && empty) return nothing;
  const button = html`<button type="button" class="button new" part="new-conversation" @click=${newConversation}>${msg('New conversation')}</button>`;
  return html`<header>${notice ? html`<p class="storage-notice" role="status">${notice}</p>` : nothing} ${empty ? nothing : button}</header>`;
}
