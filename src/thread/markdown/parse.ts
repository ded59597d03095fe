/*
 * A small markdown parser for assistant text: CommonMark's everyday subset
 * plus GFM tables, strikethrough and autolinks. It produces a tree that
 * render.ts turns into Lit templates, so no text ever reaches an HTML
 * parser. Raw HTML is kept as literal text. Work per call is linear in the
 * input (delimiter searches look a bounded distance ahead), so a hostile
 * model cannot make one delta expensive.
 */

import { parseInline, type Inline } from './inline.js';

export { parseInline, plainText, safeUrl, type Inline } from './inline.js';

export type Align = 'start' | 'center' | 'end' | '';

export type MdBlock =
  | { t: 'p'; inline: Inline[] }
  | { t: 'h'; level: number; inline: Inline[] }
  | { t: 'code'; lang: string; text: string }
  | { t: 'quote'; blocks: MdBlock[] }
  | { t: 'list'; ordered: boolean; start: number; items: MdBlock[][] }
  | { t: 'table'; align: Align[]; head: Inline[][]; rows: Inline[][][] }
  | { t: 'hr' };

export const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)[^`]*$/;
/** The opening #s, and all after them (closing #s too: see `withoutClosing`). */
export const HEADING = /^ {0,3}(#{1,6})(?=[ \t]|$)(.*)$/;
export const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
export const QUOTE = /^ {0,3}> ?(.*)$/;
export const ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])([ \t]+(.*)|$)/;
export const TABLE_RULE = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

export const isBlank = (line: string) => /^[ \t]*$/.test(line);

export const isSpace = (c: string) => c === ' ' || c === '\t';

/**
 * A heading's text after its opening #s without its closing run of #s: one that follows a space
 * or a tab (`## ##` is empty, `## foo#` is "foo#", and after a no-break space the #s are text),
 * with only spaces or tabs after it. The whole text and the stream both read a heading with it.
 */
export function withoutClosing(text: string): string {
  let end = text.length;
  while (end > 0 && isSpace(text[end - 1]!)) end--;
  let hashes = end;
  while (hashes > 0 && text[hashes - 1] === '#') hashes--;
  let spaces = hashes;
  while (spaces > 0 && isSpace(text[spaces - 1]!)) spaces--;
  return hashes < end && spaces < hashes ? text.slice(0, spaces) : text;
}

export const startsBlock = (line: string) =>
  FENCE.test(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line) || ITEM.test(line);

function splitRow(line: string): string[] {
  let row = line.trim();
  if (row.startsWith('|')) row = row.slice(1);
  if (row.endsWith('|') && !row.endsWith('\\|')) row = row.slice(0, -1);
  const cells: string[] = [];
  let cell = '';
  for (let i = 0; i < row.length; i++) {
    if (row[i] === '\\' && row[i + 1] === '|') {
      cell += '|';
      i++;
    } else if (row[i] === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += row[i];
  }
  cells.push(cell.trim());
  return cells;
}

export function parseBlocks(src: string): MdBlock[] {
  const lines = src.replace(/\r\n?/g, '\n').split('\n');
  return parseLines(lines, 0);
}

function parseLines(lines: string[], depth: number): MdBlock[] {
  const blocks: MdBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (isBlank(line)) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1]!;
      const body: string[] = [];
      i++;
      while (i < lines.length && !closesFence(marker, lines[i]!)) body.push(lines[i++]!);
      i++;
      blocks.push({ t: 'code', lang: fence[2] ?? '', text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const text = withoutClosing(heading[2]!).trim();
      blocks.push({ t: 'h', level: heading[1]!.length, inline: parseInline(text) });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ t: 'hr' });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!)) body.push(QUOTE.exec(lines[i++]!)![1]!);
      blocks.push({
        t: 'quote',
        blocks: depth < 8 ? parseLines(body, depth + 1) : [{ t: 'p', inline: [body.join('\n')] }],
      });
      continue;
    }
    const item = ITEM.exec(line);
    if (item) {
      const ordered = /\d/.test(item[2]!);
      const items: string[][] = [];
      const indent = item[1]!.length;
      while (i < lines.length) {
        const current = ITEM.exec(lines[i]!);
        if (current && current[1]!.length <= indent + 1 && /\d/.test(current[2]!) === ordered) {
          items.push([current[4] ?? '']);
          i++;
          continue;
        }
        const next = lines[i]!;
        const continues = !isBlank(next) && (/^[ \t]{2,}/.test(next) || !startsBlock(next));
        const blankThenIndented =
          isBlank(next) && i + 1 < lines.length && /^[ \t]{2,}\S/.test(lines[i + 1]!);
        if (items.length && (continues || blankThenIndented)) {
          items[items.length - 1]!.push(next.replace(/^[ \t]{1,4}/, ''));
          i++;
          continue;
        }
        break;
      }
      blocks.push({
        t: 'list',
        ordered,
        start: ordered ? Number.parseInt(item[2]!, 10) : 1,
        items: items.map((body) =>
          depth < 8 ? parseLines(body, depth + 1) : [{ t: 'p', inline: [body.join('\n')] }],
        ),
      });
      continue;
    }
    if (
      line.includes('|') &&
      i + 1 < lines.length &&
      TABLE_RULE.test(lines[i + 1]!) &&
      lines[i + 1]!.includes('-')
    ) {
      const head = splitRow(line);
      const align = splitRow(lines[i + 1]!).map((cell): Align => {
        const left = cell.startsWith(':');
        const right = cell.endsWith(':');
        return left && right ? 'center' : right ? 'end' : left ? 'start' : '';
      });
      i += 2;
      const rows: Inline[][][] = [];
      while (i < lines.length && !isBlank(lines[i]!) && lines[i]!.includes('|')) {
        const cells = splitRow(lines[i++]!);
        rows.push(head.map((_, c) => parseInline(cells[c] ?? '')));
      }
      blocks.push({
        t: 'table',
        align: head.map((_, c) => align[c] ?? ''),
        head: head.map(parseInline),
        rows,
      });
      continue;
    }
    const body: string[] = [line];
    i++;
    while (i < lines.length && !isBlank(lines[i]!) && !startsBlock(lines[i]!))
      body.push(lines[i++]!);
    blocks.push({ t: 'p', inline: parseInline(body.join('\n').trim()) });
  }
  return blocks;
}

