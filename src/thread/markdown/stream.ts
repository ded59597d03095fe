/*
 * Markdown arriving in pieces, shown as it comes at a cost per piece that does not grow with the
 * text: what is final is rendered once, and only the open part is lexed again.
 *
 * The stream keeps the text from the start of the first block that may still change (`open`).
 * Each step lexes it (marked, at most WINDOW characters) and settles the blocks that can no
 * longer change: those before a block that has begun for good (its first line complete: a block
 * that has begun ends the ones before it, in CommonMark as in marked). An open block that could
 * grow without bound grows in place instead:
 * - a fenced code block appends its lines, each read once;
 * - a list settles its items, a quote its blocks, a table its rows, once the next one has begun
 *   (a list that turns out loose shows its items again);
 * - a paragraph longer than PROBE is read in parts, cut where its text alone decides (`cutAt`).
 * Where a step stops depends only on the text, never on how it was cut into pieces, so a text
 * streamed shows what the same text shows given whole. No DOM here: a TailView shows it.
 */

import type { Token, Tokens } from 'marked';
import { inlineNodes, isLeadSurrogate, type Inline } from '../../conversation/markdown/inline.js';
import {
  blocksOf,
  closesFence,
  codeLang,
  fencedLine,
  FENCE_OPEN,
  inlineLex,
  lex,
  type Definitions,
  type MdBlock,
} from '../../conversation/markdown/parse.js';

/** What shows the stream: the DOM (tail.ts), or a test. */
export interface TailView {
  /** Blocks that can no longer change, rendered once after what is final so far; a handle. */
  settle(blocks: MdBlock[]): unknown;
  /** Settled blocks (`settle`'s or `groupOpen`'s handle) again: a label they use was defined. */
  resettle(handle: unknown, blocks: MdBlock[]): void;
  /** A long paragraph begins, shown in parts. */
  inlineOpen(level: number): void;
  /** Nodes that are final, to append for good, then the nodes after them, which may change. */
  inlineUpdate(final: Inline[], live: Inline[]): void;
  /** The paragraph is done: its live nodes become these, for good. */
  inlineClose(last: Inline[]): void;
  /** A fenced code block begins, with this language. */
  codeOpen(lang: string): void;
  /** Code text that is final, to append. */
  codeAppend(text: string): void;
  /** The code's unfinished line as it shows for now, after the final text. */
  codeLine(text: string): void;
  codeClose(): void;
  /** A list, a quote or a table begins: `block`, with no items, blocks or rows; a handle. */
  groupOpen(block: MdBlock): unknown;
  /** Items, blocks or rows of the open group (in `block`) that are final. */
  groupAppend(block: MdBlock): void;
  /** All of its final ones again, as `block` has them (a list turned loose, a definition). */
  groupRedo(block: MdBlock): void;
  /** Its items, blocks or rows after the final ones, as they show for now (null: none). */
  groupLive(block: MdBlock | null): void;
  groupClose(): void;
  /** The blocks after the open one (or all that may change, when none grows in place). */
  rest(blocks: MdBlock[]): void;
}

/**
 * Characters the stream has lexed or scanned, across all streams. The cost of a piece is what
 * it adds: the tests check that it stays bounded by the piece's length plus a constant, however
 * long the text and its open block.
 */
export const streamWork = { chars: 0 };

/** A paragraph this long is read in parts: a part is cut from each such prefix of it. */
export const PROBE = 4_096;
/**
 * Put before a paragraph's text after a cut, so that it lexes as a paragraph's text goes on (a
 * line of it may begin with what would begin another block at the start of a text). A zero-width
 * space: marked reads it as text, and it is taken off again (`unguarded`).
 */
const GUARD = '\u200b';
/** The most text one step lexes: a long text given at once is read a window at a time. */
export const WINDOW = 65_536;

type Mode = 'blocks' | 'fence' | 'para' | 'group';

