import { render } from 'lit';
import type { Inline, MdBlock } from '../../conversation/markdown/parse.js';
import { autoDirection, CODE_CHUNK, inlineDom, renderBlocks } from './render.js';
import { staticCopy } from './static.js';
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

/**
 * Whether two inline nodes show the same (compared field by field: a stream compares hundreds
 * of nodes at each update, and a key of each would be a string made for nothing).
 */
function sameInline(a: Inline, b: Inline): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  if (a.t !== b.t) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  for (const field in x) {
    if (field !== 'children') {
      if (x[field] !== y[field]) return false;
      continue;
    }
    const mine = x[field] as Inline[];
    const theirs = y[field] as Inline[];
    if (mine.length !== theirs.length) return false;
    for (let i = 0; i < mine.length; i++) if (!sameInline(mine[i]!, theirs[i]!)) return false;
  }
  return true;
}

/** Whether a streaming paragraph's piece is its first (and so far only) one. */
const isFirstPiece = (box: HTMLElement) =>
  !box.previousElementSibling && !box.parentElement!.previousElementSibling;

/**
 * How much final text a piece of a long paragraph or heading holds before text goes on in the
 * next one. Chromium lays out all of an inline formatting context again at each change to it, so
 * a streaming paragraph is in pieces, each one of its own (`.piece`, an inline-block as wide as
 * the paragraph), and only the last one, where the text grows, is laid out again.
 */
export const PIECE = 8_192;
/**
 * How many pieces a group holds (`.pieces`, an inline-block like a piece). What is laid out
 * again at each change is still every box of the inline formatting contexts around the last
 * piece, and its layout and pre-paint grow with their number: 256 pieces side by side (a 2 MB
 * paragraph) made frames of over 50 ms. In groups, the paragraph holds a group per 256 KB and the
 * last group at most this many pieces.
 */
export const GROUP = 32;
/** How far back from the end of a piece's final text a place to end it is looked for. */
const PIECE_REACH = 2048;
/** Where a piece may end: after a sentence, or else at any white space, which then wraps. */
const SENTENCE_END = /[.!?…][)\]"'’”]*[ \t\n\r\f]+/g;
const WHITE_RUN = /[ \t\n\r\f]+/g;
/**
 * A letter: the first one in a text gives its auto direction (the letters of every script are
 * strong characters in the bidirectional algorithm, and few other characters are).
 */
const LETTER = /\p{L}/u;
/** White space at which a line may wrap, which collapses (not a no-break space). */
const isWrap = (c: string) => ' \t\n\r\f'.includes(c);

/** How many characters a node shows (a text's without copying it). */
const textLength = (node: Node) => (node instanceof Text ? node.length : node.textContent!.length);

const span = (className: string) => {
  const el = document.createElement('span');
  el.className = className;
  return el;
};

/** The last match of `pattern` (global) in `text` at or after `from`. */
function lastMatch(pattern: RegExp, text: string, from: number) {
  pattern.lastIndex = from;
  let last: RegExpExecArray | undefined;
  for (let match; (match = pattern.exec(text));) last = match;
  return last;
}

/** One inline node shown: what it is, and its DOM node (a string's: a text node). */
interface Shown {
  node: Inline;
  dom: ChildNode;
}

/**
 * A MarkdownStream shown in `content`: each block that can no longer change is plain DOM in a
 * `<div>` of its own, in order, and what may still change comes after them. A growing
 * paragraph or heading is plain DOM too, changed node by node: its last nodes are compared
 * with the new ones and only those that differ are replaced (a text that grew takes its new
 * text), so a delta usually changes one text and adds a few nodes. A growing code block appends
 * text, in chunks of lines as `codeChunks` cuts it. A growing list, quote or table appends its
 * final items, blocks or rows, and shows the others after them, rendered again at each change.
 * The blocks after the open one are a Lit
 * render in the last `<div>`, which `end` removes.
 */
export class DomTail implements TailView {
  private readonly restBox = document.createElement('div');
  /**
   * The open paragraph or heading: its element, its last piece (where its nodes go), the nodes
   * that may still change, and how many characters of final text the last piece holds.
   */
  private inline?: {
    el: HTMLElement;
    box: HTMLElement;
    shown: Shown[];
    final: number;
    /**
     * Its `dir="auto"` is held at the direction it gave (see `cutPiece`); `settled` when that
     * came from a letter in it, so the whole paragraph's auto direction is the same.
     */
    held?: 'settled' | 'unsure';
  };
  /**
   * The open list, quote or table: where its items, blocks or rows go, the final ones and those
   * for now.
   */
  private group?: { el: Element; final: ChildNode[]; live: ChildNode[] };
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

