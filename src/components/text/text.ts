import { css, html, LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import { themeStyles } from '../shared/theme.styles.js';

/**
 * @summary Plain text with a typographic role; never parsed as HTML or markdown.
 *
 * @csspart text - The text element.
 */
export class AnswerText extends LitElement {
  static override styles = [
    themeStyles,
    css`
      :host {
        display: block;
      }
      .text {
        margin: 0;
        white-space: pre-wrap;
        overflow-wrap: anywhere;
      }
      .heading {
        font-size: 1.125rem;
        font-weight: 650;
        line-height: 1.3;
      }
      .caption {
        font-size: 0.8125rem;
        color: var(--_muted);
      }
      .note {
        padding: var(--_space-sm) var(--_space-md);
        border-inline-start: 3px solid var(--_accent);
        background: var(--_raised);
        border-start-end-radius: var(--_radius);
        border-end-end-radius: var(--_radius);
      }
      .code {
        font-family: var(--_mono);
        font-size: 0.8125rem;
        padding: var(--_space-sm) var(--_space-md);
        background: var(--_raised);
        border-radius: var(--_radius);
        overflow-x: auto;
        white-space: pre;
      }
    `,
  ];

  /** The text; newlines are kept. */
  @property() text = '';

  /** `body` (default), `heading`, `caption`, `note` or `code`. */
  @property({ reflect: true }) variant: 'body' | 'heading' | 'caption' | 'note' | 'code' = 'body';

  override render() {
    switch (this.variant) {
      case 'heading':
        return html`<h4 class="text heading" part="text" dir="auto">${this.text}</h4>`;
      case 'code':
        return html`<pre class="text code" part="text" tabindex="0"><code>${this.text}</code></pre>`;
      case 'note':
        return html`<p class="text note" part="text" role="note" dir="auto">${this.text}</p>`;
      default:
        return html`<p class="text ${this.variant}" part="text" dir="auto">${this.text}</p>`;
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'answer-text': AnswerText;
  }
}
