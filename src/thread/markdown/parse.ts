/*
 * A small markdown parser for assistant text: CommonMark's everyday subset
 * plus GFM tables, strikethrough and autolinks. It produces a tree that
 * render.ts turns into Lit templates, so no text ever reaches an HTML
 * parser. Raw HTML is kept as literal text. Work per call is linear in the
 * input (delimiter searches look a bounded distance ahead), so a hostile
 * model cannot make one delta expensive.
 */

export type Inline =
  | string
  | { t: 'code'; text: string }
  | { t: 'strong' | 'em' | 'del'; children: Inline[] }
  | { t: 'link'; href: string | null; children: Inline[] }
  | { t: 'image'; alt: string; href: string | null }
  | { t: 'br' };

export type Align = 'start' | 'center' | 'end' | '';

export type MdBlock =
  | { t: 'p'; inline: Inline[] }
  | { t: 'h'; level: number; inline: Inline[] }
  | { t: 'code'; lang: string; text: string }
  | { t: 'quote'; blocks: MdBlock[] }
  | { t: 'list'; ordered: boolean; start: number; items: MdBlock[][] }
  | { t: 'table'; align: Align[]; head: Inline[][]; rows: Inline[][][] }
  | { t: 'hr' };

/** How far ahead a closing delimiter is looked for. */
const LOOKAHEAD = 2_000;

/** Only absolute http(s) URLs survive; anything else (javascript:, data:, relative) is dropped. */
export function safeUrl(raw: string): string | null {
  const trimmed = raw.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const ESCAPABLE = /[\\`*_{}[\]()#+\-.!|~<>"']/;
const WORD = /[\p{L}\p{N}]/u;

export function parseInline(src: string): Inline[] {
  const out: Inline[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push(text);
    text = '';
  };
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    const rest = (n: number) => src.slice(i, i + n);
    if (c === '\\' && i + 1 < src.length) {
      if (src[i + 1] === '\n') {
        flush();
        out.push({ t: 'br' });
        i += 2;
        continue;
      }
      if (ESCAPABLE.test(src[i + 1]!)) {
        text += src[i + 1];
        i += 2;
        continue;
      }
    }
    if (c === '\n') {
      if (text.endsWith('  ')) {
        text = text.replace(/ +$/, '');
        flush();
        out.push({ t: 'br' });
      } else text += '\n';
      i++;
      continue;
    }
    if (c === '`') {
      let run = 1;
      while (src[i + run] === '`') run++;
      const fence = '`'.repeat(run);
      const end = src.indexOf(fence, i + run);
      if (end !== -1 && end - i < LOOKAHEAD) {
        flush();
        const code = src.slice(i + run, end).replace(/\n/g, ' ');
        out.push({ t: 'code', text: code.length > 2 && code.startsWith(' ') && code.endsWith(' ') ? code.slice(1, -1) : code });
        i = end + run;
        continue;
      }
      text += fence;
      i += run;
      continue;
    }
    if (c === '!' && src[i + 1] === '[') {
      const link = parseLinkAt(src, i + 1);
      if (link) {
        flush();
        out.push({ t: 'image', alt: plainText(parseInline(link.label)), href: safeUrl(link.url) });
        i = link.end;
        continue;
      }
    }
    if (c === '[') {
      const link = parseLinkAt(src, i);
      if (link) {
        flush();
        out.push({ t: 'link', href: safeUrl(link.url), children: parseInline(link.label) });
        i = link.end;
        continue;
      }
    }
    if (c === '<') {
      const match = /^<(https?:\/\/[^\s<>]+)>/i.exec(src.slice(i, i + LOOKAHEAD));
      if (match) {
        flush();
        out.push({ t: 'link', href: safeUrl(match[1]!), children: [match[1]!] });
        i += match[0].length;
        continue;
      }
    }
    if ((c === 'h' || c === 'H') && !WORD.test(src[i - 1] ?? ' ') && /^https?:\/\//i.test(rest(8))) {
      const match = /^https?:\/\/[^\s<>]*[^\s<>.,;:!?'")\]]/i.exec(src.slice(i, i + LOOKAHEAD));
      if (match) {
        flush();
        out.push({ t: 'link', href: safeUrl(match[0]), children: [match[0]] });
        i += match[0].length;
        continue;
      }
    }
    if ((c === '*' || c === '_' || c === '~') && (c !== '_' || !WORD.test(src[i - 1] ?? ' '))) {
      const double = src[i + 1] === c;
      if (c === '~' && !double) {
        text += c;
        i++;
        continue;
      }
      const delimiter = double ? c + c : c;
      const open = i + delimiter.length;
      if (src[open] && !/\s/.test(src[open]!)) {
        const close = findClosing(src, open, delimiter);
        if (close !== -1) {
          flush();
          const kind = c === '~' ? 'del' : double ? 'strong' : 'em';
          out.push({ t: kind, children: parseInline(src.slice(open, close)) });
          i = close + delimiter.length;
          continue;
        }
      }
      text += delimiter;
      i += delimiter.length;
      continue;
    }
    text += c;
    i++;
  }
  flush();
  return out;
}