  /** Blocks rendered for good, in a chunk of their own (the handle to render them again). */
  settle(blocks: MdBlock[]): HTMLElement {
    const chunk = document.createElement('div');
    chunk.append(staticCopy(renderBlocks(blocks, this.cites)));
    this.content.insertBefore(chunk, this.restBox);
    return chunk;
  }

  resettle(handle: unknown, blocks: MdBlock[]) {
    (handle as HTMLElement).replaceChildren(staticCopy(renderBlocks(blocks, this.cites)));
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
    // Its nodes go in a piece from the start: a piece cut from text already shown would be
    // styled and laid out again, a frame's worth of work.
    const box = span('piece');
    const group = span('pieces');
    group.append(box);
    el.replaceChildren(group);
    this.inline = { el, box, shown: [], final: 0 };
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
    const { el, box, shown } = this.inline!;
    const next = joinText(nodes);
    let same = 0;
    while (same < shown.length && same < next.length && sameInline(shown[same]!.node, next[same]!))
      same++;
    const was = shown[same];
    const now = next[same];
    if (typeof was?.node === 'string' && typeof now === 'string') {
      (was.dom as Text).data = now;
      was.node = now;
      same++;
    }
    const gone = shown.splice(same).map((node) => node.dom);
    const added = document.createDocumentFragment();
    for (const node of next.slice(same)) {
      // One DOM node each (a citation past the sources is a text of its own).
      const dom = inlineDom([node], this.cites)[0]!;
      shown.push({ node, dom });
      added.append(dom);
    }
    // The final nodes stay as they are, no longer followed; a text that shows the end of them
    // and the start of the others splits.
    const done = joinText(final);
    const last = done.at(-1);
    const first = joinText(nodes.slice(final.length))[0];
    const splits = typeof last === 'string' && typeof first === 'string';
    const changes = gone.length + added.childNodes.length + (splits ? 1 : 0);
    const auto = changes > 2 && el.getAttribute('dir') === 'auto';
    if (auto) el.removeAttribute('dir');
    for (const node of gone) node.remove();
    box.append(added);
    // What becomes final is counted: the last piece ends once it holds PIECE characters of it.
    for (let i = 0; i < done.length - (splits ? 1 : 0); i++)
      this.inline!.final += textLength(shown[i]!.dom);
    if (splits) {
      const rest = (shown[done.length - 1]!.dom as Text).splitText(last.length);
      this.inline!.final += last.length;
      shown[done.length - 1] = { node: first!, dom: rest };
      shown.splice(0, done.length - 1);
    } else shown.splice(0, done.length);
    if (auto) el.setAttribute('dir', 'auto');
    if (this.inline!.final >= PIECE) this.cutPiece();
  }

  /**
   * Ends the open paragraph's last piece near the end of its final text, and goes on in a new
   * one with what comes after: the piece keeps its nodes where they are, so only the few moved
   * are styled and laid out again. A piece ends between two of the paragraph's own nodes or
   * inside one of its texts, never inside a link, an emphasis or code, within PIECE_REACH
   * before the end of its final text: after a sentence if one ends there, or else at white
   * space, which goes between the two pieces, where it wraps as between two words (and copies
   * as itself). Where there is none (one enormous word), it ends where its final text does, as
   * `overflow-wrap: anywhere` breaks a word anyway. The pieces are in groups of GROUP, the white
   * space after a group's last piece between it and the next group.
   */
  private cutPiece() {
    const inline = this.inline!;
    const { el, box, shown } = inline;
    const live = shown[0]?.dom ?? null;
    const lastFinal = live ? live.previousSibling : box.lastChild;
    if (!lastFinal) return;
    if (isFirstPiece(box)) {
      // The first cut: the paragraph's direction is held as `dir="auto"` gives it now, from its
      // first strong character (in this piece almost always): a node added or removed under
      // `dir="auto"` costs a pass over all of the paragraph (and taking it off and back, to add
      // many, a style pass over all of it).
      if (el.getAttribute('dir') === 'auto') {
        el.dir = getComputedStyle(el).direction;
        inline.held = LETTER.test(el.textContent!) ? 'settled' : 'unsure';
      }
    }
    // Where the piece ends: the last sentence's end, or else white space, within reach.
    let found: { text: Text; at: number } | undefined;
    let space: typeof found;
    let reach = PIECE_REACH;
    for (let at: ChildNode | null = lastFinal; at && reach > 0 && !found; at = at.previousSibling) {
      if (at instanceof Text) {
        const from = Math.max(0, at.data.length - reach);
        const sentence = lastMatch(SENTENCE_END, at.data, from);
        if (sentence) found = { text: at, at: sentence.index + sentence[0].trimEnd().length };
        const white = space ? undefined : lastMatch(WHITE_RUN, at.data, from);
        if (white && (white.index > 0 || at.previousSibling)) space = { text: at, at: white.index };
      }
      reach -= textLength(at);
    }
    found ??= space;
    let rest: ChildNode | null;
    let between: Text | undefined;
    if (found) {
      // The whole run of white space goes between the two pieces.
      const { text } = found;
      let [start, to] = [found.at, found.at];
      while (start > 0 && isWrap(text.data[start - 1]!)) start--;
      while (to < text.data.length && isWrap(text.data[to]!)) to++;
      rest = to < text.data.length ? text.splitText(to) : text.nextSibling;
      between = start > 0 ? text.splitText(start) : text;
    } else rest = lastFinal.nextSibling;
    const next = span('piece');
    const moved: ChildNode[] = [];
    for (let at = rest; at; at = at.nextSibling) moved.push(at);
    inline.final = 0;
    for (const node of moved) {
      if (node === live) break;
      inline.final += textLength(node);
    }
    next.append(...moved);
    box.after(...(between ? [between, next] : [next]));
    inline.box = next;
    // A full group: the new piece goes on in a new one, the white space before it between.
    if (box.parentElement!.childElementCount > GROUP) {
      const group = span('pieces');
      el.append(...(between ? [between, group] : [group]));
      group.append(next);
    }
    this.keepPast(box);
  }

