import { Lexer, Tokenizer, type MarkedOptions, type Token, type Tokens } from 'marked';
import { checkBox, decodeEntities, inlineNodes, type Inline } from './inline.js';

export type { Inline } from './inline.js';

/*
 * Markdown as answer-ui reads it: CommonMark 0.31.2 and the GitHub extensions (tables, task
 * lists, strikethrough, extended autolinks), lexed by marked and turned into a small tree that
 * render.ts makes DOM nodes of. No text ever reaches an HTML parser.
 *
 * Where answer-ui differs from an HTML renderer by design, and why:
 * - Raw HTML (a block or inline) is shown as the text it is: a model's HTML is never markup on
 *   the reader's page (it could hide text, fake a control or load what the reader did not ask
 *   for).
 * - Only absolute http(s) destinations are links, opening in a new tab with no opener; any other
 *   (javascript:, data:, mailto:, a path relative to the page) shows as its text: a model's link
 *   must not run code nor lead somewhere inside the host's site.
 * - Images are never loaded: the reader sees the alt text as a link to the image (a model's
 *   image URL could track the reader or show what the answer does not say).
 * - Headings start at level 3 (`#` is an h3): the page owns h1 and h2. Levels past 6 are h6
 *   with their level for assistive technology.
 * - GFM's extended autolinks are on (`www.` and bare URLs become links), so the four CommonMark
 *   examples that expect such text to stay text (602, 608, 611 and 612) read differently.
 * - A task list's check boxes are shown read-only (as GFM renders them: disabled).
 * - `[N]` (N from 1 to 999, not a link) cites the answer's source N (see render.ts).
 * - A paragraph longer than a few thousand characters is read in parts (stream.ts), cut in
 *   plain text where it can be: a link or emphasis that still spans a cut reads as text, the
 *   same while it streams and after a reload.
 * - Lists and quotes nest at most 24 markers deep on a line, or 64 columns (see `shallow`);
 *   emphasis, strikethrough and links 16 levels (`MAX_INLINE_DEPTH`).
 * - A list item, quote, table row, HTML or indented code block with a line longer than 64 KB
 *   shows that much of it while it streams, and all of it once the answer is complete: reading
 *   it whole again at every delta would cost in proportion to it (stream.ts, `WINDOW`).
 * - A line of Unicode spaces only (no-break, ideographic) is a blank line, as the ASCII spaces
 *   it looks like are (CommonMark continues a paragraph with it); see `UNICODE_BLANK_LINE`.
 */

export type Align = 'start' | 'center' | 'end' | '';

export type MdBlock =
  | { t: 'p'; inline: Inline[] }
  /** A paragraph of a tight list item: its text without a paragraph around it. */
  | { t: 'text'; inline: Inline[] }
  | { t: 'h'; level: number; inline: Inline[] }
  | { t: 'code'; lang: string; text: string }
  | { t: 'quote'; blocks: MdBlock[] }
  | { t: 'list'; ordered: boolean; start: number; loose: boolean; items: MdBlock[][] }
  | { t: 'table'; align: Align[]; head: Inline[][]; rows: Inline[][][] }
  /** Raw HTML, shown as its text. */
  | { t: 'html'; text: string }
  | { t: 'hr' };

/** Link reference definitions by label, as marked keeps them. */
export type Definitions = Record<string, { href: string; title: string }>;

/*
 * JavaScriptCore (Safari, WebKitGTK) runs many of marked's rules as if they were not anchored: a
 * rule that cannot match at the start of the text is tried again at every later position, so
 * each block or inline step scans the rest of the text. Lexing a 4 KB paragraph took 20 ms there
 * against 3 ms in V8, a deep list a second and nested images ten. So each such rule is tried
 * only where a cheap test of how its matches begin passes, and the link rules (tried at every
 * `[`) are sticky, tried at the start alone (sticky everywhere is slower in JavaScriptCore:
 * it runs some rules without compiling them). The rules still decide: what marked reads is the
 * same in every engine.
 */
