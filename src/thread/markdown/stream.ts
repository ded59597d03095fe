/*
 * Markdown arriving in pieces, read once: what `parseBlocks` makes of the text so far, kept up
 * to date at a cost per piece that does not grow with the text. Blocks that can no longer
 * change go to the view as markdown, once (a BlockScanner decides it, a line at a time). The
 * open block, when it is a paragraph, a heading or a code fence, grows in place: code only
 * appends its new text (only a line that closes the fence could change it), and inline text is
 * parsed again only from the last point its parse may still change (`parseInlineFrom`), the rest
 * handed over as final nodes. An open list, quote or table is parsed again only from the last
 * point where it may change (see `Group`). No DOM here: a TailView shows it.
 */

import { INLINE_REACH, parseInlineFrom, type Inline } from './inline.js';
import {
  BlockScanner,
  FENCE,
  HEADING,
  ITEM,
  QUOTE,
  parseBlocks,
  isSpace,
  withoutClosing,
  type LineStep,
  type MdBlock,
} from './parse.js';

/** What shows the stream: the DOM (tail.ts), or a test. */
export interface TailView {
  /** Markdown that can no longer change, to render once for good (after what is final so far). */
  settle(markdown: string): void;
  /** A paragraph (level 0) or a heading (1–6) begins, and grows in place. */
  inlineOpen(level: number): void;
  /** Nodes that are final, to append for good, then the nodes after them, which may change. */
  inlineUpdate(final: Inline[], live: Inline[]): void;
  /** The open paragraph or heading is done: its live nodes become these, for good. */
  inlineClose(last: Inline[]): void;
  /** The open paragraph was a table's head after all: it goes, and the table shows in `rest`. */
  inlineDrop(): void;
  /** A code fence begins, with this language. */
  codeOpen(lang: string): void;
  /** Code text that is final, to append. */
  codeAppend(text: string): void;
  /** The fence's last line as it shows for now (it may yet close the fence), after the code. */
  codeLine(text: string): void;
  codeClose(): void;
  /** A list, a quote or a table begins: `block`, with no items, blocks or rows. */
  groupOpen(block: MdBlock): void;
  /** Items, blocks or rows of the open list, quote or table (in `block`) that are final. */
  groupAppend(block: MdBlock): void;
  /** Its items, blocks or rows after the final ones, as they show for now (null: none). */
  groupLive(block: MdBlock | null): void;
  groupClose(): void;
  /** The blocks after the open one (or all of the open block, when it is not one of the above). */
  rest(blocks: MdBlock[]): void;
}

/**
 * Characters the stream has read so far, scanning and parsing, across all streams. The cost of
 * a piece is what it adds: the tests check that it stays bounded by the piece's length plus a
 * constant, however long the open block.
 */
export const streamWork = { chars: 0 };

/** Enough of a line to know whether it begins a heading, a quote or a list item. */
const HEAD = 16;
/** The first characters (after up to three spaces) with which a line may begin a block. */
const MARKS = '`~#-*_+>0123456789';
const HEADING_START = /^ {0,3}(#{1,6})[ \t]/;
const QUOTE_START = /^ {0,3}>/;
const ITEM_START = /^ {0,3}(?:[-*+]|\d{1,9}[.)])[ \t]/;

/**
 * The unfinished last line, read a piece at a time: what the line-wide patterns (a fence's
 * opening line and closing line, a thematic break, a blank line, a table's rule) make of it so
 * far, each followed character by character, and its first characters for the others. So the
 * line's part in the blocks is known at each piece without reading the line again.
 */
class PartialLine {
  text = '';
  head = '';
  /** Only spaces and tabs so far. */
  blank = true;
  /** Only characters a table's rule is made of so far. */
  ruleChars = true;
  /** A fence's opening line: 0 indent, 1 run, 2 space, 3 language, 4 rest, 5 not one. */
  private fence = 0;
  private fenceChar = '';
  private fenceRun = 0;
  private spaces = 0;
  lang = '';
  /** A thematic break: 0 indent, 1 marks, 2 not one. */
  private rule = 0;
  private ruleChar = '';
  private ruleCount = 0;
  private ruleSpaces = 0;
  /** The open fence's closing line: 0 indent, 1 run, 2 trailing space, 3 not one. */
  private close: number;
  private closeRun = 0;
  private closeSpaces = 0;
  /** Some pattern still follows the line. */
  private following = true;

