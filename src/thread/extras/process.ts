import { LitElement, html } from 'lit';
import { property, state } from 'lit/decorators.js';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import type { TurnItem } from '../../conversation/index.js';

/**
 * Steps rendered per frame once "View process" is open, and in one page: a
 * frame renders only the page it adds, so its cost stays the same at the
 * end of a turn of 2,000 steps as at its start.
 */
const PROCESS_SLICE = 25;

/**
 * @tag agent-process
 * @summary The steps folded under a turn's "View process" (the
 * `<details>` it is in): none until it opens, then a page more each frame,
 * so opening a turn of 2,000 steps makes no long frame. Rendered steps
 * stay, and so does what the reader changed there (a table's order, a
 * chart's view). It renders in the turn's own shadow root (no shadow root
 * of its own), styled by the turn, and each step is the turn's to render
 * (`renderSteps`).
 */
export class AgentProcess extends LitElement {
  /**
   * The steps, in order: a new array each time the turn renders (its steps
   * may have changed), and the pages shown then render again too.
   */
  @property({ attribute: false }) steps: readonly TurnItem[] = [];

  /** Renders some of the steps, as the turn renders them. */
  @property({ attribute: false }) renderSteps?: (steps: TurnItem[]) => unknown;

  /** The `<details>` it is in: its steps render once that is open. */
  private details?: HTMLDetailsElement | null;
  @state() private shown = 0;
  private frame = 0;

  protected override createRenderRoot() {
    return this;
  }

  private toggled = () => this.requestUpdate();

  protected override willUpdate() {
    if (this.details?.open && !this.shown) this.shown = PROCESS_SLICE;
    // A long process renders its pages out of view lazily (the turn's styles, `.paged`).
    this.classList.toggle('paged', this.steps.length > PROCESS_SLICE);
  }

  protected override updated() {
    if (this.shown && this.shown < this.steps.length && !this.frame)
      this.frame = requestAnimationFrame(() => {
        this.frame = 0;
        this.shown += PROCESS_SLICE;
      });
  }

  override connectedCallback() {
    super.connectedCallback();
    this.details = this.closest('details');
    this.details?.addEventListener('toggle', this.toggled);
    // Taken out of the page meanwhile, it goes on with the pages left.
    if (this.hasUpdated) this.requestUpdate();
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.details?.removeEventListener('toggle', this.toggled);
    cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  override render() {
    // `shown` is a whole number of pages: the last one ends where the steps do.
    const pages: TurnItem[][] = [];
    for (let at = 0; at < Math.min(this.shown, this.steps.length); at += PROCESS_SLICE)
      pages.push(this.steps.slice(at, at + PROCESS_SLICE));
    return repeat(
      pages,
      (page) => page[0]!.key,
      (page) =>
        html`<div class="process-page">
          ${guard([this.steps, page.length], () => this.renderSteps?.(page))}
        </div>`,
    );
  }
}
