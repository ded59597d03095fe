import type { PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { markdownStyles } from './markdown.styles.js';
import { allowance, FRAME_CHARS, spend, whenBudget, whenTask } from './frame-budget.js';
import { isLeadSurrogate } from '../../conversation/markdown/inline.js';
import { MarkdownStream } from './stream.js';
import { DomTail } from './tail.js';
import { AnswerElement } from '../../base/answer-element.js';

/**
 * @tag answer-markdown
 * @summary Assistant text rendered from markdown, safely and incrementally.
 *
 * Markdown as CommonMark and GitHub read it, with answer-ui's design (parse.ts
 * says what differs and why: raw HTML shows as text, only http(s) links).
 * While text streams in, each change is read once: blocks that can no longer
 * change are rendered once, to plain DOM, and the open block grows in place
 * (stream.ts). So the cost of a delta does not grow with the length of the
 * message nor of its open block, and a finished message (`complete`) keeps
 * nothing but its DOM. A text that comes complete is read the same way, a
 * budget a frame (a task while the page is hidden). Text that streams faster
 * than a frame's budget (frame-budget.ts) is rendered at the next frame, what
 * came meanwhile in one go; `updateComplete` waits until all of it shows.
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
  /** How much of the parts' piece at `consumed` has been read. */
  private offset = 0;
  private consumedChars = 0;
  /** Text has arrived that the frame's budget left for the next frame. */
  private backlog = false;
  private resume = () => this.requestUpdate();
  /** The text came complete: while the page is hidden, it is read a budget a task at a time. */
  private restoring = false;
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
    if (this.backlog) this.goOn(this.resume);
    // The turn re-renders on every delta of any of its items: a finished text has nothing new,
    // and one behind the frame's budget goes on at the next frame.
    if (!added && (this.backlog || (this.complete ? this.finished : this.stream))) return;
    // A text complete at once (a saved answer) is read as a streamed one is: the same blocks.
    if (!this.stream) {
      this.tail = new DomTail(this.content!, this.citations);
      this.stream = new MarkdownStream(this.tail);
    }
    this.stream.push(added);
    if (!this.byTask) spend(added.length);
    if (this.complete && !this.backlog) {
      this.stream.finish();
      this.tail!.end();
      this.stream = this.tail = undefined;
    }
    this.finished = this.complete && !this.backlog;
  }

  /** Resolves once the element has updated and shows all of its text, however far behind the frame's budget it was. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let result = await super.getUpdateComplete();
    while (this.backlog) {
      await new Promise<void>((resolve) => this.goOn(resolve));
      result = (await super.getUpdateComplete()) && result;
    }
    return result;
  }

  /**
   * The text added since the last update, starting over when the source was replaced rather
   * than extended. While it streams, no more than the frame's budget allows (`backlog` then
   * says there is more); a text complete at once is read whole.
   */
  private newText(): string {
    const parts = this.parts;
    if (parts) {
      if (parts !== this.source) this.reset(parts);
      // One piece: the first delta, or a finished text's pieces joined into one, however many
      // were read: go on from the characters read.
      if (parts.length === 1) [this.consumed, this.offset] = [0, this.consumedChars];
      let limit = this.limit();
      const pieces: string[] = [];
      while (this.consumed < parts.length && limit > 0) {
        const piece = parts[this.consumed]!;
        const taken = piece.slice(this.offset, wholeCharAt(piece, this.offset + limit));
        pieces.push(taken);
        limit -= taken.length;
        this.offset += taken.length;
        if (this.offset >= piece.length) [this.consumed, this.offset] = [this.consumed + 1, 0];
      }
      const added = pieces.join('');
      this.consumedChars += added.length;
      this.backlog = this.consumed < parts.length;
      return added;
    }
    const text = this.text ?? '';
    const previous = typeof this.source === 'string' ? this.source : undefined;
    if (previous === undefined || !text.startsWith(previous)) this.reset(text);
    this.source = text;
    const from = this.consumedChars;
    const added = text.slice(from, wholeCharAt(text, from + this.limit()));
    this.consumedChars += added.length;
    this.backlog = this.consumedChars < text.length;
    return added;
  }

  /**
   * A text that came complete (a saved answer) is read a budget a task at a time while the page
   * is hidden: nothing is laid out then, and no frame comes to wait for. In view it is read as a
   * streamed one is, a budget a frame: tasks run many to a frame, and a frame would lay out all
   * they added (a restored 2 MB answer made frames of 150-240 ms).
   */
  private get byTask(): boolean {
    return this.restoring && document.hidden;
  }

  /** How much may be read now: a budget a task (see `byTask`), or what is left of the frame's. */
  private limit(): number {
    if (this.complete && !this.stream) this.restoring = true;
    return this.byTask ? FRAME_CHARS : allowance();
  }

  /** `callback` once the next budget is there: the next task's (`byTask`) or frame's. */
  private goOn(callback: () => void) {
    if (this.byTask) whenTask(callback);
    else whenBudget(callback);
  }

  private reset(source: readonly string[] | string) {
    this.content!.replaceChildren();
    this.stream = this.tail = undefined;
    this.source = source;
    this.consumed = 0;
    this.offset = 0;
    this.consumedChars = 0;
    this.backlog = false;
    this.finished = false;
    this.restoring = false;
  }
}

/** `at`, or one further when a character in two code units would be cut there. */
const wholeCharAt = (text: string, at: number) =>
  isLeadSurrogate(text.charCodeAt(at - 1)) ? at + 1 : at;

declare global {
  interface HTMLElementTagNameMap {
    'answer-markdown': AnswerMarkdown;
  }
}
