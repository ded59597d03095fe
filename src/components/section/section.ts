import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { sectionStyles } from './section.styles.js';
import { AnswerElement } from '../../base/answer-element.js';

/**
 * @tag answer-section
 * @summary A titled group of related content.
 *
 * @slot - The section's content, stacked vertically.
 * @csspart section - The `<section>` element.
 * @csspart title - The heading.
 */
export class AnswerSection extends AnswerElement {
  static override styles = sectionStyles;

  /** Heading of the group. */
  @property() heading = '';

  /** One line under the heading. */
  @property() subtitle?: string;

  override render() {
    return html`<section part="section" aria-labelledby="heading">
      <h3 id="heading" part="title" dir="auto">${this.heading}</h3>
      ${this.subtitle ? html`<p class="subtitle muted" dir="auto">${this.subtitle}</p>` : nothing}
      <div class="body"><slot></slot></div>
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'answer-section': AnswerSection;
  }
}