const closers = new Map<string, RegExp>();
/** Whether `line` closes a fence opened with `fence` (its run of backticks or tildes). */
export function closesFence(fence: string, line: string): boolean {
  let closer = closers.get(fence);
  if (!closer) {
    closer = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
    if (closers.size < 64) closers.set(fence, closer);
  }
  return closer.test(line);
}

/**
 * A block that further lines may still extend ('pipe': a paragraph whose one line has a `|`, a
 * table's head if the next line is its rule).
 */
export type OpenBlock = 'para' | 'pipe' | 'table' | 'fence' | 'quote' | 'list';

/** What one complete line does at the top level of the text, as `parseBlocks` reads it. */
export interface LineStep {
  /** The block open before the line ended before it. */
  ends: boolean;
  /** The block the line begins, if any (a heading or a rule is whole on its line). */
  starts: OpenBlock | 'heading' | 'hr' | null;
  /** The line begins the open list's next item (the items before it can no longer change). */
  item?: boolean;
}

/**
 * The top level of `parseBlocks`, a line at a time: which block each complete line begins,
 * continues or ends, deciding from that line and the ones before only (the lines parseLines
 * looks ahead at, a table's rule and the line after a blank one in a list, are taken when they
 * come). After each line, `open` is the block further lines may extend, or null when the next
 * block, whatever it is, begins a new parse: the text before can be parsed once and for all.
 */
export class BlockScanner {
  open: OpenBlock | null = null;
  /** The open fence's run of backticks or tildes. */
  fence = '';
  private ordered = false;
  private indent = 0;
  /** In a list, the last line was blank: the list goes on only if this one is indented. */
  private blank = false;

  line(line: string): LineStep {
    switch (this.open) {
      case 'fence':
        if (closesFence(this.fence, line)) this.open = null;
        return { ends: false, starts: null };
      case 'pipe':
      case 'para':
        if (this.open === 'pipe' && TABLE_RULE.test(line) && line.includes('-')) {
          this.open = 'table';
          return { ends: false, starts: null };
        }
        // A paragraph (a 'pipe' one was not a table's head after all).
        this.open = 'para';
        if (!isBlank(line) && !startsBlock(line)) return { ends: false, starts: null };
        break;
      case 'table':
        if (!isBlank(line) && line.includes('|')) return { ends: false, starts: null };
        break;
      case 'quote':
        if (QUOTE.test(line)) return { ends: false, starts: null };
        break;
      case 'list': {
        const afterBlank = this.blank;
        this.blank = false;
        // A blank line was the list's only if an indented one follows it.
        if (afterBlank && !/^[ \t]{2,}\S/.test(line)) break;
        const item = ITEM.exec(line);
        const sameList =
          item && item[1]!.length <= this.indent + 1 && /\d/.test(item[2]!) === this.ordered;
        if (sameList) return { ends: false, starts: null, item: true };
        if (!isBlank(line) && (/^[ \t]{2,}/.test(line) || !startsBlock(line)))
          return { ends: false, starts: null };
        if (!isBlank(line)) break;
        this.blank = true;
        return { ends: false, starts: null };
      }
    }
    const ends = this.open !== null;
    this.open = null;
    return { ends, starts: this.start(line) };
  }

  /** The paragraph ends here (its next line will begin a block, whatever else comes). */
  endParagraph() {
    if (this.open === 'para' || this.open === 'pipe') this.open = null;
  }

  private start(line: string): LineStep['starts'] {
    if (isBlank(line)) return null;
    const fence = FENCE.exec(line);
    if (fence) {
      this.fence = fence[1]!;
      return (this.open = 'fence');
    }
    if (HEADING.test(line)) return 'heading';
    if (RULE.test(line)) return 'hr';
    if (QUOTE.test(line)) return (this.open = 'quote');
    const item = ITEM.exec(line);
    if (item) {
      this.ordered = /\d/.test(item[2]!);
      this.indent = item[1]!.length;
      this.blank = false;
      return (this.open = 'list');
    }
    return (this.open = line.includes('|') ? 'pipe' : 'para');
  }
}

/**
 * The offset up to which `text` (read from `from`, itself such an offset) can be parsed once
 * and for all: the start of the block still open after its last complete line, or the end of
 * that line when none is. Text appended later can never change the blocks before that offset,
 * so a stream parses them once and goes on from there (line breaks are `\n`).
 */
export function settledLength(text: string, from = 0): number {
  const scanner = new BlockScanner();
  let settled = from;
  let lineStart = from;
  for (;;) {
    const newline = text.indexOf('\n', lineStart);
    if (newline === -1) return settled;
    const step = scanner.line(text.slice(lineStart, newline));
    if (step.ends || step.starts) settled = lineStart;
    lineStart = newline + 1;
    if (!scanner.open) settled = lineStart;
  }
}