  /** `fence`: the open fence's run of backticks or tildes, if any. */
  constructor(private readonly fenceMarker = '') {
    this.close = fenceMarker ? 0 : 3;
  }

  push(chars: string) {
    if (this.text.length < HEAD) this.head = (this.text + chars).slice(0, HEAD);
    this.text += chars;
    if (!this.following) return;
    for (let i = 0; i < chars.length && this.following; i++) this.step(chars[i]!);
  }

  private step(c: string) {
    if (this.blank && !isSpace(c)) this.blank = false;
    if (this.ruleChars && !' \t|:-'.includes(c)) this.ruleChars = false;
    switch (this.fence) {
      case 0:
        if (c === ' ' && this.spaces < 3) this.spaces++;
        else if (c === '`' || c === '~') [this.fence, this.fenceChar, this.fenceRun] = [1, c, 1];
        else this.fence = 5;
        break;
      case 1:
        if (c === this.fenceChar) this.fenceRun++;
        else if (this.fenceRun < 3 || c === '`') this.fence = 5;
        else if (/\s/.test(c)) this.fence = 2;
        else [this.fence, this.lang] = [3, c];
        break;
      case 2:
        if (c === '`') this.fence = 5;
        else if (!/\s/.test(c)) [this.fence, this.lang] = [3, c];
        break;
      case 3:
        if (c === '`') this.fence = 5;
        else if (/\s/.test(c)) this.fence = 4;
        else this.lang += c;
        break;
      case 4:
        if (c === '`') this.fence = 5;
    }
    if (this.rule === 0) {
      if (c === ' ' && this.ruleSpaces < 3) this.ruleSpaces++;
      else if (c === '-' || c === '*' || c === '_')
        [this.rule, this.ruleChar, this.ruleCount] = [1, c, 1];
      else this.rule = 2;
    } else if (this.rule === 1) {
      if (c === this.ruleChar) this.ruleCount++;
      else if (!isSpace(c)) this.rule = 2;
    }
    const mark = this.fenceMarker[0];
    if (this.close === 0) {
      if (c === ' ' && this.closeSpaces < 3) this.closeSpaces++;
      else if (c === mark) [this.close, this.closeRun] = [1, 1];
      else this.close = 3;
    } else if (this.close === 1) {
      if (c === mark) this.closeRun++;
      else this.close = isSpace(c) ? 2 : 3;
    } else if (this.close === 2 && !isSpace(c)) this.close = 3;
    this.following =
      this.blank || this.ruleChars || this.fence !== 5 || this.rule !== 2 || this.close !== 3;
  }

  /** FENCE matches the line as it is. */
  fenceNow() {
    return this.fence >= 2 ? this.fence < 5 : this.fence === 1 && this.fenceRun >= 3;
  }

  /** The line as it is closes the open fence. */
  closes() {
    return (this.close === 1 || this.close === 2) && this.closeRun >= this.fenceMarker.length;
  }

  /** Whatever follows, the line cannot close the open fence. */
  cannotClose() {
    return this.close === 3;
  }

  /** `startsBlock` of the line as it is. */
  startsBlock() {
    const rule = this.rule === 1 && this.ruleCount >= 3;
    return (
      this.fenceNow() ||
      rule ||
      HEADING.test(this.head) ||
      QUOTE.test(this.head) ||
      ITEM.test(this.head)
    );
  }

  /** Whatever follows, the line is a paragraph's text: not blank and beginning no block. */
  isText() {
    if (this.blank || this.fence !== 5 || this.rule !== 2) return false;
    let p = 0;
    while (this.head[p] === ' ') p++;
    const decided = this.text.length >= HEAD || p >= 4 || !MARKS.includes(this.head[p] ?? '`');
    return decided && !this.beginsBlock();
  }

