import { render, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { markdownStyles } from './markdown.styles.js';
import { parseBlocks, settledLength } from './parse.js';
import { renderBlocks } from './render.js';
import { staticBlocks } from './static.js';
import { AnswerElement } from '../../base/answer-element.js';

/**
 * @tag answer-markdown
 * @summary Assistant text rendered from markdown, safely and incrementally.
 *
 * While text streams in, only the unfinished tail is parsed again on each
 * change; blocks that can no longer change are parsed and rendered once, to
 * plain DOM. So the cost of a delta does not grow with the length of the
 * message, and a finished message (`complete`) keeps nothing but its DOM.
 *
 * A citation `[N]` with N up to `citations` is a link, `<a class="cite"
 * href="#source-N">`; what it shows is the host's to handle.
 *
 * @csspart content - The rendered markdown.
 */
export class AnswerMarkdown extends AnswerElement {
  static override styles = markdownStyles;

  /** The markdown source. A new text that extends the last one re-parses only the unfinished tail. */
  @property() text = '';

  /**
   * The source as pieces appended over time (a stream's deltas); used
   * instead of `text` when set. The same array grows: each update reads
   * only the new pieces, so a delta costs the same however long the text.
   */
  @property({ attribute: false, hasChanged: () => true }) parts?: readonly string[];

  /** Nothing more will be appended: the whole text is rendered once, for good, and the streaming tail's template is let go. */
  @property({ type: Boolean }) complete = false;

  /** How many sources the answer has: a `[N]` with 1 ≤ N ≤ `citations` links to source N. Changing it renders the whole text again. */
  @property({ type: Number }) citations = 0;

  private content?: HTMLElement;
  private tail?: HTMLElement;
  /** Text not yet settled into final blocks. */
  private pending = '';
  /** What has been consumed: the parts array and how many of its pieces, or the text. */
  private source?: readonly string[] | string;
  private consumed = 0;
  private consumedChars = 0;
  /** Everything consumed so far is rendered for good (the text was complete). */
  private finished = false;

  protected override createRenderRoot() {
    const root = super.createRenderRoot();
    this.content = document.createElement('div');
    this.content.className = 'content';
    this.content.setAttribute('part', 'content');
    root.appendChild(this.content);
    return root;
  }

  protected override update(changed: PropertyValues<this>) {
    super.update(changed);
    // Settled blocks were rendered with the old count: start over (rare, e.g. the sources came after the text).
    if (changed.has('citations')) this.source = undefined;
    let added = this.newText(); // may reset `pending` and `tail`: read them after
    // Text added after all of it was final may join its last block: render the whole text again (rare).
    if (added && this.finished) {
      this.source = undefined;
      added = this.newText();
    }
    // The turn re-renders on every delta of any of its items: a finished text has nothing new.
    if (!added && (this.complete ? this.finished : this.tail)) return;
    this.pending += added;
    // Complete text is final to its end; streaming text up to its last settled block.
    const settled = this.complete ? this.pending.length : settledLength(this.pending);
    if (settled > 0) {
      this.content!.insertBefore(
        staticBlocks(this.pending.slice(0, settled), this.citations),
        this.tail ?? null,
      );
      this.pending = this.pending.slice(settled);
    }
    this.finished = this.complete;
    if (this.complete) {
      this.tail?.remove();
      this.tail = undefined;
      return;
    }
    if (!this.tail) {
      this.tail = document.createElement('div');
      this.content!.appendChild(this.tail);
    }
    render(renderBlocks(parseBlocks(this.pending), this.citations), this.tail);
  }

  /** The text added since the last update; starts over when the source was replaced rather than extended. */
  private newText(): string {
    const parts = this.parts;
    if (parts) {
      if (parts !== this.source) this.reset(parts);
      // A finished text has its pieces joined into one, however many were read: go on from the characters read.
      const added =
        parts.length === 1 && this.consumed > 0
          ? parts[0]!.slice(this.consumedChars)
          : parts.slice(this.consumed).join('');
      this.consumed = parts.length;
      this.consumedChars += added.length;
      return added;
    }
    const text = this.text ?? '';
    const previous = typeof this.source === 'string' ? this.source : undefined;
    if (previous === undefined || !text.startsWith(previous)) {
      this.reset(text);
      return text;
    }
    this.source = text;
    return text.slice(previous.length);
  }

  private reset(source: readonly string[] | string) {
    this.content!.replaceChildren();
    this.tail = undefined;
    this.pending = '';
    this.source = source;
    this.consumed = 0;
    this.consumedChars = 0;
    this.finished = false;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'answer-markdown': AnswerMarkdown;
  }
}
