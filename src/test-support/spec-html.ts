import { decodeEntities } from '../conversation/markdown/inline.js';

/*
 * Rendered markdown compared with the HTML the CommonMark and GFM specs expect. Both sides are
 * normalized the way the spec's own test suite does it (test/normalize.py: white space folded
 * outside <pre>, trimmed around block tags, attributes sorted, character references decoded).
 * Where answer-ui differs by design (src/thread/markdown/parse.ts), its DOM is written back as
 * the HTML the design replaces: raw HTML shown as text is spliced back as HTML, a heading's level
 * is its markdown level, an image shown as a link is an <img>. Link destinations other than
 * http(s), which answer-ui shows as text, are compared without their destination.
 */

/** The spec's examples in `spec.txt` (CommonMark's own extraction, test/spec_tests.py). */
export function specExamples(
  spec: string,
): { example: number; section: string; markdown: string; html: string }[] {
  const examples: { example: number; section: string; markdown: string; html: string }[] = [];
  let section = '';
  const text = spec.replace(/\r\n?/g, '\n').replace(/^<!-- END TESTS -->[\s\S]*/m, '');
  const pattern = /^`{32} example\n([\s\S]*?)^\.\n([\s\S]*?)^`{32}$|^#{1,6} *(.*)$/gm;
  for (const match of text.matchAll(pattern)) {
    if (match[3] !== undefined) {
      section = match[3];
      continue;
    }
    const tab = (s: string) => s.replace(/→/g, '\t');
    examples.push({
      example: examples.length + 1,
      section,
      markdown: tab(match[1]!),
      html: tab(match[2]!),
    });
  }
  return examples;
}

const BLOCK_TAGS = new Set(
  (
    'article header aside hgroup blockquote hr iframe body li map button object canvas ol ' +
    'caption output col p colgroup pre dd progress div section dl table td dt tbody embed ' +
    'textarea fieldset tfoot figcaption th figure thead footer tr form ul h1 h2 h3 h4 h5 h6 ' +
    'video script style'
  ).split(' '),
);

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const isWebUrl = (url: string) => /^https?:\/\//i.test(decodeEntities(url).trim());

