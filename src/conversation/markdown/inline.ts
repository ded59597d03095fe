import { characterEntities } from 'character-entities';
import type { Token, Tokens } from 'marked';

/*
 * Inline markdown as answer-ui shows it: marked's inline tokens turned into a small tree that
 * render.ts makes DOM nodes of, text only ever as text. What differs from an HTML renderer of
 * the same tokens is answer-ui's design (parse.ts lists it with the reasons): raw HTML stays
 * text, only http(s) destinations are links, images are never fetched, `[N]` cites a source.
 */

export type Inline =
  | string
  | { t: 'code'; text: string }
  | { t: 'strong' | 'em' | 'del'; children: Inline[] }
  | { t: 'link'; href: string | null; title: string; children: Inline[] }
  | { t: 'image'; alt: string; href: string | null }
  | { t: 'cite'; n: number }
  | { t: 'html'; text: string }
  | { t: 'check'; checked: boolean }
  | { t: 'br' };

/** The first code unit of a character in two (a text cut after it would cut the character). */
export const isLeadSurrogate = (code: number) => code >= 0xd800 && code < 0xdc00;

/** A character reference as CommonMark reads one: a name, or up to 7 decimal or 6 hex digits. */
const REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{0,31}));/g;

/**
 * Character references decoded (marked leaves them for an HTML parser to read): names from the
 * HTML list, numbers as CommonMark reads them, where 0, a surrogate or a value past Unicode is
 * U+FFFD. Anything else that starts with `&` stays as it is.
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (whole, decimal?: string, hex?: string, name?: string) => {
    if (name) return Object.hasOwn(characterEntities, name) ? characterEntities[name]! : whole;
    const code = decimal ? Number.parseInt(decimal, 10) : Number.parseInt(hex!, 16);
    const invalid = code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff);
    return String.fromCodePoint(invalid ? 0xfffd : code);
  });
}

/**
 * A link's destination as the page may use it: only an absolute http(s) URL, percent-encoded as
 * CommonMark renderers write it (a `%XX` stays, anything else outside a URL's characters is
 * encoded, a backslash too); anything else (javascript:, data:, mailto:, relative) is null.
 */
export function safeUrl(raw: string): string | null {
  const url = decodeEntities(raw).trim();
  if (!/^https?:\/\/[^\s]/i.test(url)) return null;
  try {
    if (!['http:', 'https:'].includes(new URL(url).protocol)) return null;
    return url
      .split(/(%[0-9A-Fa-f]{2})/)
      .map((part, i) => (i % 2 ? part : encodeURI(part)))
      .join('');
  } catch {
    return null;
  }
}

/**
 * A `[N]` that is not a link (nor `[N][]`, a reference): it cites source N. One right after a
 * `]` cites only after another citation (`[2][3]`); after text in brackets it is a reference's
 * label (`[text][1]`), shown as text.
 */
const CITE = /\[([1-9]\d{0,2})\](?!\(|\[\])/g;

/** Strings with their `[N]`s as citations, but for a `[` at an offset in `escaped`. */
function cited(text: string, escaped: ReadonlySet<number>, out: Inline[]) {
  let at = 0;
  for (const match of text.matchAll(CITE)) {
    if (escaped.has(match.index)) continue;
    if (text[match.index - 1] === ']' && match.index !== at) continue;
    if (match.index > at) out.push(text.slice(at, match.index));
    out.push({ t: 'cite', n: Number(match[1]) });
    at = match.index + match[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
}

/**
 * Marked's inline tokens as inline nodes, adjacent texts joined, and their citations read
 * (`cites`), but inside a link: its text is the link's.
 */
export function inlineNodes(tokens: readonly Token[] | undefined, cites = true): Inline[] {
  const out: Inline[] = [];
  let text = '';
  const escaped = new Set<number>();
  const flush = () => {
    if (text && cites) cited(text, escaped, out);
    else if (text) out.push(text);
    text = '';
    escaped.clear();
  };
  for (const token of tokens ?? []) {
    // An escaped `[` (`\[1]`) starts no citation.
    if (token.type === 'escape') escaped.add(text.length);
    const node = inlineNode(token, cites);
    for (const each of Array.isArray(node) ? node : node === undefined ? [] : [node]) {
      if (typeof each === 'string') text += each;
      else {
        flush();
        // Raw HTML tags side by side show as one run of text: one element, however many tags.
        const last = out.at(-1);
        if (each.t === 'html' && typeof last === 'object' && last.t === 'html')
          out[out.length - 1] = { t: 'html', text: last.text + each.text };
        else out.push(each);
      }
    }
  }
  flush();
  return out;
}

function inlineNode(token: Token, cites: boolean): Inline | Inline[] | undefined {
  switch (token.type) {
    case 'text':
      // A text that holds inline tokens of its own (a tight list item's) is those.
      return 'tokens' in token && token.tokens
        ? inlineNodes(token.tokens, cites)
        : decodeEntities(token.text);
    case 'escape':
      return token.text;
    case 'codespan':
      // From its source: marked's text is escaped for HTML, which cannot be undone exactly.
      return { t: 'code', text: codeSpanText(token.raw) };
    case 'strong':
    case 'em':
    case 'del':
      return { t: token.type, children: inlineNodes(token.tokens, cites) };
    case 'br':
      return { t: 'br' };
    case 'link': {
      const link = token as Tokens.Link;
      return {
        t: 'link',
        href: safeUrl(link.href),
        title: decodeEntities(link.title ?? ''),
        children: inlineNodes(link.tokens, false),
      };
    }
    case 'image': {
      const image = token as Tokens.Image;
      return {
        t: 'image',
        alt: plainText(inlineNodes(image.tokens, false)),
        href: safeUrl(image.href),
      };
    }
    case 'html':
      return { t: 'html', text: token.text };
    case 'checkbox':
      return checkBox(token);
    default:
      return 'text' in token && typeof token.text === 'string' ? token.text : undefined;
  }
}

/**
 * A code span's text as CommonMark reads it: between its backtick runs, line breaks as spaces,
 * and one space each side stripped when both are there and it is not all spaces.
 */
function codeSpanText(raw: string): string {
  const run = /^`+/.exec(raw)![0].length;
  const text = raw.slice(run, raw.length - run).replace(/\n/g, ' ');
  return /^ [\s\S]* $/.test(text) && /[^ ]/.test(text) ? text.slice(1, -1) : text;
}

/** A task item's check box, and the space GFM renders after it. */
export function checkBox(token: Token): Inline[] {
  return [{ t: 'check', checked: Boolean((token as { checked?: boolean }).checked) }, ' '];
}

/** What inline nodes read as text: an image's alt text, a citation's `[N]`. */
export function plainText(nodes: readonly Inline[]): string {
  return nodes
    .map((node) => {
      if (typeof node === 'string') return node;
      switch (node.t) {
        case 'code':
        case 'html':
          return node.text;
        case 'image':
          return node.alt;
        case 'cite':
          return `[${node.n}]`;
        case 'br':
          return '\n';
        case 'check':
          return '';
        default:
          return plainText(node.children);
      }
    })
    .join('');
}
