import { msg } from '@lit/localize';
import { html, nothing } from 'lit';
import type { ThreadMessage, UserMessage } from '../../conversation/index.js';
import type { ActionContext, MessageActions } from '../controllers/message-actions.js';
import type { DataRenderer } from '../turn-view.js';

/** How the thread shows its messages. */
export interface MessageView {
  /** The reader's actions, once their chunk is in. */
  actions?: MessageActions | undefined;
  /** The host's element for a data part it renders itself. */
  renderData?: DataRenderer;
  /** The answers' disclosure and where it shows (`AgentThread.disclosure`). */
  disclosure?: string | undefined;
  disclosurePosition?: 'start' | 'end' | undefined;
}

/** The files the reader attached to a question, as chips. */
function attached(message: UserMessage) {
  if (!message.files?.length) return nothing;
  return html`<answer-files .files=${message.files}></answer-files>`;
}

/**
 * One message of the conversation with the reader's actions under it: the
 * reader's as plain text (or its edit form), the agent's as an `<agent-turn>`.
 */
export function messageTemplate(message: ThreadMessage, view: MessageView, context: ActionContext) {
  if (message.role === 'user') {
    const question = view.actions?.isEditing(message)
      ? view.actions.renderEditor()
      : // No white space inside the bubble: it keeps the reader's line breaks (pre-wrap).
        html`<div class="user reader-bubble" role="article" aria-label=${msg('You')} dir="auto"
        >${attached(message)}${message.text}</div>`;
    return html`<div class="entry from-user" data-message-id=${message.id}>
      ${question}${view.actions?.render(message, context)}
    </div>`;
  }
  return html`<div class="entry" data-message-id=${message.id}>
    <agent-turn
      role="article"
      exportparts="report, process, disclosure"
      aria-label=${msg('Assistant')}
      aria-busy=${message.status === 'streaming' ? 'true' : 'false'}
      .turn=${message}
      .renderData=${view.renderData}
      .disclosure=${view.disclosure}
      .disclosurePosition=${view.disclosurePosition}
    ></agent-turn>
    ${view.actions?.render(message, context)}
  </div>`;
}
