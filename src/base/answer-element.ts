import { localized } from '@lit/localize';
import { LitElement, type CSSResultGroup } from 'lit';
import { define } from './define.js';
import { themeStyles } from './theme.styles.js';

/**
 * What every answer element shares: the theme's tokens and base styles
 * ahead of its own, a re-render when the locale changes, and the elements
 * it renders registered with it (`static dependencies`, as Shoelace and Web
 * Awesome do), so an element works wherever it is defined and a class file
 * registers nothing else by itself.
 */
@localized()
export class AnswerElement extends LitElement {
  /**
   * The elements this one renders, by tag; each is registered (once per page) when one is
   * first created.
   * @internal
   */
  static dependencies: Record<string, CustomElementConstructor> = {};

  protected static override finalizeStyles(styles?: CSSResultGroup) {
    return super.finalizeStyles([themeStyles, styles ?? []]);
  }

  constructor() {
    super();
    const { dependencies } = this.constructor as typeof AnswerElement;
    for (const [tag, element] of Object.entries(dependencies)) define(tag, element);
  }
}