/** The open list, quote or table. */
interface Group {
  kind: 'list' | 'blockquote' | 'table';
  /** Its text from its start to the open part: its final parts, to read them again. */
  raw: string;
  /** A table's head and rule lines: its rows are lexed after them. */
  lead: string;
  /** A list's final items say it is loose; and how its items show now. */
  loose: boolean;
  shownLoose: boolean;
  handle: unknown;
}

/** The last lex of the open part, kept for showing it. */
interface Lexed {
  tokens: Token[];
  starts: number[];
  src: string;
  lead: number;
  /** The open part it lexed. */
  open: string;
}

/** A settled chunk whose text has a `[label]` that a definition may make a link. */
interface Watched {
  raw: string;
  handle: unknown;
}

/** A label as definitions and references match it (case-folded, white space as one space). */
const fold = (label: string) =>
  label.trim().replace(/\s+/g, ' ').toLowerCase().toUpperCase().toLowerCase();

const LABEL = /\[([^[\]]{1,999})\]/g;

const isSpace = (token: Token | undefined) => token?.type === 'space';

/** A definition as a string, to compare. */
const defValue = (def: { href: string; title: string } | undefined) =>
  def ? `${def.href}\n${def.title}` : undefined;

export class MarkdownStream {
  /** The text from the start of the first block that may still change. */
  private open = '';
  private done = false;
  private mode: Mode = 'blocks';
  /** Definitions of settled blocks; the open part's are the lexer's own. */
  private readonly settledDefs = Object.create(null) as Definitions;
  /** The open part's definitions as last shown. */
  private liveDefs = new Map<string, string>();
  private readonly watched = new Map<string, Set<Watched>>();
  /** The open fence: its marker and indent, whether it has a line, how far `open` has no break. */
  private fence?: {
    marker: string;
    indent: number;
    lines: boolean;
    scanned: number;
    shown: string;
  };
  private group?: Group;
  /** The level of the long heading read in parts (0: a paragraph). */
  private heading = 0;
  private last?: Lexed;
  private shownRest = false;
  /** The last piece ended with a carriage return: a line feed after it is the same break. */
  private cr = false;

  constructor(private readonly view: TailView) {}

  push(piece: string) {
    if (this.cr && piece[0] === '\n') piece = piece.slice(1);
    this.cr = piece.endsWith('\r');
    if (!piece) return;
    this.open += piece.replace(/\r\n?/g, '\n');
    streamWork.chars += piece.length;
    this.advance();
  }

  /** The text is complete: everything shown becomes final. */
  finish() {
    this.done = true;
    this.advance();
    while (this.open && (this.mode === 'blocks' || this.mode === 'group')) this.settleRest();
    if (this.mode === 'fence') this.closeFence(true);
    this.view.rest([]);
  }

  /**
   * The complete text's rest, read whole and settled. What lies past the window is read only
   * once a block in it has begun for good, so a block longer than the window (a line longer than
   * it, in a list item, a quote, a table or after a paragraph) would otherwise never be final.
   */
  private settleRest() {
    const group = this.group;
    if (group) {
      const src = group.lead + this.open;
      const first = lex(src, this.known()).tokens[0];
      if (first?.type === group.kind) this.completeGroup(first, src);
      else this.closeGroup();
      return;
    }
    const { tokens } = lex(this.open, this.known());
    this.settleTokens(tokens, this.open);
    this.consume(this.open.length);
  }

  private advance() {
    while (this.step());
    this.show();
  }

  /** `n` characters of the open part are final. */
  private consume(n: number) {
    this.open = this.open.slice(n);
  }

  /** One step: whether it settled something or changed mode (then another may follow). */
  private step(): boolean {
    switch (this.mode) {
      case 'fence':
        return this.fenceStep();
      case 'para':
        return this.paraStep();
      case 'group':
        return this.groupStep();
      default:
        return this.blocksStep();
    }
  }

  /** The tokens of the open part (after `lead`, a table's head) and where each begins. */
  private lexOpen(lead = ''): Lexed {
    const src = lead + this.open.slice(0, WINDOW);
    streamWork.chars += src.length;
    const { tokens, defs } = lex(src, this.known());
    this.noteDefs(defs);
    const starts: number[] = [];
    let offset = 0;
    for (const token of tokens) {
      starts.push(offset);
      offset += token.raw.length;
    }
    return (this.last = { tokens, starts, src, lead: lead.length, open: this.open });
  }