  /** Whatever follows, the line begins a heading, a quote or a list item. */
  beginsBlock() {
    return (
      HEADING_START.test(this.head) || QUOTE_START.test(this.head) || ITEM_START.test(this.head)
    );
  }

  /** A heading's level and where its text begins, if the line begins one whatever follows. */
  heading(): { level: number; at: number } | undefined {
    const match = HEADING_START.exec(this.head);
    return match ? { level: match[1]!.length, at: match[0].length - 1 } : undefined;
  }
}

/** How much final text a paragraph's parse holds before handing it over. */
const CHUNK = 4096;

/** JavaScript's whitespace, as `trim` removes it. */
const isWhite = (c: string) => /\s/.test(c);

/**
 * A paragraph's or a heading's text, a piece at a time, parsed as `parseInline` parses the
 * whole (trimmed, a heading without its closing `#`s). Kept: the window, the text from one
 * character before the last cut on, up to its last character that the end of the text cannot
 * take away (not whitespace, nor a heading's `#`), and after it the rest (`loose`). Each update
 * parses the window; once it holds more than INLINE_REACH + CHUNK, the nodes before a cut at
 * least INLINE_REACH from its end are final, and go.
 */
export class InlineStream {
  private window = '';
  /** Where the window's text begins: 1 when its first character is the one before. */
  private from = 0;
  private loose = '';
  /** Some text other than leading whitespace came. */
  private started = false;
  /** A heading's leading whitespace: #s right after it may close the heading (see `source`). */
  private lead = '';

  constructor(private readonly isHeading: boolean) {}

  push(text: string) {
    if (!this.started) {
      let start = 0;
      while (start < text.length && isWhite(text[start]!)) start++;
      if (this.isHeading) this.lead += text.slice(0, start);
      if (start === text.length) return;
      text = text.slice(start);
      this.started = true;
    }
    let end = text.length;
    while (end > 0 && (isWhite(text[end - 1]!) || (this.isHeading && text[end - 1] === '#'))) end--;
    if (end === 0) {
      this.loose += text;
      return;
    }
    this.window += this.loose + text.slice(0, end);
    this.loose = text.slice(end);
  }

  /**
   * The text to parse: the window, and what the end leaves of the rest and of `tentative` (a
   * line that belongs to the paragraph for now).
   */
  private source(tentative: string): string {
    // With no text yet, #s so far close the heading if the white space before them may.
    if (this.isHeading)
      return this.window
        ? this.window + withoutClosing(this.loose).trimEnd()
        : withoutClosing(this.lead + this.loose).trim();
    if (!tentative) return this.window;
    const end = (this.loose + tentative).trimEnd();
    return this.started ? this.window + end : end.trimStart();
  }

  update(tentative = ''): { final: Inline[]; live: Inline[] } {
    const src = this.source(tentative);
    const cutBefore = this.window.length - INLINE_REACH;
    const parsed = parseInlineFrom(src, this.from, cutBefore - this.from >= CHUNK ? cutBefore : -1);
    streamWork.chars += src.length - this.from;
    if (parsed.cut === -1) return { final: [], live: parsed.nodes };
    this.window = this.window.slice(parsed.cut - 1);
    this.from = 1;
    const rest = src.slice(parsed.cut - 1);
    streamWork.chars += rest.length - 1;
    return { final: parsed.head, live: parseInlineFrom(rest, 1).nodes };
  }

  /** The nodes after the last final ones, the text being complete. */
  finish(tentative = ''): Inline[] {
    const src = this.source(tentative);
    streamWork.chars += src.length - this.from;
    return parseInlineFrom(src, this.from).nodes;
  }
}

type Mode = 'none' | 'para' | 'heading' | 'fence' | 'group' | 'other';

/**
 * An open list, quote or table, parsed again only from the last point where it may change: a
 * list from its last item (the items before it are final once the next one begins), a table
 * from its unfinished line (a complete row is final), a quote from the start of its last block
 * that may still change (its lines read as their own blocks, by a BlockScanner of their own).
 */
