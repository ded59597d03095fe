import { msg } from '@lit/localize';
import { html, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import {
  describeErrors,
  fallbackTextOf,
  isValidatedBlock,
  validateBlock,
  type Block,
  type BlockElement,
  type FormValue,
  type ValidationError,
} from '../../catalog/index.js';
import { AnswerErrorEvent } from '../shared/events.js';
import { blockStyles } from './block.styles.js';
import { props } from './props-directive.js';
import { prepareValidator } from './prepare.js';
import { AnswerElement } from '../../base/answer-element.js';
// The elements a block renders register with it through their own define modules (a map of them
// in `static dependencies` would cost the core entry 0.1 kB of its 45 kB).
import '../stack/define.js';
import '../section/define.js';
import '../text/define.js';
import '../metric/define.js';
import '../table/define.js';
import '../chart/define.js';
import '../evidence/define.js';
import '../map-location/define.js';
import '../follow-up-form/define.js';

/**
 * @tag answer-block
 * @summary Renders one answer block, validated against the catalog first.
 *
 * An invalid block renders its `fallback_text` (or a neutral notice) and
 * fires `answer-error`; nothing of it is half rendered. A block that
 * `validateBlock` returned is rendered as it is, without a second check
 * (the thread validates each streamed block once). Setting a new
 * version of the block updates it in place: elements whose id and type are
 * unchanged keep their DOM node and state, and only changed props re-render.
 * With `review-only` the block is shown for looking back at: no form in it
 * can be submitted.
 *
 * @fires answer-error - The block failed validation; `detail: { code, message }`.
 * @fires answer-form-submit - A form of the block was submitted (from the form inside); `detail: { blockId, elementId, values }`.
 * @fires answer-map-locate - The reader pressed Locate on a map of the block; `detail: { lat, lng, zoom, label, featureId? }`.
 * @fires answer-source-select - The reader opened a source of an Evidence in the block; `detail: { ref }`.
 * @csspart fallback - The text shown instead of an invalid block.
 */
export class AnswerBlock extends AnswerElement {
  static override styles = blockStyles;

  /** The block: an object or JSON text. Untrusted, unless `validateBlock` returned it; validated before anything renders. */
  @property({ attribute: false }) block: unknown;

  /** Text shown while there is no block, e.g. one a thread validated and rejected (it reports the errors itself). */
  @property({ attribute: false }) fallbackText = '';

  /** Submitted answers of this block's forms, by element id; those forms show read-only. */
  @property({ attribute: false }) submissions?: Record<string, Record<string, FormValue>>;

  /**
   * Shows the block for review only: its forms show their fields disabled,
   * with no submit button and a note that they are from an earlier step, so
   * nothing in the block can be sent. `<agent-thread>` sets it on the blocks
   * folded under "View process" that the final report does not name.
   */
  @property({ type: Boolean, attribute: 'review-only' }) reviewOnly = false;

  @state() private current?: Block;
  @state() private fallback = '';

  /** Why the current block was rejected, or an empty list when it rendered. */
  errors: ValidationError[] = [];

  override connectedCallback() {
    super.connectedCallback();
    // A block element on the page: its block, or the next, needs the validator.
    prepareValidator();
  }

  protected override willUpdate(changed: PropertyValues<this>) {
    if (!changed.has('block')) return;
    this.errors = [];
    this.fallback = '';
    if (this.block === undefined) {
      this.current = undefined;
      return;
    }
    if (isValidatedBlock(this.block)) {
      this.current = this.block;
      return;
    }
    // Unchanged elements come back as the same objects (and the same props
    // objects), so the props directive sets nothing on them.
    const result = validateBlock(this.block, { reuse: this.current });
    if (result.ok) {
      this.current = result.block;
      return;
    }
    this.current = undefined;
    this.errors = result.errors;
    this.fallback = fallbackTextOf(this.block);
    this.dispatchEvent(
      new AnswerErrorEvent({
        code: result.errors[0]!.code,
        message: describeErrors(result.errors),
      }),
    );
  }

  private renderElement(id: string): TemplateResult {
    const block = this.current!;
    const element = block.elements[id] as BlockElement;
    const children = () =>
      repeat(
        element.children ?? [],
        (child) => child,
        (child) => this.renderElement(child),
      );
    switch (element.type) {
      case 'Stack':
        return html`<answer-stack data-element-id=${id} ${props(element.props)}>${children()}</answer-stack>`;
      case 'Section':
        return html`<answer-section data-element-id=${id} ${props(element.props)}>${children()}</answer-section>`;
      case 'Text':
        return html`<answer-text data-element-id=${id} ${props(element.props)}></answer-text>`;
      case 'Metric':
        return html`<answer-metric data-element-id=${id} ${props(element.props)}></answer-metric>`;
      case 'Table':
        return html`<answer-table data-element-id=${id} ${props(element.props)}></answer-table>`;
      case 'Chart':
        return html`<answer-chart data-element-id=${id} ${props(element.props)}></answer-chart>`;
      case 'Evidence':
        return html`<answer-evidence data-element-id=${id} ${props(element.props)}></answer-evidence>`;
      case 'MapLocation':
        return html`<answer-map-location data-element-id=${id} ${props(element.props)}></answer-map-location>`;
      case 'FollowUpForm':
        return html`<answer-follow-up-form
          data-element-id=${id}
          ${props(element.props)}
          .blockId=${block.block_id}
          .elementId=${id}
          .submission=${this.submissions?.[id]}
          .reviewOnly=${this.reviewOnly}
        ></answer-follow-up-form>`;
    }
  }

  override render() {
    if (!this.current) {
      return html`<p class="fallback" part="fallback" role="note">${this.fallback || this.fallbackText || msg('This part of the answer could not be shown.')}</p>`;
    }
    // Keyed by block and root id: another block, or a new root, is a new
    // tree, never a patched old one.
    const { block_id, root } = this.current;
    return repeat(
      [root],
      () => `${block_id}\u0000${root}`,
      () => this.renderElement(root),
    );
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'answer-block': AnswerBlock;
  }
}
