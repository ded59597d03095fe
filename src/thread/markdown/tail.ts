import { render } from 'lit';
import type { Inline, MdBlock } from './parse.js';
import { autoDirection, renderBlocks, renderInline } from './render.js';
import { staticBlocks, staticCopy } from './static.js';
import type { TailView } from './stream.js';

/** The most characters one text node of a growing code block holds. */
const CODE_CHUNK = 8192;

/**
 * A MarkdownStream shown in `content`: each block that can no longer change is plain DOM in a
 * `<div>` of its own, in order, and what may still change comes after them. A growing
 * paragraph or heading keeps its final nodes as plain DOM and renders only the rest with Lit
 * (between two comments that go when it is complete); a growing code block appends text nodes.
 * The blocks after the open one are a Lit render in the last `<div>`, which `end` removes.
 */
export class DomTail implements TailView {
  private readonly restBox = document.createElement('div');
  private inline?: { el: HTMLElement; start: Comment; end: Comment };
  private code?: { el: Element; text?: Text; line: Text };

  constructor(
    private readonly content: HTMLElement,
    private readonly cites: number,
  ) {
    content.appendChild(this.restBox);
  }

  settle(markdown: string) {
    const chunk = staticBlocks(markdown, this.cites);
    if (chunk.firstChild) this.content.insertBefore(chunk, this.restBox);
  }

  /** A block rendered empty, in a chunk of its own before the rest. */
  private shell(block: MdBlock): HTMLElement {
    const chunk = document.createElement('div');
    chunk.append(staticCopy(renderBlocks([block], this.cites)));
    this.content.insertBefore(chunk, this.restBox);
    return chunk.firstElementChild as HTMLElement;
  }

  inlineOpen(level: number) {
    const el = this.shell(level ? { t: 'h', level, inline: [] } : { t: 'p', inline: [] });
    const start = document.createComment('');
    const end = document.createComment('');
    el.replaceChildren(start, end);
    this.inline = { el, start, end };
  }

  /**
   * Changes the open paragraph's nodes with its `dir="auto"` off meanwhile: Chromium works the
   * direction out again at each node added under it, over all of the paragraph (see render.ts).
   */
  private changeInline(change: (el: HTMLElement, start: Comment, end: Comment) => void) {
    const { el, start, end } = this.inline!;
    const auto = el.hasAttribute('dir');
    if (auto) el.removeAttribute('dir');
    change(el, start, end);
    if (auto) el.setAttribute('dir', 'auto');
  }

  inlineUpdate(final: Inline[], live: Inline[]) {
    this.changeInline((el, start, end) => {
      if (final.length) el.insertBefore(staticCopy(renderInline(final, this.cites)), start);
      render(renderInline(live, this.cites), el, { renderBefore: end });
    });
  }

  inlineClose(last: Inline[]) {
    this.changeInline((el, start, end) => {
      // The live nodes give way to a plain copy; Lit's part, held by `end`, goes with it.
      while (start.nextSibling !== end) start.nextSibling!.remove();
      el.insertBefore(staticCopy(renderInline(last, this.cites)), start);
      start.remove();
      end.remove();
    });
    this.inline = undefined;
  }

  inlineDrop() {
    this.inline!.el.parentElement!.remove();
    this.inline = undefined;
  }

  codeOpen(lang: string) {
    const el = this.shell({ t: 'code', lang, text: '' }).querySelector('code')!;
    const line = document.createTextNode('');
    el.replaceChildren(line);
    this.code = { el, line };
  }

  codeAppend(text: string) {
    const code = this.code!;
    let at = 0;
    if (code.text && code.text.length < CODE_CHUNK) {
      at = CODE_CHUNK - code.text.length;
      code.text.appendData(text.slice(0, at));
    }
    for (; at < text.length; at += CODE_CHUNK) {
      code.text = document.createTextNode(text.slice(at, at + CODE_CHUNK));
      code.el.insertBefore(code.text, code.line);
    }
  }

  codeLine(text: string) {
    this.code!.line.data = text;
  }

  codeClose() {
    this.code!.line.remove();
    this.code = undefined;
  }

  rest(blocks: MdBlock[]) {
    render(renderBlocks(blocks, this.cites), this.restBox);
    autoDirection(this.restBox);
  }

  /** The text is complete: the rest's Lit render goes (`finish` settled what it showed). */
  end() {
    this.restBox.remove();
  }
}