interface Group {
  kind: 'list' | 'quote' | 'table';
  /**
   * Lines before `lines`, so that they parse as the group's: a list item with the list's
   * indent and kind of marker, a table's head and rule with its columns and alignment.
   */
  lead: string;
  /** The group's lines since its last final point, each with its line break. */
  lines: string;
  /** A quote's lines without their `>`, read as blocks. */
  inner?: BlockScanner;
}

const ruleCell = (align: string) =>
  align === 'center' ? ':-:' : align === 'end' ? '-:' : align === 'start' ? ':-' : '-';

/**
 * The markdown of one text as it streams: `push` each new piece, `finish` when it is complete.
 * What the view shows after each call is what `parseBlocks` makes of the text so far.
 */
export class MarkdownStream {
  private scanner = new BlockScanner();
  private line = new PartialLine();
  /**
   * The open block: a paragraph, heading or fence growing in place, a list, quote or table
   * (`group`), or a 'pipe' paragraph the next line may make a table's head, parsed whole.
   */
  private mode: Mode = 'none';
  private inline?: InlineStream;
  private group?: Group;
  /** The unfinished line goes to `inline` as it comes. */
  private lineInline = false;
  /** The open block's lines ('other'), or a 'pipe' paragraph's line (a table's head, maybe). */
  private block = '';
  /** Code text not yet handed to the view. */
  private code = '';
  /** The fence has a line of code already (the next one comes after a line break). */
  private codeLines = false;
  /** How much of the unfinished line is code text already; -1 while it could close the fence. */
  private lineCode = -1;
  private shownLine = '';
  private shownRest = false;
  /** The last piece ended with a carriage return: a line feed after it is the same break. */
  private cr = false;

  constructor(private readonly view: TailView) {}

  push(text: string) {
    if (this.cr && text[0] === '\n') text = text.slice(1);
    this.cr = text.endsWith('\r');
    if (!text) return;
    text = text.replace(/\r\n?/g, '\n');
    for (let at = 0; ;) {
      const newline = text.indexOf('\n', at);
      this.take(text.slice(at, newline === -1 ? undefined : newline));
      if (newline === -1) break;
      this.complete();
      at = newline + 1;
    }
    this.render();
  }

  /** The text is complete: everything shown becomes final. */
  finish() {
    // The unfinished line of a list, quote or table is complete: parsed as one with a line break
    // after it, a text ends in the same blocks.
    if (this.mode === 'group' && this.line.text) this.complete();
    const line = this.line;
    switch (this.mode) {
      case 'group':
        this.end();
        break;
      case 'fence':
        if (this.lineCode === -1 && !line.closes())
          this.code += (this.codeLines ? '\n' : '') + line.text;
        this.flushCode();
        this.view.codeLine('');
        this.view.codeClose();
        break;
      case 'para': {
        const tentative = this.tentative();
        this.view.inlineClose(this.inline!.finish(tentative));
        if (!tentative && !this.lineInline && !line.blank) this.view.settle(line.text);
        break;
      }
      case 'heading':
        this.view.inlineClose(this.inline!.finish());
        break;
      case 'other':
        this.view.settle(this.block + line.text);
        break;
      case 'none':
        if (!line.blank) this.view.settle(line.text);
    }
    this.view.rest([]);
  }

  /** A piece of the unfinished line. */
  private take(piece: string) {
    const line = this.line;
    line.push(piece);
    streamWork.chars += piece.length;
    if (this.mode === 'fence') {
      if (this.lineCode === -1 && line.cannotClose()) {
        this.code += (this.codeLines ? '\n' : '') + line.text;
        this.codeLines = true;
        this.lineCode = line.text.length;
      } else if (this.lineCode !== -1) {
        this.code += piece;
        this.lineCode += piece.length;
      }
    } else if (this.lineInline) this.inline!.push(piece);
    else if (this.mode === 'none' || this.mode === 'para') this.place();
  }

