import { msg } from '@lit/localize';
import { html } from 'lit';
import { ref } from 'lit/directives/ref.js';
import type { AssistantTurn, ThreadMessage } from '../conversation/index.js';
import type { AgentTurn } from './turn.js';

/**
 * One message of the conversation, as an article: the reader's as plain
 * text, the agent's as an `<agent-turn>` that `register` hears of, so the
 * thread can re-render just that turn when it changes.
 */
export function messageTemplate(message: ThreadMessage, register: (turn: AssistantTurn, element: AgentTurn) => void) {
  if (message.role === 'user') {
    return html`<div class="user" role="article" aria-label=${msg('You')} dir="auto">${message.text}</div>`;
  }
  return html`<agent-turn
    role="article"
    exportparts="report, process"
    aria-label=${msg('Assistant')}
    aria-busy=${message.status === 'streaming' ? 'true' : 'false'}
    .turn=${message}
    ${ref((element) => element && register(message, element as AgentTurn))}
  ></agent-turn>`;
}