const STARTS: Partial<Record<keyof Tokenizer, RegExp>> = {
  code: /^(?: {4}| {0,3}\t)/,
  fences: /^ {0,3}(?:`{3}|~{3})/,
  heading: /^ {0,3}#/,
  hr: /^ {0,3}[-_*]/,
  blockquote: /^ {0,3}>/,
  list: /^ {0,3}(?:[*+-]|\d{1,9}[.)])/,
  html: /^ {0,3}</,
  def: /^ {0,3}\[/,
  // A table's head line, then its delimiter row.
  table: /^ *[^\n ][^\n]*\n {0,3}[|:-]/,
  // An extended autolink: a URL, `www.` or an email address.
  url: /^(?:mailto:|xmpp:|(?:[hH][tT][tT][pP][sS]?|[fF][tT][pP]):\/\/|www\.|[A-Za-z0-9._+-]+@)/,
};
/**
 * A setext heading's rule reads its text up to an underline: the first line after the first that
 * is an underline (group 1), or that no setext heading's text can reach past (blank, or the
 * start of a heading, quote, fence, list item, thematic break or HTML block that ends by itself).
 */
const SETEXT_OR_STOP = new RegExp(
  [
    String.raw`\n(?:( {0,3}(?:=+|-+)[ \t]*(?:\n|$))|[ \t]*\n`,
    String.raw`| {0,3}(?:#{1,6}(?:\s|$)|>|\`{3,}|~{3,}|(?:[*+-]|\d{1,9}[.)]) `,
    String.raw`|(?:(?:-[\t ]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})(?:\n|$)`,
    String.raw`|<(?:!--|\?|![A-Za-z]|!\[CDATA\[|(?:script|pre|style|textarea)(?:[\s>]|$))))`,
  ].join(''),
);
/** A line of spaces and tabs with a tab among them, and the line break before it. */
const TAB_BLANK_LINE = /\n[ \t]*\t[ \t]*\n/;
/** Spaces from `lastIndex` on up to the line's last Unicode one (not a space or a tab). */
const LINE_END_SPACES = /[^\S\n\u2028\u2029]*[^\S \t\n\u2028\u2029]/y;
/** The inline rules made sticky. */
const STICKY = ['link', 'reflink', 'nolink'] as const;

/** A rule tried only where the text starts (its `lastIndex` reset at each use). */
class AtStart extends RegExp {
  constructor(rule: RegExp) {
    super(rule, rule.flags.includes('y') ? rule.flags : rule.flags + 'y');
  }

  override exec(text: string) {
    this.lastIndex = 0;
    return super.exec(text);
  }
}

type Rules = Tokenizer['rules'];
let rulesWithSticky: Rules | undefined;

/** Marked's rules for GFM, as the tokenizer is given them, with the STICKY ones sticky. */
function withSticky(rules: Rules): Rules {
  if (!rulesWithSticky) {
    const inline = { ...rules.inline };
    for (const name of STICKY) inline[name] = new AtStart(inline[name]);
    rulesWithSticky = { ...rules, inline };
  }
  return rulesWithSticky;
}

/**
 * How deep emphasis, strikethrough and links nest: each level is read by reading its text again,
 * so text nested thousands deep (a few kilobytes) takes seconds before it overflows the stack.
 * No answer nests them past a few levels; the markers past this depth are read as text.
 */
const MAX_INLINE_DEPTH = 16;

class AnswerTokenizer extends Tokenizer {
  private depth = 0;

  override lheading(src: string) {
    return SETEXT_OR_STOP.exec(src)?.[1] ? super.lheading(src) : undefined;
  }

  /**
   * A table ends at a blank line (GFM), one with a tab too. Marked's rows stop only at a line of
   * spaces, and a table whose only row is blank it reads as one without rows: the same lines
   * read whole and a line at a time differed.
   */
  override table(src: string) {
    const table = super.table(src);
    // Its source, with the line break after it (marked leaves that to the next token).
    const blank = table && TAB_BLANK_LINE.exec(src.slice(0, table.raw.length + 1));
    return blank ? super.table(src.slice(0, blank.index + 1)) : table;
  }

  /**
   * Marked ends a list with String.trimEnd(), which takes no-break and other Unicode spaces too:
   * those at the end of its last line are its text, and left out they would be read again as a
   * paragraph of their own. The list keeps them (only spaces and tabs after them are left).
   */
  override list(src: string) {
    const list = super.list(src);
    const last = list?.items.at(-1);
    if (!list || !last) return list;
    LINE_END_SPACES.lastIndex = list.raw.length;
    const after = LINE_END_SPACES.exec(src);
    if (!after) return list;
    for (const token of [list, last]) token.raw += after[0];
    last.text += after[0];
    return list;
  }

  override emStrong(src: string, masked: string, before?: string) {
    return this.nested(() => super.emStrong(src, masked, before));
  }

  override del(src: string, masked: string, before?: string) {
    return this.nested(() => super.del(src, masked, before));
  }

  override link(src: string) {
    return this.nested(() => super.link(src));
  }

  override reflink(src: string, links: Parameters<Tokenizer['reflink']>[1]) {
    return this.nested(() => super.reflink(src, links));
  }

  private nested<T>(read: () => T): T | undefined {
    if (this.depth >= MAX_INLINE_DEPTH) return undefined;
    this.depth++;
    try {
      return read();
    } finally {
      this.depth--;
    }
  }
}

for (const [rule, start] of Object.entries(STARTS)) {
  const read = AnswerTokenizer.prototype[rule as keyof Tokenizer] as (src: string) => unknown;
  Object.assign(AnswerTokenizer.prototype, {
    [rule](this: Tokenizer, src: string) {
      return start.test(src) ? read.call(this, src) : undefined;
    },
  });
}

/** The one tokenizer: each lexer made with OPTIONS uses it (lexing is never nested). */
const tokenizer = new AnswerTokenizer();
const OPTIONS: MarkedOptions = { gfm: true, breaks: false, pedantic: false, tokenizer };

/**
 * Marked's tokens of `src` (line breaks `\n`). `known` holds the definitions from before it
 * (its prototype too); those `src` makes are added to it, a label's first definition winning.
 */
export function lex(
  src: string,
  known: Definitions = Object.create(null) as Definitions,
): { tokens: Token[]; defs: Definitions } {
  const lexer = lexerWith(known);
  const tokens = deepest(() => lexer.lex(shallow(src)), src);
  // Each block's source as it came (a fence's code is read from it).
  let at = 0;
  for (const token of tokens) token.raw = src.slice(at, (at += token.raw.length));
  return { tokens, defs: known };
}

/** Marked's inline tokens of `src`, with the definitions known (see `lex`). */
export function inlineLex(src: string, known: Definitions): Token[] {
  const lexer = lexerWith(known);
  return deepest(() => lexer.inlineTokens(src), src);
}

/** A lexer with the definitions `known`. */
function lexerWith(known: Definitions): Lexer {
  const lexer = new Lexer(OPTIONS);
  // The lexer has just given the tokenizer marked's own rules.
  tokenizer.rules = withSticky(tokenizer.rules);
  lexer.tokens.links = known;
  return lexer;
}

/*
 * How deep markdown nests. Marked reads a list or a quote inside another by reading its text
 * again, and emphasis inside emphasis by recursion: text nested a thousand levels deep (a few
 * kilobytes a model could write) takes seconds or overflows the stack. No answer nests lists
 * and quotes 24 deep on one line, nor indents a list item or quote past 64 columns, so a line
 * past either is read as text from there: the space before its 25th marker, or its indent past
 * 64 columns, becomes a no-break space (the same length: the text's offsets, and the top-level
 * blocks' source, stay). Text nested past the stack itself is shown as the text it is.
 */
const MAX_MARKERS = 24;
const MAX_INDENT = 64;
const NBSP = '\u00a0';
/** A line with more than MAX_MARKERS quote and list markers: the first ones, then the next. */
const DEEP_MARKERS = new RegExp(
  String.raw`^((?:[ \t]*(?:>|[-+*](?=[ \t])|\d{1,9}[.)](?=[ \t]))){${MAX_MARKERS}})([ \t]*)([>\-+*\d])`,
  'gm',
);
const LOOK_ALIKE: Record<string, string> = {
  '>': '\u203a',
  '-': '\u2010',
  '+': '\uff0b',
  '*': '\u2217',
};
/** The indent of a line with a quote or list marker, when long enough to be past MAX_INDENT. */
const DEEP_INDENT = new RegExp(
  String.raw`^[ \t]{${Math.ceil((MAX_INDENT + 1) / 4)},}(?=[>\-+*]|\d{1,9}[.)])`,
  'gm',
);

/*
 * A line of Unicode spaces only (a no-break or an ideographic space among them) shows nothing.
 * Marked reads it as a paragraph where one may start, but as a blank line inside a list item
 * (its test there is String.trim()), so a list read whole and read line by line would differ.
 * Such a line is read as blank everywhere: its spaces become ASCII ones, the same length.
 */
const UNICODE_BLANK_LINE = /(?<![^\n])[ \t]*[^\S \t\n\u2028\u2029][^\S\n\u2028\u2029]*(?![^\n])/g;

/** `src` with lines nested past the limits above read as text from there, blank ones as blank. */
function shallow(src: string): string {
  return src
    .replace(UNICODE_BLANK_LINE, (line) => ' '.repeat(line.length))
    .replace(DEEP_MARKERS, (_, markers: string, space: string, next: string) =>
      space
        ? markers + space.slice(0, -1) + NBSP + next
        : // No space before it (`>>`, `>-`): the marker itself turns into a look-alike.
          markers + (LOOK_ALIKE[next] ?? next),
    )
    .replace(DEEP_INDENT, (indent) => {
      let columns = 0;
      let i = 0;
      for (; i < indent.length && columns <= MAX_INDENT; i++)
        columns += indent[i] === '\t' ? 4 - (columns % 4) : 1;
      if (columns <= MAX_INDENT) return indent;
      return indent.slice(0, i - 1) + NBSP.repeat(indent.length - i + 1);
    });
}

/** `read()`, or when text nests deeper than the stack goes, `src` as a paragraph of text. */
function deepest(read: () => Token[], src: string): Token[] {
  try {
    return read();
  } catch (error) {
    // The stack ran out: a RangeError in Chromium and WebKit, an InternalError in Firefox.
    if (!(error instanceof RangeError) && (error as Error)?.name !== 'InternalError') throw error;
    const text = { type: 'text', raw: src, text: src, escaped: true } as Tokens.Text;
    return [{ type: 'paragraph', raw: src, text: src, tokens: [text] }];
  }
}

/** The blocks of a whole text (line breaks in any form). */
export function parseBlocks(src: string): MdBlock[] {
  return blocksOf(lex(src.replace(/\r\n?/g, '\n')).tokens);
}

const ALIGN: Record<string, Align> = { left: 'start', center: 'center', right: 'end' };

/** Marked's block tokens as blocks (spaces and definitions show as nothing). */
export function blocksOf(tokens: readonly Token[], tight = false): MdBlock[] {
  const blocks: MdBlock[] = [];
  let check: Inline[] = [];
  for (const token of tokens) {
    const block = blockOf(token, tight);
    if (token.type === 'checkbox') {
      // A tight task item's check box is a token of its own: it goes before the item's text.
      check = checkBox(token);
      continue;
    }
    if (!block) continue;
    if (check.length && (block.t === 'text' || block.t === 'p')) {
      block.inline = [...check, ...block.inline];
      check = [];
    }
    blocks.push(block);
  }
  if (check.length) blocks.unshift({ t: 'text', inline: check });
  return blocks;
}

function blockOf(token: Token, tight: boolean): MdBlock | undefined {
  switch (token.type) {
    case 'paragraph':
      return { t: tight ? 'text' : 'p', inline: inlineNodes(token.tokens) };
    case 'text':
      // A list item's text: a paragraph once the list is loose.
      return { t: tight ? 'text' : 'p', inline: inlineNodes(token.tokens ?? [token]) };
    case 'heading':
      return { t: 'h', level: (token as Tokens.Heading).depth, inline: inlineNodes(token.tokens) };
    case 'code': {
      const code = token as Tokens.Code;
      return {
        t: 'code',
        lang: codeLang(code.lang),
        // A fenced block's lines from its source, as stream.ts reads them a line at a time; an
        // indented block's last line break is not shown.
        text:
          code.codeBlockStyle === 'indented' ? code.text.replace(/\n$/, '') : fencedText(code.raw),
      };
    }
    case 'blockquote':
      return { t: 'quote', blocks: blocksOf((token as Tokens.Blockquote).tokens) };
    case 'list': {
      const list = token as Tokens.List;
      return {
        t: 'list',
        ordered: list.ordered,
        start: list.ordered ? Number(list.start) : 1,
        loose: list.loose,
        items: list.items.map((item) => blocksOf(item.tokens, !list.loose)),
      };
    }
    case 'table': {
      const table = token as Tokens.Table;
      return {
        t: 'table',
        align: table.align.map((align) => (align ? ALIGN[align]! : '')),
        head: table.header.map((cell) => inlineNodes(cell.tokens)),
        rows: table.rows.map((row) => row.map((cell) => inlineNodes(cell.tokens))),
      };
    }
    case 'hr':
      return { t: 'hr' };
    case 'html':
      // Its lines, without the line break that ends the last.
      return { t: 'html', text: token.text.replace(/\n$/, '') };
    default:
      return undefined;
  }
}

/** A fenced code block's language: the first word of its info string. */
export const codeLang = (info: string | undefined) => decodeEntities(info ?? '').match(/^\S*/)![0];

/** The opening line of a fenced code block: its indent and its run of backticks or tildes. */
export const FENCE_OPEN = /^( {0,3})(`{3,}|~{3,})/;
const FENCE_CLOSE = /^ {0,3}(`+|~+)[ \t]*$/;

/** Whether `line` closes a fence opened with `marker`. */
export function closesFence(marker: string, line: string): boolean {
  const run = FENCE_CLOSE.exec(line)?.[1];
  return !!run && run[0] === marker[0] && run.length >= marker.length;
}

/** A line of a fenced block's code: without up to `indent` spaces, the indent of its fence. */
export function fencedLine(line: string, indent: number): string {
  let i = 0;
  while (i < indent && line[i] === ' ') i++;
  return line.slice(i);
}

/** A fenced code block's code, from its source: its lines between the fences. */
function fencedText(raw: string): string {
  const lines = raw.replace(/\n$/, '').split('\n');
  const [, indent, marker] = FENCE_OPEN.exec(lines[0]!) ?? ['', '', '```'];
  const body = lines.slice(1);
  if (body.length && closesFence(marker!, body.at(-1)!)) body.pop();
  return body.map((line) => fencedLine(line, indent!.length)).join('\n');
}