  /** Whether the unfinished line, not yet the open paragraph's, is now for good. */
  private place() {
    const line = this.line;
    if (this.mode === 'para') {
      if (this.scanner.open === 'pipe' && !line.blank && line.ruleChars) {
        // Perhaps the rule under a table's head: the paragraph shows as what it is, parsed whole.
        this.view.inlineDrop();
        this.inline = undefined;
        this.mode = 'other';
        return;
      }
      if (line.isText()) {
        this.inline!.push('\n' + line.text);
        this.lineInline = true;
        return;
      }
      if (!line.beginsBlock()) return;
      // The line begins a block whatever follows: the paragraph is complete.
      this.view.inlineClose(this.inline!.finish());
      this.inline = undefined;
      this.scanner.endParagraph();
      this.mode = 'none';
    }
    const heading = line.heading();
    if (!line.isText() && !heading) return;
    this.inline = new InlineStream(!!heading);
    this.view.inlineOpen(heading?.level ?? 0);
    this.inline.push(heading ? line.text.slice(heading.at) : line.text);
    this.mode = heading ? 'heading' : 'para';
    this.lineInline = true;
  }

  /** The unfinished line is complete. */
  private complete() {
    const text = this.line.text;
    const step = this.scanner.line(text);
    streamWork.chars += text.length;
    if (this.mode === 'fence') {
      if (!this.scanner.open) {
        this.flushCode();
        this.view.codeLine((this.shownLine = ''));
        this.view.codeClose();
        this.mode = 'none';
      } else {
        this.code +=
          this.lineCode === -1 ? (this.codeLines ? '\n' : '') + text : text.slice(this.lineCode);
        this.codeLines = true;
      }
    } else if (this.mode === 'heading') {
      this.view.inlineClose(this.inline!.finish());
      this.inline = undefined;
      this.mode = 'none';
    } else {
      if (step.ends) this.end();
      if (step.starts && !(this.mode === 'para' && this.lineInline)) this.begin(step.starts, text);
      else if (this.mode === 'para' && !this.lineInline) this.inline!.push('\n' + text);
      else if (this.mode === 'other' && !step.starts) this.block += text + '\n';
      else if (this.mode === 'group') this.groupLine(text, step);
      if (step.starts === 'pipe') this.block = text + '\n';
      if (this.mode === 'other' && this.scanner.open === 'table') this.openTable();
      if (this.mode === 'other' && this.scanner.open === 'para') {
        // A 'pipe' line without its table's rule after all: a paragraph, growing in place.
        this.inline = new InlineStream(false);
        this.view.inlineOpen(0);
        this.inline.push(this.block.slice(0, -1));
        this.mode = 'para';
      }
    }
    this.line = new PartialLine(this.mode === 'fence' ? this.scanner.fence : '');
    this.lineInline = false;
    this.lineCode = -1;
  }

  /** The open block ended before the line just complete. */
  private end() {
    if (this.mode === 'para') this.view.inlineClose(this.inline!.finish());
    else if (this.mode === 'other') this.view.settle(this.block);
    else if (this.mode === 'group') {
      const group = this.group!;
      const last = group.lines && this.groupPart(group.lead + group.lines).block;
      if (last) this.view.groupAppend(last);
      this.view.groupLive(null);
      this.view.groupClose();
      this.group = undefined;
    }
    this.inline = undefined;
    this.block = '';
    this.mode = 'none';
  }

  private begin(kind: NonNullable<ReturnType<BlockScanner['line']>['starts']>, text: string) {
    switch (kind) {
      case 'para':
      case 'pipe':
        this.inline = new InlineStream(false);
        this.view.inlineOpen(0);
        this.inline.push(text);
        this.mode = 'para';
        break;
      case 'heading':
      case 'hr':
        this.view.settle(text);
        break;
      case 'fence':
        this.view.codeOpen(FENCE.exec(text)![2] ?? '');
        this.mode = 'fence';
        this.codeLines = false;
        break;
      case 'quote':
        this.openGroup(
          { kind: 'quote', lead: '', lines: '', inner: new BlockScanner() },
          { t: 'quote', blocks: [] },
        );
        this.groupLine(text, { ends: false, starts: null });
        break;
      case 'list': {
        const item = ITEM.exec(text)!;
        const ordered = /\d/.test(item[2]!);
        const lead = `${item[1]}${ordered ? '1.' : '-'} x\n`;
        this.openGroup(
          { kind: 'list', lead, lines: text + '\n' },
          {
            t: 'list',
            ordered,
            start: ordered ? Number.parseInt(item[2]!, 10) : 1,
            items: [],
          },
        );
        break;
      }
      default:
        this.block = text + '\n';
        this.mode = 'other';
    }
  }

