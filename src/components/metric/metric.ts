import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { formatDelta, formatNumber, type NumberStyle } from '../../base/format.js';
import { metricPhrase } from '../shared/phrases.js';
import { metricStyles } from './metric.styles.js';
import { AnswerElement } from '../../base/answer-element.js';

/** Reads numeric attribute text as a number, anything else as a string. */
export const numberOrString = {
  fromAttribute: (value: string | null) =>
    value !== null && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value,
  toAttribute: (value: unknown) => (value == null ? null : String(value)),
};

/**
 * @tag answer-metric
 * @summary One key figure with an optional change indicator.
 *
 * @csspart metric - The card.
 * @csspart value - The formatted figure.
 * @csspart delta - The change indicator.
 * @cssprop --answer-color-positive - Colour of a change for the better.
 * @cssprop --answer-color-negative - Colour of a change for the worse.
 */
export class AnswerMetric extends AnswerElement {
  static override styles = metricStyles;

  /** What is measured. */
  @property() label = '';

  /** The figure: a number (formatted for the locale) or a preformatted string. */
  @property({ converter: numberOrString }) value: number | string = '';

  /** How a numeric value is shown: `number` (default), `percent`, `currency` or `compact`. */
  @property() format: NumberStyle = 'number';

  /** ISO 4217 code for `format="currency"`. */
  @property() currency?: string;

  /** Unit shown after the value. */
  @property() unit?: string;

  /** Change as a fraction (0.12 is +12%). */
  @property({ type: Number }) delta?: number;

  /** Whether a rising value is good (`up`, default) or bad (`down`). */
  @property({ attribute: 'good-direction' }) goodDirection: 'up' | 'down' = 'up';

  /** Context for the figure. */
  @property() caption?: string;

  /** The change as the card shows it: an arrow and a signed percentage, coloured good or bad. */
  private renderDelta(delta: number) {
    const direction = delta > 0 ? 'up' : delta < 0 ? 'down' : 'flat';
    const quality = direction === 'flat' ? '' : direction === this.goodDirection ? 'good' : 'bad';
    const arrow = direction === 'up' ? '▲' : direction === 'down' ? '▼' : '●';
    return html`<div class="delta ${quality}" part="delta" aria-hidden="true">
      ${arrow} ${formatDelta(delta)}
    </div>`;
  }

  override render() {
    const shown =
      typeof this.value === 'number'
        ? formatNumber(this.value, this.format, this.currency)
        : this.value;
    const delta =
      typeof this.delta === 'number' && Number.isFinite(this.delta) ? this.delta : undefined;
    // What shows is hidden from assistive technology, which reads the one phrase instead.
    return html`<div class="card" part="metric">
      <span class="visually-hidden">${metricPhrase(this)}</span>
      <div class="label" dir="auto" aria-hidden="true">${this.label}</div>
      <div class="value ${shown.length > 11 ? 'long' : ''}" part="value" aria-hidden="true">
        <bdi>${shown}</bdi>${this.unit ? html`<span class="unit">${this.unit}</span>` : nothing}
      </div>
      ${delta === undefined ? nothing : this.renderDelta(delta)}
      ${
        this.caption
          ? html`<div class="caption muted" dir="auto" aria-hidden="true">${this.caption}</div>`
          : nothing
      }
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'answer-metric': AnswerMetric;
  }
}
