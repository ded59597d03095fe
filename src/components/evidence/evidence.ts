import { msg, str } from '@lit/localize';
import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { EvidenceItemT } from '../../catalog/index.js';
import { AnswerSourceSelectEvent } from '../shared/events.js';
import { formatDate } from '../../base/format.js';
import { evidenceStyles } from './evidence.styles.js';
import { AnswerElement } from '../../base/answer-element.js';

/**
 * @tag answer-evidence
 * @summary A collapsible list of evidence, each item naming its source.
 *
 * Collapsed by default; the native disclosure opens with Enter or Space.
 *
 * @fires answer-source-select - The reader chose an item that has a `ref`; `detail: { ref }`. The host decides what it opens.
 * @csspart details - The `<details>` disclosure.
 * @csspart summary - Its always-visible heading row.
 * @csspart item - One evidence item.
 */
export class AnswerEvidence extends AnswerElement {
  static override styles = evidenceStyles;

  /** Heading of the list. */
  @property() heading = '';

  /** What the evidence shows. */
  @property() summary?: string;

  /** The items: `{ source, excerpt?, locator?, published?, ref? }`. */
  @property({ attribute: false }) items: EvidenceItemT[] = [];

  /** Whether the list is expanded. */
  @property({ type: Boolean, reflect: true }) open = false;

  private onToggle(event: Event) {
    this.open = (event.target as HTMLDetailsElement).open;
  }

  private renderItem(item: EvidenceItemT) {
    // Each part isolated, so a Latin locator and a localized date keep their order in right-to-left text.
    const meta = [item.locator, item.published ? formatDate(item.published) : undefined].filter(
      Boolean,
    );
    return html`<li part="item">
      <div class="source" dir="auto">${item.source}</div>
      ${meta.length ? html`<div class="meta muted">${meta.map((part, i) => html`${i ? ' · ' : ''}<bdi>${part}</bdi>`)}</div>` : nothing}
      ${item.excerpt ? html`<blockquote dir="auto">${item.excerpt}</blockquote>` : nothing}
      ${
        item.ref
          ? html`<button type="button" class="button open" aria-label=${msg(str`Open source: ${item.source}`)}
            @click=${() => this.dispatchEvent(new AnswerSourceSelectEvent({ ref: item.ref! }))}>${msg('Open source')}</button>`
          : nothing
      }
    </li>`;
  }

  override render() {
    const items = this.items ?? [];
    return html`<details class="card" part="details" ?open=${this.open} @toggle=${this.onToggle}>
      <summary part="summary">
        <span class="heading" dir="auto">${this.heading}</span>
        <span class="count muted">${items.length === 1 ? msg('1 source') : msg(str`${items.length} sources`)}</span>
      </summary>
      <div class="body">
        ${this.summary ? html`<p class="summary-text" dir="auto">${this.summary}</p>` : nothing}
        <ol>${items.map((item) => this.renderItem(item))}</ol>
      </div>
    </details>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'answer-evidence': AnswerEvidence;
  }
}