  private openGroup(group: Group, shell: MdBlock) {
    this.group = group;
    this.view.groupOpen(shell);
    this.mode = 'group';
  }

  /** The 'pipe' paragraph and the line under it are a table's head and rule: a table begins. */
  private openTable() {
    const table = parseBlocks(this.block)[0] as Extract<MdBlock, { t: 'table' }>;
    streamWork.chars += this.block.length;
    const head = '|' + table.head.map(() => 'a').join('|') + '|\n';
    const rule = '|' + table.align.map(ruleCell).join('|') + '|\n';
    this.openGroup({ kind: 'table', lead: head + rule, lines: '' }, table);
    this.block = '';
  }

  /** A complete line that goes on the open list, quote or table. */
  private groupLine(text: string, step: LineStep) {
    const group = this.group!;
    const settle = () => {
      const block = this.groupPart(group.lead + group.lines).block;
      if (block) this.view.groupAppend(block);
      group.lines = '';
    };
    if (group.kind === 'table') {
      // A complete row is final.
      group.lines = text + '\n';
      settle();
    } else if (group.kind === 'list') {
      if (step.item) settle();
      group.lines += text + '\n';
    } else {
      const inner = group.inner!.line(QUOTE.exec(text)![1]!);
      streamWork.chars += text.length;
      if ((inner.ends || inner.starts) && group.lines) settle();
      group.lines += text + '\n';
      if (!group.inner!.open) settle();
    }
  }

  /**
   * `src` parsed, as the open group's lines: the group's part (without what `lead` adds), and
   * the blocks after it.
   */
  private groupPart(src: string): { block: MdBlock | null; rest: MdBlock[] } {
    const blocks = parseBlocks(src);
    streamWork.chars += src.length;
    const first = blocks[0];
    if (first?.t !== this.group!.kind) return { block: null, rest: blocks };
    const block = first.t === 'list' ? { ...first, items: first.items.slice(1) } : first;
    return { block, rest: blocks.slice(1) };
  }

  /** The unfinished line, as the open paragraph's text for now (not blank, beginning no block). */
  private tentative(): string {
    const line = this.line;
    return this.lineInline || line.blank || line.startsBlock() ? '' : '\n' + line.text;
  }

  private flushCode() {
    if (this.code) this.view.codeAppend(this.code);
    this.code = '';
  }

  private render() {
    const line = this.line;
    let rest: MdBlock[] = [];
    switch (this.mode) {
      case 'fence': {
        this.flushCode();
        const shown =
          this.lineCode !== -1 || line.closes() ? '' : (this.codeLines ? '\n' : '') + line.text;
        if (shown !== this.shownLine) this.view.codeLine((this.shownLine = shown));
        break;
      }
      case 'para':
      case 'heading': {
        const tentative = this.mode === 'para' ? this.tentative() : '';
        const { final, live } = this.inline!.update(tentative);
        this.view.inlineUpdate(final, live);
        if (this.mode === 'para' && !tentative && !this.lineInline && !line.blank)
          rest = this.lineBlocks();
        break;
      }
      case 'group': {
        const group = this.group!;
        const part = this.groupPart(group.lead + group.lines + line.text);
        this.view.groupLive(part.block);
        rest = part.rest;
        break;
      }
      case 'other':
        rest = parseBlocks(this.block + line.text);
        streamWork.chars += this.block.length + line.text.length;
        break;
      case 'none':
        if (!line.blank) rest = this.lineBlocks();
    }
    if (rest.length || this.shownRest) this.view.rest(rest);
    this.shownRest = rest.length > 0;
  }

  /** The blocks of the unfinished line alone. */
  private lineBlocks(): MdBlock[] {
    const line = this.line;
    if (line.fenceNow()) return [{ t: 'code', lang: line.lang, text: '' }];
    streamWork.chars += line.text.length;
    return parseBlocks(line.text);
  }
}
