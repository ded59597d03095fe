import { html } from 'lit';
import { property } from 'lit/decorators.js';
import { textStyles } from './text.styles.js';
import { AnswerElement } from '../../base/answer-element.js';

/**
 * @tag answer-text
 * @summary Plain text with a typographic role; never parsed as HTML or markdown.
 *
 * @csspart text - The text element.
 */
export class AnswerText extends AnswerElement {
  static override styles = textStyles;

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