function findClosing(src: string, from: number, delimiter: string): number {
  const limit = Math.min(src.length, from + LOOKAHEAD);
  let at = src.indexOf(delimiter, from);
  while (at !== -1 && at < limit) {
    const before = src[at - 1]!;
    const after = src[at + delimiter.length];
    const single = delimiter.length === 1;
    // A closing delimiter follows text, and a single one is not half of a double.
    const ok = !/\s/.test(before) && !(single && (after === delimiter || before === delimiter)) && (delimiter[0] !== '_' || !WORD.test(after ?? ' '));
    if (ok && at > from) return at;
    at = src.indexOf(delimiter, at + 1);
  }
  return -1;
}

/** `[label](url "title")` starting at `start` (the `[`). */
function parseLinkAt(src: string, start: number): { label: string; url: string; end: number } | null {
  let depth = 0;
  const limit = Math.min(src.length, start + LOOKAHEAD);
  for (let i = start; i < limit; i++) {
    const c = src[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '[') depth++;
    else if (c === ']' && --depth === 0) {
      if (src[i + 1] !== '(') return null;
      const match = /^\(\s*<?([^\s()<>]*)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/.exec(src.slice(i + 1, i + 1 + LOOKAHEAD));
      if (!match) return null;
      return { label: src.slice(start + 1, i), url: match[1]!, end: i + 1 + match[0].length };
    }
  }
  return null;
}

export function plainText(inline: Inline[]): string {
  return inline
    .map((node) => {
      if (typeof node === 'string') return node;
      if (node.t === 'code') return node.text;
      if (node.t === 'br') return '\n';
      if (node.t === 'image') return node.alt;
      return plainText(node.children);
    })
    .join('');
}

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)[^`]*$/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+|$)(.*?)(?:[ \t]+#+[ \t]*)?$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?(.*)$/;
const ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])([ \t]+(.*)|$)/;
const TABLE_RULE = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

const isBlank = (line: string) => /^[ \t]*$/.test(line);
const startsBlock = (line: string) => FENCE.test(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line) || ITEM.test(line);

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
      blocks.push({ t: 'quote', blocks: depth < 8 ? parseLines(body, depth + 1) : [{ t: 'p', inline: [body.join('\n')] }] });
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
        const blankThenIndented = isBlank(next) && i + 1 < lines.length && /^[ \t]{2,}\S/.test(lines[i + 1]!);
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
        items: items.map((body) => (depth < 8 ? parseLines(body, depth + 1) : [{ t: 'p', inline: [body.join('\n')] }])),
      });
      continue;
    }
    if (line.includes('|') && i + 1 < lines.length && TABLE_RULE.test(lines[i + 1]!) && lines[i + 1]!.includes('-')) {
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
      blocks.push({ t: 'table', align: head.map((_, c) => align[c] ?? ''), head: head.map(parseInline), rows });
      continue;
    }
    const body: string[] = [line];
    i++;
    while (i < lines.length && !isBlank(lines[i]!) && !startsBlock(lines[i]!)) body.push(lines[i++]!);
    blocks.push({ t: 'p', inline: parseInline(body.join('\n').trim()) });
  }
  return blocks;
}

const closesFence = (fence: string, line: string) => new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`).test(line);

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
