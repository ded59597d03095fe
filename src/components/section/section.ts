import { css, html, LitElement, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { themeStyles } from '../shared/theme.styles.js';

/**
 * @summary A titled group of related content.
 *
 * @slot - The section's content, stacked vertically.
 * @csspart section - The `<section>` element.
 * @csspart title - The heading.
 */
export class AnswerSection extends LitElement {
  static override styles = [
    themeStyles,
    css`
      :host {
        display: block;
      }
      section {
        display: flex;
        flex-direction: column;
        gap: var(--_space-sm);
      }
      h3 {
        margin: 0;
        font-size: 1.0625rem;
        font-weight: 650;
        line-height: 1.3;
        overflow-wrap: anywhere;
      }
      .subtitle {
        margin: -0.25rem 0 0;
        overflow-wrap: anywhere;
      }
      .body {
        display: flex;
        flex-direction: column;
        gap: var(--_space-md);
      }
    `,
  ];

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
