import { render } from 'lit';
import type { Inline, MdBlock } from './parse.js';
import { autoDirection, CODE_CHUNK, renderBlocks, renderInline } from './render.js';
import { staticBlocks, staticCopy } from './static.js';
import type { TailView } from './stream.js';

/** Inline nodes with adjacent strings as one. */
function joinText(nodes: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const node of nodes) {
    if (typeof node === 'string' && typeof out.at(-1) === 'string') out.push(out.pop() + node);
    else if (node !== '') out.push(node);
  }
  return out;
}

/** What a node shows, to compare: a text, or the JSON of an element's node. */
const keyOf = (node: Inline) =>
  typeof node === 'string' ? 't' + node : 'n' + JSON.stringify(node);

/** One inline node shown: what it is, and its DOM (a string: one text node). */
interface Shown {
  key: string;
  text: boolean;
  dom: ChildNode[];
}

/**
 * A MarkdownStream shown in `content`: each block that can no longer change is plain DOM in a
 * `<div>` of its own, in order, and what may still change comes after them. A growing
 * paragraph or heading is plain DOM too, changed node by node: its last nodes are compared
 * with the new ones and only those that differ are replaced (a text that grew takes its new
 * text), so a delta usually changes one text and adds a few nodes. A growing code block appends
 * text, in chunks of lines as `codeChunks` cuts it. The blocks after the open one are a Lit
 * render in the last `<div>`, which `end` removes.
 */
export class DomTail implements TailView {
  private readonly restBox = document.createElement('div');
  private inline?: { el: HTMLElement; shown: Shown[] };
  private code?: {
    el: HTMLElement;
    /** The chunks, once there are two or more. */
    chunks: HTMLElement[];
    /** The last chunk's text, and how long it is. */
    text: Text;
    length: number;
    /** The last line as shown for now, the nodes showing it, the first chunk if it made one. */
    lineText: string;
    line: ChildNode[];
    wrap?: HTMLElement;
  };

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
    el.replaceChildren();
    this.inline = { el, shown: [] };
  }

  /**
   * Shows `nodes` as the open block's nodes since its last final ones: the nodes that stay the
   * same stay, and a text that grew takes its new text. Then, if `final` nodes are given, stops
   * following them. Chromium makes each node added or removed under a paragraph's `dir="auto"`
   * cost a pass over all of the paragraph (a text that changes costs none), and taking the
   * attribute off and back two such passes: so when more than two nodes come or go, it is off
   * meanwhile.
   */
  private showInline(nodes: Inline[], final: Inline[] = []) {
    const { el, shown } = this.inline!;
    const next = joinText(nodes);
    let same = 0;
    while (same < shown.length && same < next.length && shown[same]!.key === keyOf(next[same]!))
      same++;
    const was = shown[same];
    const now = next[same];
    if (was?.text && typeof now === 'string') {
      (was.dom[0] as Text).data = now;
      was.key = keyOf(now);
      same++;
    }
    const gone = shown.splice(same).flatMap((node) => node.dom);
    const added = document.createDocumentFragment();
    for (const node of next.slice(same)) {
      const dom =
        typeof node === 'string'
          ? [document.createTextNode(node)]
          : [...staticCopy(renderInline([node], this.cites)).childNodes];
      shown.push({ key: keyOf(node), text: typeof node === 'string', dom });
      added.append(...dom);
    }
    // The final nodes stay as they are, no longer followed; a text that shows the end of them
    // and the start of the others splits.
    const done = joinText(final);
    const last = done.at(-1);
    const first = joinText(nodes.slice(final.length))[0];
    const splits = typeof last === 'string' && typeof first === 'string';
    const changes = gone.length + added.childNodes.length + (splits ? 1 : 0);
    const auto = changes > 2 && el.hasAttribute('dir');
    if (auto) el.removeAttribute('dir');
    for (const node of gone) node.remove();
    el.append(added);
    if (splits) {
      const rest = (shown[done.length - 1]!.dom[0] as Text).splitText(last.length);
      shown[done.length - 1] = { key: keyOf(first), text: true, dom: [rest] };
      shown.splice(0, done.length - 1);
    } else shown.splice(0, done.length);
    if (auto) el.setAttribute('dir', 'auto');
  }

  inlineUpdate(final: Inline[], live: Inline[]) {
    this.showInline([...final, ...live], final);
  }

  inlineClose(last: Inline[]) {
    this.showInline(last);
    this.inline = undefined;
  }

  inlineDrop() {
    this.inline!.el.parentElement!.remove();
    this.inline = undefined;
  }

  codeOpen(lang: string) {
    const el = this.shell({ t: 'code', lang, text: '' }).querySelector('code')!;
    const text = document.createTextNode('');
    el.replaceChildren(text);
    this.code = { el, chunks: [], text, length: 0, lineText: '', line: [] };
  }

  /** Where in `text`, appended to the last chunk, the chunk ends (after that line break), or -1. */
  private chunkEnd(text: string) {
    return text.indexOf('\n', Math.max(0, CODE_CHUNK - 1 - this.code!.length));
  }

  /** A new last chunk; the first one becomes one when the second comes. */
  private nextChunk(): HTMLElement {
    const code = this.code!;
    if (!code.chunks.length) {
      const first = document.createElement('span');
      code.el.insertBefore(first, code.text);
      first.append(code.text);
      code.chunks.push(first);
    }
    const chunk = document.createElement('span');
    code.el.append(chunk);
    code.chunks.push(chunk);
    return chunk;
  }

  codeAppend(text: string) {
    const code = this.code!;
    const line = code.lineText;
    this.codeLine('');
    for (let end; (end = this.chunkEnd(text)) !== -1; text = text.slice(end + 1)) {
      code.text.appendData(text.slice(0, end + 1));
      const chunk = this.nextChunk();
      code.text = document.createTextNode('');
      chunk.append(code.text);
      code.length = 0;
    }
    code.text.appendData(text);
    code.length += text.length;
    this.codeLine(line);
  }

  codeLine(text: string) {
    const code = this.code!;
    for (const node of code.line) node.remove();
    code.line = [];
    code.lineText = text;
    if (code.wrap) {
      // The first chunk is the whole text again.
      code.el.insertBefore(code.text, code.wrap);
      code.wrap.remove();
      code.chunks = [];
      code.wrap = undefined;
    }
    if (!text) return;
    const end = this.chunkEnd(text);
    const here = document.createTextNode(end === -1 ? text : text.slice(0, end + 1));
    if (end !== -1) {
      // The line ends this chunk and begins the next one, for now.
      const wrapping = !code.chunks.length;
      const chunk = this.nextChunk();
      chunk.append(text.slice(end + 1));
      code.line.push(chunk);
      code.chunks.pop();
      if (wrapping) code.wrap = code.chunks[0];
    }
    code.text.after(here);
    code.line.push(here);
  }

  codeClose() {
    this.codeLine('');
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
