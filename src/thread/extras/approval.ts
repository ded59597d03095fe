import { msg, str } from '@lit/localize';
import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { AnswerApprovalResponseEvent } from '../events.js';
import type { ToolItem } from '../../conversation/index.js';
import { approvalStyles } from './approval.styles.js';
import { AnswerElement } from '../../base/answer-element.js';

/** How many of the input's top-level entries are listed, and how long a value or a key may be. */
const MAX_ENTRIES = 8;
const MAX_VALUE = 120;
const MAX_KEY = 40;
/** The longest reason sent with a denial. */
const MAX_REASON = 500;

/**
 * One line of at most `max` characters. (The same cut as catalog/shape's
 * `truncate`, written here: importing that from this chunk makes the bundler
 * split it out of the page's entry into a chunk the entry loads up front.)
 */
const clip = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The call's input as short `key: value` lines (one unkeyed line when it is not an object), and how many entries were left out. */
function inputSummary(input: unknown): { entries: [string | undefined, string][]; more: number } {
  if (input === undefined) return { entries: [], more: 0 };
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { entries: [[undefined, clip(asText(input), MAX_VALUE)]], more: 0 };
  const all = Object.entries(input);
  const entries = all
    .slice(0, MAX_ENTRIES)
    .map(([key, value]): [string, string] => [clip(key, MAX_KEY), clip(asText(value), MAX_VALUE)]);
  return { entries, more: all.length - entries.length };
}

interface Outcome {
  approved: boolean;
  reason?: string;
}

/**
 * @tag answer-approval
 * @summary A tool call that waits for the reader: the tool's name, why the
 * agent asks (when the request says), a short summary of its input, an
 * optional reason, and **Approve** / **Deny**
 * buttons. Once answered (here, or as the stream reports) it shows the
 * outcome instead of the buttons.
 *
 * @fires answer-approval-response - The reader answered; `detail: { approvalId, approved, reason? }` (a reason only with a denial).
 * @csspart card - The card.
 */
export class AnswerApproval extends AnswerElement {
  static override styles = approvalStyles;

  /** The tool call (`approval: { id, approved?, reason? }`); read again on every render, as the thread updates it in place. */
  @property({ attribute: false, hasChanged: () => true }) tool?: ToolItem;

  /** The answer given here, shown at once, before the thread has recorded it. */
  @state() private given?: Outcome;

  private focusOutcome = false;

  protected override willUpdate(changed: PropertyValues<this>) {
    const previous = changed.get('tool');
    if (previous && previous !== this.tool) this.given = undefined;
  }

  protected override updated() {
    if (!this.focusOutcome) return;
    this.focusOutcome = false;
    // The button that had the focus is gone: the outcome takes it, so the reader hears what happened.
    this.renderRoot.querySelector<HTMLElement>('.outcome')?.focus();
  }

  /** What became of the request: answered here, by the thread, or settled by the stream (a tool that ran was approved). */
  private outcome(tool: ToolItem): Outcome | undefined {
    const { approval } = tool;
    const reason = approval?.reason ? { reason: approval.reason } : {};
    if (tool.status === 'denied') return { approved: false, ...reason };
    if (approval?.approved !== undefined) return { approved: approval.approved, ...reason };
    if (tool.status === 'done' || tool.status === 'failed') return { approved: true };
    return this.given;
  }

  private respond(approved: boolean) {
    const tool = this.tool;
    if (!tool?.approval || this.outcome(tool)) return;
    const typed = approved ? '' : (this.renderRoot.querySelector('input')?.value ?? '');
    const reason = typed.trim().slice(0, MAX_REASON);
    const answer = { approved, ...(reason ? { reason } : {}) };
    this.given = answer;
    this.focusOutcome = true;
    this.dispatchEvent(
      new AnswerApprovalResponseEvent({ approvalId: tool.approval.id, ...answer }),
    );
  }

  private renderOutcome(outcome: Outcome, summary: string) {
    const text = outcome.approved
      ? msg('Approved')
      : outcome.reason
        ? msg(str`Denied: ${outcome.reason}`)
        : msg('Denied');
    return html`<p class="outcome ${outcome.approved ? 'approved' : 'denied'}" tabindex="-1">
        <span class="mark" aria-hidden="true">${outcome.approved ? '✓' : '✕'}</span><span dir="auto">${text}</span>
      </p>
      ${summary ? html`<p class="summary" dir="auto">${summary}</p>` : nothing}`;
  }

  private renderControls() {
    return html`<div class="reason">
        <label for="reason">${msg('Reason (optional)')}</label>
        <input id="reason" type="text" maxlength=${MAX_REASON} autocomplete="off" />
      </div>
      <div class="actions">
        <button type="button" class="button primary" @click=${() => this.respond(true)}>${msg('Approve')}</button>
        <button type="button" class="button" @click=${() => this.respond(false)}>${msg('Deny')}</button>
      </div>`;
  }

  override render() {
    const tool = this.tool;
    if (!tool) return nothing;
    const { entries, more } = inputSummary(tool.input);
    const outcome = this.outcome(tool);
    return html`<div class="card ${outcome ? 'answered' : 'waiting'}" part="card" role="group" aria-labelledby="title">
      <p class="title" id="title">
        <span>${outcome ? msg('Approval') : msg('Approval needed')}</span><span class="name" dir="auto">${tool.name}</span>
      </p>
      ${
        tool.approval?.requestReason
          ? html`<p class="request-reason" dir="auto">${clip(tool.approval.requestReason, MAX_REASON)}</p>`
          : nothing
      }
      ${
        entries.length
          ? html`<ul class="input" aria-label=${msg('Input')}>
            ${entries.map(([key, value]) => html`<li>${key === undefined ? nothing : html`<span class="key" dir="auto">${key}</span>: `}<span dir="auto">${value}</span></li>`)}
            ${more > 0 ? html`<li class="more">${msg(str`and ${more} more`)}</li>` : nothing}
          </ul>`
          : nothing
      }
      ${outcome ? this.renderOutcome(outcome, tool.summary) : this.renderControls()}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'answer-approval': AnswerApproval;
  }
}
