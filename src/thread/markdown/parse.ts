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

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)[^`]*$/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+|$)(.*?)(?:[ \t]+#+[ \t]*)?$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?(.*)$/;
const ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])([ \t]+(.*)|$)/;
const TABLE_RULE = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

const isBlank = (line: string) => /^[ \t]*$/.test(line);
const startsBlock = (line: string) =>
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
      blocks.push({ t: 'h', level: heading[1]!.length, inline: parseInline(heading[2]!.trim()) });
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

const closesFence = (fence: string, line: string) =>
  new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`).test(line);

/**
 * The offset up to which `text` (read from `from`, itself such an offset)
 * can be parsed once and for all: the start of the last complete line that
 * follows a blank line outside a code fence and cannot continue the block
 * before it (not indented, not a list item). Text appended later can never
 * change the blocks before that offset, so a stream re-parses only the rest.
 */
export function settledLength(text: string, from = 0): number {
  let settled = from;
  let fence: string | null = null;
  let previousBlank = false;
  let lineStart = from;
  for (;;) {
    const newline = text.indexOf('\n', lineStart);
    if (newline === -1) return settled;
    const line = text.slice(lineStart, newline);
    if (fence) {
      if (closesFence(fence, line)) fence = null;
      previousBlank = false;
    } else if (isBlank(line)) {
      previousBlank = true;
    } else {
      if (previousBlank && !/^[ \t]/.test(line) && !ITEM.test(line)) settled = lineStart;
      fence = FENCE.exec(line)?.[1] ?? null;
      previousBlank = false;
    }
    lineStart = newline + 1;
  }
}
