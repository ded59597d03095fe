import type { PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { markdownStyles } from './markdown.styles.js';
import { staticBlocks } from './static.js';
import { MarkdownStream } from './stream.js';
import { DomTail } from './tail.js';
import { AnswerElement } from '../../base/answer-element.js';

/**
 * @tag answer-markdown
 * @summary Assistant text rendered from markdown, safely and incrementally.
 *
 * While text streams in, each change is read once: blocks that can no longer
 * change are parsed and rendered once, to plain DOM, and the open block grows
 * in place (a code block appends its new text; a paragraph parses again only
 * a bounded window at its end). So the cost of a delta does not grow with the
 * length of the message nor of its open block, and a finished message
 * (`complete`) keeps nothing but its DOM.
 *
 * A citation `[N]` with N up to `citations` is a link, `<a class="cite"
 * href="#source-N">`; what it shows is the host's to handle.
 *
 * @csspart content - The rendered markdown.
 */
export class AnswerMarkdown extends AnswerElement {
  static override styles = markdownStyles;

  /** The markdown source. A text that extends the last one is read from where that one ended. */
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
  /** The text streaming in, and its view; none once it is complete. */
  private stream?: MarkdownStream;
  private tail?: DomTail;
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
    let added = this.newText(); // may reset the stream: read it after
    // Text added after all of it was final may join its last block: render the whole text again (rare).
    if (added && this.finished) {
      this.source = undefined;
      added = this.newText();
    }
    // The turn re-renders on every delta of any of its items: a finished text has nothing new.
    if (!added && (this.complete ? this.finished : this.stream)) return;
    if (this.complete && !this.stream) {
      // Complete at once: final to its end, in one piece.
      if (added) this.content!.appendChild(staticBlocks(added, this.citations));
    } else {
      if (!this.stream) {
        this.tail = new DomTail(this.content!, this.citations);
        this.stream = new MarkdownStream(this.tail);
      }
      this.stream.push(added);
      if (this.complete) {
        this.stream.finish();
        this.tail!.end();
        this.stream = this.tail = undefined;
      }
    }
    this.finished = this.complete;
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
    this.stream = this.tail = undefined;
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
