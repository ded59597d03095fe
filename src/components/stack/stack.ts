import { html } from 'lit';
import { property } from 'lit/decorators.js';
import { stackStyles } from './stack.styles.js';
import { AnswerElement } from '../../base/answer-element.js';

/**
 * @tag answer-stack
 * @summary Lays out its children top to bottom or side by side.
 *
 * @slot - The children.
 * @csspart stack - The flex container.
 * @cssprop --answer-space-sm - Gap "sm" (default 0.5rem).
 * @cssprop --answer-space-md - Gap "md" (default 1rem).
 * @cssprop --answer-space-lg - Gap "lg" (default 1.5rem).
 * @cssprop --answer-stack-min-item - Narrowest a child of a horizontal stack gets before the stack wraps (default 12rem).
 */
export class AnswerStack extends AnswerElement {
  static override styles = stackStyles;

  // Classes on the inner box, not reflected host attributes: browsers give a
  // legacy `align` attribute presentational meaning (text-align) on any element.

  /** Main axis: `vertical` (default) or `horizontal`. */
  @property() direction: 'vertical' | 'horizontal' = 'vertical';

  /** Space between children: `none`, `sm`, `md` (default) or `lg`. */
  @property() gap: 'none' | 'sm' | 'md' | 'lg' = 'md';

  /** Cross-axis alignment: `start`, `center`, `end` or `stretch` (default). */
  @property() align: 'start' | 'center' | 'end' | 'stretch' = 'stretch';

  /** In a horizontal stack, size children by their content (growing to fill each line) instead of in equal columns. */
  @property({ type: Boolean }) wrap = false;

  override render() {
    const classes = [
      'stack',
      this.direction === 'horizontal' && 'horizontal',
      this.wrap && 'wrap',
      this.gap && `gap-${this.gap}`,
      this.align && `align-${this.align}`,
    ];
    return html`<div class=${classes.filter(Boolean).join(' ')} part="stack"><slot></slot></div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'answer-stack': AnswerStack;
  }
}