  /**
   * The group before `box`'s (the piece just ended) is past once `box` is its group's first
   * piece: out of view it is neither laid out nor painted again (`.past`). Not before: its last
   * piece was laid out as the last one and is still in view, where a box that becomes
   * `content-visibility: auto` is laid out once skipped, then again. Only groups are, never a
   * piece: each such box makes each style pass of the document cost more (in Chromium, a
   * 2 MB paragraph's pieces made the pass at each cut 4 ms at its start and 16-19 ms at its end).
   */
  private keepPast(box: HTMLElement) {
    if (box.previousElementSibling) return;
    box.parentElement!.previousElementSibling?.classList.add('past');
  }

  inlineUpdate(final: Inline[], live: Inline[]) {
    this.showInline([...final, ...live], final);
  }

  inlineClose(last: Inline[]) {
    this.showInline(last);
    const { el, box } = this.inline!;
    if (isFirstPiece(box)) {
      // In one piece: its nodes go back in the paragraph, as a paragraph at once has them.
      const auto = el.getAttribute('dir') === 'auto';
      if (auto) el.removeAttribute('dir');
      el.replaceChildren(...box.childNodes);
      if (auto) el.setAttribute('dir', 'auto');
    }
    // Complete, it takes its direction from its text as a paragraph at once does. Setting
    // `dir="auto"` back costs a style pass over all of the paragraph (a tenth of a second for a
    // megabyte of text): only when the direction it was held at may not be the whole text's.
    if (this.inline!.held === 'unsure') this.inline!.el.setAttribute('dir', 'auto');
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

  /** Where a group's items, blocks or rows are, in what `block` renders to under `root`. */
  private static holder(root: ParentNode, block: MdBlock): Element {
    return block.t === 'table' ? root.querySelector('tbody')! : root.firstElementChild!;
  }

  /** The items, blocks or rows `block` renders to, as plain nodes. */
  private groupNodes(block: MdBlock): ChildNode[] {
    const rendered = document.createElement('div');
    rendered.append(staticCopy(renderBlocks([block], this.cites)));
    return [...DomTail.holder(rendered, block).childNodes];
  }

  groupOpen(block: MdBlock): HTMLElement {
    const chunk = this.shell(block).parentElement!;
    this.group = { el: DomTail.holder(chunk, block), final: [], live: [] };
    return chunk;
  }

  /** Nodes that go before the group's live ones. */
  private groupInsert(nodes: ChildNode[]) {
    const { el, live } = this.group!;
    if (live[0]) live[0].before(...nodes);
    else el.append(...nodes);
  }

  groupAppend(block: MdBlock) {
    const nodes = this.groupNodes(block);
    this.groupInsert(nodes);
    this.group!.final.push(...nodes);
  }

  groupRedo(block: MdBlock) {
    const group = this.group!;
    for (const node of group.final) node.remove();
    group.final = this.groupNodes(block);
    this.groupInsert(group.final);
  }

  groupLive(block: MdBlock | null) {
    const group = this.group!;
    for (const node of group.live) node.remove();
    group.live = block ? this.groupNodes(block) : [];
    group.el.append(...group.live);
  }

  groupClose() {
    this.group = undefined;
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