  /**
   * The settled definitions, as a lexer's own (marked keeps a reference link from being read as
   * emphasis only for the labels it has as its own).
   */
  private known(): Definitions {
    return Object.assign(Object.create(null) as Definitions, this.settledDefs);
  }

  /** Whether a lex reaches the end of a complete text. */
  private whole(lexed: Lexed) {
    return this.done && lexed.src.length - lexed.lead >= this.open.length;
  }

  /**
   * How many tokens are final: all before the last one that has begun for good, all when the
   * text is complete. A definition followed by what may yet be its title waits for that too.
   */
  private finalCount({ tokens, starts, src }: Lexed, whole: boolean): number {
    if (whole) return tokens.length;
    for (let j = tokens.length - 1; j > 0; j--) {
      const token = tokens[j]!;
      if (isSpace(token) || !begun(token, starts[j]!, src, tokens[j - 1]!)) continue;
      if (tokens[j - 1]!.type === 'def' && /^["'(]/.test(token.raw)) continue;
      return j;
    }
    // A fenced block whose closing line is complete is final too: nothing can reopen it.
    const first = tokens[0];
    return first?.type === 'code' && isClosedFence(first as Tokens.Code, src) ? 1 : 0;
  }

  private blocksStep(): boolean {
    if (!this.open) return false;
    const lexed = this.lexOpen();
    const { tokens, starts, src } = lexed;
    if (isSpace(tokens[0]) && tokens.length > 1) {
      this.consume(tokens[0]!.raw.length);
      return true;
    }
    // A long paragraph is cut before anything else: the same whether it is final yet or not.
    const type = tokens[0]?.type;
    if ((type === 'paragraph' || type === 'heading') && this.cutParagraph()) return true;
    const whole = this.whole(lexed);
    let k = this.finalCount(lexed, whole);
    // A paragraph or heading long enough to be cut waits to be the first block: it is read in
    // parts however much text comes after it.
    for (let i = 1; i < k; i++) if (mayCut(tokens[i]!)) k = i;
    if (k > 0) {
      const raw = src.slice(0, starts[k] ?? src.length);
      this.settleTokens(tokens.slice(0, k), raw);
      // The blank lines after them go too, when a block follows.
      let length = raw.length;
      while (isSpace(tokens[k]) && k + 1 < tokens.length) length += tokens[k++]!.raw.length;
      this.consume(length);
      return true;
    }
    const first = tokens[0];
    if (!first || whole) return false;
    switch (first.type) {
      case 'code':
        return this.openFence(first as Tokens.Code, src);
      case 'list':
      case 'blockquote':
      case 'table':
        return this.openGroup(first, src);
      default:
        return false;
    }
  }

  /** Final blocks, rendered once; their definitions are known for good. */
  private settleTokens(tokens: Token[], raw: string) {
    this.keepDefs(tokens);
    const blocks = blocksOf(tokens);
    if (blocks.length) this.watch({ raw, handle: this.view.settle(blocks) });
  }

  private keepDefs(tokens: readonly Token[]) {
    for (const token of tokens) {
      if (token.type === 'def') {
        const def = token as Tokens.Def;
        this.settledDefs[def.tag] ??= { href: def.href, title: def.title };
      } else if (token.type === 'blockquote') this.keepDefs((token as Tokens.Blockquote).tokens);
      else if (token.type === 'list')
        for (const item of (token as Tokens.List).items) this.keepDefs(item.tokens);
    }
  }

  private watch(chunk: Watched) {
    for (const [, label] of chunk.raw.matchAll(LABEL)) {
      const key = fold(label!);
      let chunks = this.watched.get(key);
      if (!chunks) this.watched.set(key, (chunks = new Set()));
      chunks.add(chunk);
    }
  }

  /**
   * The open part's definitions, compared with those last shown: a label defined, redefined or
   * gone renders again what uses it among the final blocks (the open part is lexed with them).
   */
  private noteDefs(defs: Definitions) {
    const now = new Map<string, string>();
    for (const label of Object.keys(defs))
      if (!(label in this.settledDefs)) now.set(label, defValue(defs[label])!);
    const changed: string[] = [];
    for (const [label, value] of now) if (this.liveDefs.get(label) !== value) changed.push(label);
    for (const [label, value] of this.liveDefs)
      if (!now.has(label) && defValue(defs[label]) !== value) changed.push(label);
    this.liveDefs = now;
    if (!changed.length) return;
    const again = new Set<Watched>();
    for (const label of changed)
      for (const chunk of this.watched.get(fold(label)) ?? []) again.add(chunk);
    for (const chunk of again) {
      streamWork.chars += chunk.raw.length;
      const known = Object.assign(Object.create(null) as Definitions, defs);
      this.view.resettle(chunk.handle, blocksOf(lex(chunk.raw, known).tokens));
    }
    const group = this.group;
    if (
      group &&
      [...group.raw.matchAll(LABEL)].some(([, l]) => changed.some((c) => fold(c) === fold(l!)))
    )
      this.redoGroup(defs);
  }

  // Fenced code, a line at a time.

  private openFence(code: Tokens.Code, src: string): boolean {
    const newline = code.raw.indexOf('\n');
    const opening = FENCE_OPEN.exec(code.raw);
    if (!opening || newline === -1 || isClosedFence(code, src)) return false;
    this.view.codeOpen(codeLang(code.lang));
    this.fence = {
      marker: opening[2]!,
      indent: opening[1]!.length,
      lines: false,
      scanned: 0,
      shown: '',
    };
    this.consume(newline + 1);
    this.mode = 'fence';
    return true;
  }

  private fenceStep(): boolean {
    const fence = this.fence!;
    let code = '';
    let at = 0;
    for (let newline; (newline = this.open.indexOf('\n', Math.max(at, fence.scanned))) !== -1;) {
      const line = this.open.slice(at, newline);
      streamWork.chars += newline + 1 - Math.max(at, fence.scanned);
      at = newline + 1;
      fence.scanned = 0;
      if (closesFence(fence.marker, line)) {
        if (code) this.view.codeAppend(code);
        this.consume(at);
        this.closeFence(false);
        return true;
      }
      code += (fence.lines ? '\n' : '') + fencedLine(line, fence.indent);
      fence.lines = true;
    }
    if (code) this.view.codeAppend(code);
    this.consume(at);
    streamWork.chars += this.open.length - fence.scanned;
    fence.scanned = this.open.length;
    return false;
  }

  /** The fence ends: at its closing line, or (`atEnd`) with the text, its last line code too. */
  private closeFence(atEnd: boolean) {
    const fence = this.fence!;
    if (atEnd) {
      if (this.open && !closesFence(fence.marker, this.open))
        this.view.codeAppend((fence.lines ? '\n' : '') + fencedLine(this.open, fence.indent));
      this.open = '';
    }
    this.view.codeLine('');
    this.view.codeClose();
    this.fence = undefined;
    this.mode = 'blocks';
  }

  // A long paragraph, in parts.

  /**
   * Where a paragraph that fills `probe` (its first PROBE characters) is cut: before the last
   * line in the probe's second half that begins with a letter, or else before its last letter or
   * figure there after white space, or else before its last letter there, or else in its middle;
   * inside its plain text first (`inText`), so that a link, emphasis or code stays whole, and
   * anywhere when its whole second half is one. The probe alone decides, so a text is cut in
   * the same places however it arrives.
   */
  private cutAt(probe: string, inText?: (at: number) => boolean): number {
    const cut = inText ? this.cutIn(probe, inText) : -1;
    return cut === -1 ? this.cutIn(probe) : cut;
  }

  /** As `cutAt` says, only where `inText` allows (-1: nowhere), or anywhere. */
  private cutIn(probe: string, inText?: (at: number) => boolean): number {
    let space = -1;
    let letter = -1;
    for (let i = probe.length - 1; i >= PROBE / 2; i--) {
      const c = probe[i]!;
      if (!/[\p{L}\p{N}]/u.test(c) || (inText && !inText(i))) continue;
      const before = probe[i - 1]!;
      const isLetter = /\p{L}/u.test(c);
      if (before === '\n' && isLetter) return i;
      if (space === -1 && (before === ' ' || before === '\n')) space = i;
      if (letter === -1 && isLetter) letter = i;
    }
    if (space !== -1) return space;
    if (letter !== -1) return letter;
    if (inText) return -1;
    const half = PROBE / 2;
    return isLeadSurrogate(probe.charCodeAt(half - 1)) ? half + 1 : half;
  }

  /**
   * The open paragraph or heading, if it fills a probe (a heading: its line does), gives its first
   * part to the view, for good.
   */
  private cutParagraph(): boolean {
    if (this.open.length < PROBE) return false;
    const probe = this.open.slice(0, PROBE);
    streamWork.chars += probe.length;
    let level = this.heading;
    let inText: ((at: number) => boolean) | undefined;
    const continued = this.mode === 'para';
    if (continued && level) {
      // The rest of a heading's line: it fills the probe if its line does.
      if (probe.includes('\n')) return false;
    } else {
      const lead = continued ? GUARD : '';
      const first = lex(lead + probe, this.known()).tokens[0];
      const type = first?.type;
      const fills = first?.raw.length === lead.length + PROBE;
      if (!fills || (type !== 'paragraph' && (type !== 'heading' || continued))) return false;
      if (!continued) level = type === 'heading' ? (first as Tokens.Heading).depth : 0;
      inText = plainTextAt(first, lead + probe, lead.length);
    }
    const cut = this.cutAt(probe, inText);
    const part = probe.slice(0, cut);
    streamWork.chars += part.length;
    const inline = !continued
      ? inlineOf(lex(part, this.known()).tokens[0])
      : level
        ? this.lineInline(part)
        : unguarded(inlineOf(lex(GUARD + part, this.known()).tokens[0]));
    // The white space before the cut goes between the parts, once: not also at the part's end.
    const between = /\s$/.test(part) ? [part.endsWith('\n') ? '\n' : ' '] : [];
    const end = inline.at(-1);
    if (between.length && typeof end === 'string') inline[inline.length - 1] = end.trimEnd();
    if (!continued) {
      this.view.inlineOpen(level);
      this.mode = 'para';
      this.heading = level;
    }
    this.view.inlineUpdate([...inline, ...between], []);
    this.consume(cut);
    return true;
  }

  /** Text of a heading's line after its first part, read as inline markdown. */
  private lineInline(text: string): Inline[] {
    streamWork.chars += text.length;
    return inlineNodes(inlineLex(text, this.known()));
  }

  /** The rest of a long heading's line, as it ends (without its closing `#`s). */
  private headingEnd(line: string): Inline[] {
    return this.lineInline(line.replace(/(^|[ \t]+)#+[ \t]*$/, '').trimEnd());
  }

  private paraStep(): boolean {
    if (!this.open && !this.done) return false;
    if (this.cutParagraph()) return true;
    if (this.heading) {
      const newline = this.open.indexOf('\n');
      if (newline === -1 && !this.done) return false;
      const line = newline === -1 ? this.open : this.open.slice(0, newline);
      this.view.inlineClose(this.headingEnd(line));
      this.consume(newline === -1 ? this.open.length : newline + 1);
      this.mode = 'blocks';
      this.heading = 0;
      return true;
    }
    const lexed = this.lexOpen(GUARD);
    const first = lexed.tokens[0]!;
    if (this.finalCount(lexed, this.whole(lexed)) === 0) return false;
    this.view.inlineClose(unguarded(inlineOf(first)));
    this.consume(first.raw.length - GUARD.length);
    this.mode = 'blocks';
    return true;
  }

  // Lists, quotes and tables, a part at a time.

  private openGroup(first: Token, src: string): boolean {
    const parts = finalParts(first, src, 0);
    if (!parts) return false;
    const kind = first.type as Group['kind'];
    const lead = kind === 'table' ? src.split('\n', 2).join('\n') + '\n' : '';
    const loose = kind === 'list' && (first as Tokens.List).loose;
    this.group = { kind, raw: '', lead, loose: false, shownLoose: loose, handle: null };
    this.group.handle = this.view.groupOpen(shellOf(first));
    this.mode = 'group';
    this.appendParts(parts, src, 0);
    return true;
  }

  /** Final parts of the open group (`length` characters from `from` in `src`), for good. */
  private appendParts(parts: { length: number; token: Token }, src: string, from: number) {
    const group = this.group!;
    if (group.kind === 'list' && (parts.token as Tokens.List).loose) group.loose = true;
    this.keepDefs([parts.token]);
    this.view.groupAppend(this.partBlock(parts.token));
    group.raw += src.slice(from, from + parts.length);
    this.consume(parts.length);
  }

  /** A group's parts as a block of its kind, a list's items as loose as the list shows. */
  private partBlock(token: Token): MdBlock {
    const group = this.group!;
    const shown = group.kind === 'list' ? { ...token, loose: group.shownLoose } : token;
    return blocksOf([shown as Token])[0]!;
  }

  private groupStep(): boolean {
    const group = this.group!;
    if (!this.open && !this.done) return false;
    const lexed = this.lexOpen(group.lead);
    const { tokens, src } = lexed;
    const first = tokens[0];
    if (first?.type !== group.kind) {
      this.closeGroup();
      return true;
    }
    this.showLoose(first);
    const from = group.lead.length;
    if (this.finalCount(lexed, this.whole(lexed)) > 0) {
      this.completeGroup(first, src);
      return true;
    }
    const parts = finalParts(first, src, from);
    if (!parts) return false;
    this.appendParts(parts, src, from);
    return true;
  }

  /** The group is complete: all of `first`, its token in `src` (after the lead), is final. */
  private completeGroup(first: Token, src: string) {
    const from = this.group!.lead.length;
    this.showLoose(first);
    // (A table with no rows past its head may end before the head's line break.)
    this.appendParts({ length: Math.max(0, first.raw.length - from), token: first }, src, from);
    this.closeGroup();
  }

  /** A list's items show loose when it is, by its final items or by those for now. */
  private showLoose(token: Token) {
    const group = this.group!;
    if (group.kind !== 'list') return;
    const loose = group.loose || (token as Tokens.List).loose;
    if (loose === group.shownLoose) return;
    group.shownLoose = loose;
    this.redoGroup(this.known());
  }

  /** The group's final parts shown again, from its final text lexed again. */
  private redoGroup(defs: Definitions) {
    const group = this.group!;
    if (!group.raw) return;
    streamWork.chars += group.raw.length;
    const first = lex(group.raw, Object.assign(Object.create(null) as Definitions, defs)).tokens[0];
    if (first?.type === group.kind) this.view.groupRedo(this.partBlock(first));
  }

  private closeGroup() {
    const group = this.group!;
    this.view.groupLive(null);
    this.view.groupClose();
    this.watch({ raw: group.raw, handle: group.handle });
    this.group = undefined;
    this.mode = 'blocks';
  }

  // What may still change, shown after the final parts.

  private show() {
    let rest: MdBlock[] = [];
    if (this.mode === 'fence') {
      const fence = this.fence!;
      const line = this.open;
      const shown =
        !line || closesFence(fence.marker, line)
          ? ''
          : (fence.lines ? '\n' : '') + fencedLine(line, fence.indent);
      if (shown !== fence.shown) this.view.codeLine((fence.shown = shown));
    } else if (this.mode === 'para' && this.heading) {
      this.view.inlineUpdate([], this.headingEnd(this.open.split('\n', 1)[0]!));
    } else if (this.open) {
      const lead = this.mode === 'para' ? GUARD : (this.group?.lead ?? '');
      const lexed =
        this.last?.open === this.open && this.last.lead === lead.length
          ? this.last
          : this.lexOpen(lead);
      const [first, ...others] = lexed.tokens;
      if (this.mode === 'para') {
        this.view.inlineUpdate([], unguarded(inlineOf(first)));
        rest = blocksOf(others);
      } else if (this.mode === 'group' && first?.type === this.group!.kind) {
        this.showLoose(first);
        this.view.groupLive(this.partBlock(first));
        rest = blocksOf(others);
      } else rest = blocksOf(lexed.tokens);
    } else if (this.mode === 'group') this.view.groupLive(null);
    if (rest.length || this.shownRest) this.view.rest(rest);
    this.shownRest = rest.length > 0;
  }
}

/**
 * Whether a token has begun for good: it starts a line, and that line and the next one are
 * complete (marked reads a line with the one after it: a line under a paragraph may make it a
 * heading or a table's head, and decides whether the line before begins a list). Or it is a
 * heading or a paragraph (not right after another one) already PROBE long: what comes cannot
 * join it to what is before it, and waiting for more of it would lex it again and again.
 */
function begun(token: Token, start: number, src: string, before: Token): boolean {
  if (start > 0 && src[start - 1] !== '\n') return false;
  const newline = src.indexOf('\n', start);
  if (newline !== -1 && src.indexOf('\n', newline + 1) !== -1) return true;
  // A code fence whose opening line is complete, however long its first line of code.
  if (newline !== -1 && token.type === 'code' && FENCE_OPEN.test(token.raw)) return true;
  if (src.length - start < PROBE) return false;
  return token.type === 'heading' || (token.type === 'paragraph' && before.type !== 'paragraph');
}

/** Whether a fenced code block (the first token of `src`) has its closing line, complete. */
function isClosedFence(code: Tokens.Code, src: string): boolean {
  const opening = FENCE_OPEN.exec(code.raw);
  if (!opening || code.codeBlockStyle === 'indented') return false;
  const lines = code.raw.replace(/\n$/, '').split('\n');
  const complete = code.raw.endsWith('\n') || src[code.raw.length] === '\n';
  return lines.length >= 2 && complete && closesFence(opening[2]!, lines.at(-1)!);
}

/** Whether a block may be long enough to be read in parts (`cutParagraph` decides). */
const mayCut = (token: Token) =>
  (token.type === 'paragraph' || token.type === 'heading') && token.raw.length >= PROBE;

/**
 * The final parts of a group token that starts `src` (after `lead` characters): how far they
 * reach from `lead`, and the token with only them. A list's items before its last one that has
 * begun, a quote's blocks before its last one that has begun, a table's complete rows; undefined
 * when none is final yet.
 */
function finalParts(
  token: Token,
  src: string,
  lead: number,
): { length: number; token: Token } | undefined {
  if (token.type === 'list') {
    const list = token as Tokens.List;
    let start = 0;
    const starts = list.items.map((item) => (start += item.raw.length) - item.raw.length);
    for (let j = list.items.length - 1; j > 0; j--) {
      if (src.indexOf('\n', starts[j]!) === -1) continue;
      const items = list.items.slice(0, j);
      return { length: starts[j]! - lead, token: { ...list, loose: makeLoose(items), items } };
    }
    return undefined;
  }
  if (token.type === 'blockquote') {
    const inner = (token as Tokens.Blockquote).tokens;
    // The line of the quote's text each block begins on. A block begins a line: where neither
    // the source before it ends with a line break nor its own begins with one (a paragraph that
    // a table interrupts), a line ends between them all the same.
    let line = 0;
    let before = '';
    const lines = inner.map(({ raw }) => {
      if (before && !before.endsWith('\n') && !raw.startsWith('\n')) line++;
      const at = line;
      line += raw.split('\n').length - 1;
      before = raw;
      return at;
    });
    for (let j = inner.length - 1; j > 0; j--) {
      // Block j has begun for good once its first line is complete.
      const complete = j < inner.length - 1 || inner[j]!.raw.includes('\n');
      if (isSpace(inner[j]) || !complete) continue;
      // The quote's lines are its text's lines: the part ends where the line of block j begins.
      let end = 0;
      for (let n = lines[j]!; n > 0; n--) end = src.indexOf('\n', end) + 1;
      if (end <= lead) return undefined;
      // A lazy line (no `>`) continues what is before it: the quote cannot be cut before it.
      if (!/^ {0,3}>/.test(src.slice(end, end + 4))) continue;
      return { length: end - lead, token: { ...token, tokens: inner.slice(0, j) } as Token };
    }
    return undefined;
  }
  if (token.type === 'table') {
    const table = token as Tokens.Table;
    // Its head and rule are its first two lines; a row is final once its line is complete.
    let breaks = 0;
    let end = 0;
    const limit = Math.min(src.length, token.raw.length + 1);
    for (let i = src.indexOf('\n'); i !== -1 && i < limit; i = src.indexOf('\n', i + 1)) {
      if (++breaks - 2 > table.rows.length) break;
      end = i + 1;
    }
    const rows = Math.min(table.rows.length, breaks - 2);
    if (rows < 1 || end <= lead) return undefined;
    return { length: end - lead, token: { ...table, rows: table.rows.slice(0, rows) } };
  }
  return undefined;
}

/**
 * Whether these items, each followed by another, make their list loose: one ends with a blank
 * line, or holds one between its blocks (marked's own tests). Marked gives every item the whole
 * list's looseness, that of its open part too, which may yet change.
 */
const makeLoose = (items: readonly Tokens.ListItem[]) =>
  items.some(
    (item) =>
      /\n[ \t]*\n[ \t]*$/.test(item.raw) ||
      item.tokens.some((t) => t.type === 'space' && /\n.*\n/.test(t.raw)),
  );

/** Inline nodes without the GUARD their text was lexed with. */
function unguarded(nodes: Inline[]): Inline[] {
  const [first, ...rest] = nodes;
  if (typeof first !== 'string' || !first.startsWith(GUARD)) return nodes;
  return first.length > 1 ? [first.slice(1), ...rest] : rest;
}

/**
 * Where a block's inline text is plain text, not a link, emphasis or code: whether the character
 * at `at` of `src` (less `lead`) and the one before are in the same text token, before anything
 * in the second half that could open a construct. Undefined when the text cannot be placed in
 * `src`.
 */
function plainTextAt(block: Token, src: string, lead: number) {
  const { text, tokens } = block as Tokens.Paragraph;
  const from = text ? src.indexOf(text) : -1;
  if (from === -1 || !tokens) return undefined;
  const plain = new Uint8Array(src.length);
  let at = from;
  let opener = src.length;
  for (const token of tokens) {
    const start = at - lead;
    at += token.raw.length;
    if (token.type !== 'text') continue;
    plain.fill(1, start + 1, start + token.raw.length);
    // What could open a link or emphasis in the second half: it may be one that the probe's
    // end cut short (read as text there), so nothing after it is cut.
    const first = token.raw.slice(Math.max(0, PROBE / 2 - start)).search(/[[*_`~<!]/);
    if (first !== -1) opener = Math.min(opener, Math.max(start, PROBE / 2) + first);
  }
  if (at !== from + text.length) return undefined;
  plain.fill(0, opener);
  return (i: number) => plain[i] === 1;
}

/** A paragraph token's inline nodes. */
function inlineOf(token: Token | undefined): Inline[] {
  const block = token ? blocksOf([token])[0] : undefined;
  return block && 'inline' in block ? block.inline : [];
}

/** A list, quote or table token as its block with no items, blocks or rows. */
function shellOf(token: Token): MdBlock {
  if (token.type === 'blockquote') return { t: 'quote', blocks: [] };
  const block = blocksOf([token])[0]!;
  if (block.t === 'table') return { ...block, rows: [] };
  if (block.t === 'list') return { ...block, items: [] };
  return block;
}