/** An attribute in HTML source: its name, then its value in double, single or no quotes. */
const NAME = String.raw`[A-Za-z_:][-A-Za-z0-9_.:]*`;
const VALUE = String.raw`"[^"]*"|'[^']*'|[^\s"'=<>\x60]+`;
/** A comment, processing instruction, declaration or CDATA; an end tag (1); a start tag (2, 3). */
const TOKEN = new RegExp(
  String.raw`<!---?>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<![A-Za-z][^>]*>|<!\[CDATA\[[\s\S]*?\]\]>` +
    String.raw`|<\/([A-Za-z][A-Za-z0-9-]*)\s*>` +
    String.raw`|<([A-Za-z][A-Za-z0-9-]*)((?:\s+${NAME}(?:\s*=\s*(?:${VALUE}))?)*)\s*\/?>`,
  'g',
);
const ATTRIBUTE = /([A-Za-z_:][-A-Za-z0-9_.:]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** HTML as the spec's normalize.py writes it, with the destinations answer-ui shows as text left out. */
export function normalizeHtml(html: string): string {
  let out = '';
  let inPre = false;
  let last: 'start' | 'end' | 'data' | 'other' = 'other';
  let lastTag = '';
  const data = (raw: string) => {
    let text = decodeEntities(raw);
    const afterTag = last === 'start' || last === 'end';
    if (afterTag && lastTag === 'br') text = text.replace(/^\n+/, '');
    if (!inPre) text = text.replace(/\s+/g, ' ');
    if (afterTag && BLOCK_TAGS.has(lastTag) && !inPre)
      text = last === 'start' ? text.trimStart() : text.trim();
    out += escapeHtml(text);
    if (text) last = 'data';
  };
  let at = 0;
  for (const match of html.matchAll(TOKEN)) {
    if (match.index > at) data(html.slice(at, match.index));
    at = match.index + match[0].length;
    const [whole, end, start, attributes] = match;
    if (end) {
      const tag = end.toLowerCase();
      if (tag === 'pre') inPre = false;
      else if (BLOCK_TAGS.has(tag)) out = out.trimEnd();
      out += `</${tag}>`;
      [last, lastTag] = ['end', tag];
    } else if (start) {
      const tag = start.toLowerCase();
      if (tag === 'pre') inPre = true;
      if (BLOCK_TAGS.has(tag)) out = out.trimEnd();
      const attrs = new Map<string, string | undefined>();
      for (const [, name, ...values] of (attributes ?? '').matchAll(ATTRIBUTE)) {
        const value = values.find((v) => v !== undefined);
        attrs.set(name!.toLowerCase(), value === undefined ? undefined : decodeEntities(value));
      }
      // By design a destination other than http(s) is not a link, and an image's title is not shown.
      if (tag === 'a' && !isWebUrl(attrs.get('href') ?? '')) {
        attrs.delete('href');
        attrs.delete('title');
      }
      if (tag === 'img') {
        attrs.delete('title');
        if (!isWebUrl(attrs.get('src') ?? '')) attrs.delete('src');
      }
      out += `<${tag}`;
      for (const name of [...attrs.keys()].sort()) {
        const value = attrs.get(name);
        out += value === undefined ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`;
      }
      out += '>';
      [last, lastTag] = ['start', tag];
    } else {
      out += whole;
      last = 'other';
    }
  }
  if (at < html.length) data(html.slice(at));
  return out.trim();
}

/** GFM's disallowed raw HTML: these tags are written as text even by an HTML renderer. */
const FILTERED = /<(?=(?:title|textarea|style|xmp|iframe|noembed|noframes|script|plaintext)\b)/gi;

const ALIGN: Record<string, string> = {
  'align-start': 'left',
  'align-center': 'center',
  'align-end': 'right',
};

/**
 * The HTML an HTML renderer would write for what answer-ui rendered under `root`, normalized;
 * `tagfilter`: with GFM's disallowed raw HTML written as text.
 */
export function renderedHtml(root: Node, { tagfilter = false } = {}): string {
  filterTags = tagfilter;
  return normalizeHtml(writeChildren(root));
}

let filterTags = false;

function writeChildren(node: Node): string {
  let out = '';
  for (const child of node.childNodes) out += write(child);
  return out;
}

function attributesOf(el: Element, names: string[]): string {
  let out = '';
  for (const name of names) {
    const value = el.getAttribute(name);
    if (value !== null) out += ` ${name}="${escapeHtml(value)}"`;
  }
  return out;
}

function write(node: Node): string {
  if (node instanceof Text) return escapeHtml(node.data);
  if (!(node instanceof Element)) return '';
  const el = node;
  const tag = el.localName;
  const classes = el.classList;
  if (
    (tag === 'div' && (!el.className || classes.contains('table'))) ||
    classes.contains('piece') ||
    classes.contains('pieces')
  )
    return writeChildren(el);
  if (classes.contains('html'))
    return filterTags ? el.textContent!.replace(FILTERED, '&lt;') : el.textContent!;
  if (classes.contains('unsafe-link')) return `<a>${writeChildren(el)}</a>`;
  if (classes.contains('image')) {
    const label = /^\[Image: ([\s\S]*)\]$/.exec(el.textContent!)?.[1] ?? '';
    const alt = label === 'image' ? '' : label;
    const attributes = attributesOf(el, tag === 'a' ? ['href'] : []).replace(' href=', ' src=');
    return `<img${attributes} alt="${escapeHtml(alt)}" />`;
  }
  switch (tag) {
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6': {
      const level = Number(el.getAttribute('aria-level') ?? tag[1]) - 2;
      return `<h${level}>${writeChildren(el)}</h${level}>`;
    }
    case 'a':
      return `<a${attributesOf(el, ['href', 'title'])}>${writeChildren(el)}</a>`;
    case 'pre': {
      const lang = el.getAttribute('data-lang');
      const text = el.textContent!;
      const code = lang ? `<code class="language-${escapeHtml(lang)}">` : '<code>';
      return `<pre>${code}${escapeHtml(text ? text + '\n' : '')}</code></pre>`;
    }
    case 'th':
    case 'td': {
      const align = [...classes].map((c) => ALIGN[c]).find(Boolean);
      return `<${tag}${align ? ` align="${align}"` : ''}>${writeChildren(el)}</${tag}>`;
    }
    case 'tbody':
      return el.childElementCount ? `<tbody>${writeChildren(el)}</tbody>` : '';
    case 'br':
    case 'hr':
      return `<${tag} />`;
    case 'input':
      return `<input${attributesOf(el, ['checked', 'disabled', 'type'])} />`;
    case 'ol':
      return `<ol${attributesOf(el, ['start'])}>${writeChildren(el)}</ol>`;
    default:
      return `<${tag}>${writeChildren(el)}</${tag}>`;
  }
}
