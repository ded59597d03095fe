/*
 * Inline markdown: emphasis, code, links and autolinks, strikethrough, and
 * `[1]`-style citations. Delimiter searches look a bounded distance ahead,
 * so work per call stays linear in the input.
 */

export type Inline =
  | string
  | { t: 'code'; text: string }
  | { t: 'strong' | 'em' | 'del'; children: Inline[] }
  | { t: 'link'; href: string | null; children: Inline[] }
  | { t: 'image'; alt: string; href: string | null }
  | { t: 'cite'; n: number }
  | { t: 'br' };

/** How far ahead a closing delimiter is looked for. */
const LOOKAHEAD = 2_000;

/**
 * How far past the start of one step (a character, an escape, a code span, a link, an emphasis,
 * a run of citations) the parser reads to decide it: a link's label and then its destination,
 * each looked for within LOOKAHEAD. A step is also never longer than that. So text appended
 * more than this far after a step cannot change it, and a stream can parse the text before
 * such a point once and for all (`parseInlineFrom`).
 */
export const INLINE_REACH = 2 * LOOKAHEAD + 16;

/** The first code unit of a character in two (a text cut after it would cut the character). */
export const isLeadSurrogate = (code: number) => code >= 0xd800 && code < 0xdc00;

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

/**
 * A run of `[N]`s that is not a link's `[text](url)` nor a reference's `[text][label]` or
 * `[label][]`. At most 64 in a row (a longer run stays text), so one step stays short.
 */
const CITES = /(?:\[[1-9]\d{0,2}\]){1,64}(?![[(])/y;

/** Where something other than plain text may begin: the characters below treat, and a URL. */
const SPECIAL = /[\\\n`![<*_~]|https?:\/\//gi;

const ESCAPABLE = /[\\`*_{}[\]()#+\-.!|~<>"']/;
const WORD = /[\p{L}\p{N}]/u;

export function parseInline(src: string): Inline[] {
  return parseInlineFrom(src, 0).nodes;
}

/**
 * Parses `src` from `start` as `parseInline` parses the whole of it there: `src[start - 1]`, if
 * any, is read as the character before (the end of text parsed earlier), so the result is what
 * the whole text's parse has from `start` on, when that parse has a step starting at `start`.
 *
 * With `cutBefore` ≥ 0 it also finds `cut`: the last position after `start`, at most
 * `cutBefore`, where a step starts and that follows a character other than a space (a line
 * break's trailing spaces are dropped from the text before it, so a cut never falls among
 * them), and `head`, the nodes before it. Text appended more than INLINE_REACH after `cut`
 * cannot change `head` nor where the steps start, so a stream can keep `head` for good and
 * parse again only from `cut` (cut is -1 when there is none).
 */
export function parseInlineFrom(
  src: string,
  start: number,
  cutBefore = -1,
): { nodes: Inline[]; cut: number; head: Inline[] } {
  const out: Inline[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push(text);
    text = '';
  };
  let cut = -1;
  let cutNodes = 0;
  let cutText = '';
  let i = start;
  while (i < src.length) {
    // Plain text up to the next character that may begin something else, in one go.
    SPECIAL.lastIndex = i;
    const next = SPECIAL.exec(src)?.index ?? src.length;
    if (next > i) {
      // Each character of the run is a step of its own: the last one that can be a cut.
      let at = Math.min(next - 1, cutBefore);
      while (at > start && at >= i && src[at - 1] === ' ') at--;
      if (at > start && at >= i) {
        cut = at;
        cutNodes = out.length;
        cutText = text + src.slice(i, at);
      }
      text += src.slice(i, next);
      i = next;
      continue;
    }
    if (i <= cutBefore && i > start && src[i - 1] !== ' ') {
      cut = i;
      cutNodes = out.length;
      cutText = text;
    }
    const c = src[i]!;
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
      // A run counts at most LOOKAHEAD backticks: a longer one could not close within reach.
      let run = 1;
      while (src[i + run] === '`' && run < LOOKAHEAD) run++;
      const fence = '`'.repeat(run);
      // The closing run must start within LOOKAHEAD of the opening one: search no further.
      const end = src.slice(0, i + LOOKAHEAD - 1 + run).indexOf(fence, i + run);
      if (end !== -1) {
        flush();
        const code = src.slice(i + run, end).replace(/\n/g, ' ');
        out.push({
          t: 'code',
          text:
            code.length > 2 && code.startsWith(' ') && code.endsWith(' ')
              ? code.slice(1, -1)
              : code,
        });
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
      CITES.lastIndex = i;
      const cites = src[i - 1] !== ']' && CITES.exec(src)?.[0];
      // `[1]: url` at the start of a line defines a reference.
      if (cites && !(src[i + cites.length] === ':' && (src[i - 1] ?? '\n') === '\n')) {
        flush();
        for (const n of cites.slice(1, -1).split('][')) out.push({ t: 'cite', n: +n });
        i += cites.length;
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
    if (
      (c === 'h' || c === 'H') &&
      !WORD.test(src[i - 1] ?? ' ') &&
      /^https?:\/\//i.test(src.slice(i, i + 8))
    ) {
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
  const head = cut === -1 ? [] : out.slice(0, cutNodes);
  if (cutText) head.push(cutText);
  return { nodes: out, cut, head };
}

function findClosing(src: string, from: number, delimiter: string): number {
  const limit = Math.min(src.length, from + LOOKAHEAD);
  // Search no further than a closing delimiter may start.
  const within = src.slice(0, limit - 1 + delimiter.length);
  let at = within.indexOf(delimiter, from);
  while (at !== -1 && at < limit) {
    const before = src[at - 1]!;
    const after = src[at + delimiter.length];
    const single = delimiter.length === 1;
    // A closing delimiter follows text, and a single one is not half of a double.
    const ok =
      !/\s/.test(before) &&
      !(single && (after === delimiter || before === delimiter)) &&
      (delimiter[0] !== '_' || !WORD.test(after ?? ' '));
    if (ok && at > from) return at;
    at = within.indexOf(delimiter, at + 1);
  }
  return -1;
}

/** `[label](url "title")` starting at `start` (the `[`). */
function parseLinkAt(
  src: string,
  start: number,
): { label: string; url: string; end: number } | null {
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
      const match = /^\(\s*<?([^\s()<>]*)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/.exec(
        src.slice(i + 1, i + 1 + LOOKAHEAD),
      );
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
      if (node.t === 'cite') return `[${node.n}]`;
      return plainText(node.children);
    })
    .join('');
}
