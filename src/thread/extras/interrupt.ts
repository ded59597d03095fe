import { LitElement, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { InterruptItem } from '../../conversation/index.js';
import type { AnswerFormSubmitEvent } from '../../components/shared/events.js';
import { AnswerInterruptResponseEvent } from '../events.js';

/**
 * @tag answer-interrupt
 * @summary What an AG-UI run that ended on an interrupt waits for: its
 * message, and with a response schema its form (a FollowUpForm), closed
 * once answered or abandoned. The answer goes to the thread, which resumes
 * the run with it; it is never a message of the reader's. It renders in the
 * turn's shadow root (no shadow root of its own), styled by the turn.
 *
 * @fires answer-interrupt-response - The reader answered the form; `detail: { interruptId, values }`.
 */
export class AnswerInterrupt extends LitElement {
  /** The interrupt, as the turn holds it. */
  @property({ attribute: false }) item?: InterruptItem;

  /** Shown for review only (folded in a finished answer's process): the form takes no answer. */
  @property({ type: Boolean }) reviewOnly = false;

  protected override createRenderRoot() {
    return this;
  }

  private answer = (event: AnswerFormSubmitEvent) => {
    // The form's own event would reach the thread as a message of the reader's.
    event.stopPropagation();
    const item = this.item;
    if (!item || item.answer || item.cancelled) return;
    this.dispatchEvent(
      new AnswerInterruptResponseEvent({
        interruptId: item.interruptId,
        values: event.detail.values,
      }),
    );
  };

  override render() {
    const item = this.item;
    if (!item) return nothing;
    if (!item.form) return html`<p class="notice" dir="auto">${item.message ?? item.reason}</p>`;
    return html`<answer-block
      .block=${item.form}
      .submissions=${item.answer ? { form: item.answer } : {}}
      .reviewOnly=${this.reviewOnly || Boolean(item.answer || item.cancelled)}
      @answer-form-submit=${this.answer}
    ></answer-block>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'answer-interrupt': AnswerInterrupt;
  }
}
