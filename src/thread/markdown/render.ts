import { msg, str } from '@lit/localize';
import { html, nothing, type TemplateResult } from 'lit';
import type { Inline, MdBlock } from '../../conversation/markdown/parse.js';

/*
 * Markdown tree → Lit templates for blocks, DOM nodes for their inline
 * content. Text only ever lands in text bindings and text nodes, never
 * parsed as HTML; links are http(s) only and open in a new tab without an opener; images
 * are never fetched: the reader sees the alt text and, if the URL is safe,
 * a link to it. A citation `[N]` links to source N when the answer has N
 * sources or more (`cites`), and stays text otherwise and inside a link.
 *
 * Paragraphs and list items take their direction from their text
 * (`dir="auto"`), set by `autoDirection` once their content is in: Chromium
 * works out an auto direction again at each node added inside such an
 * element, which makes building a long paragraph under it quadratic.
 */

const align = (value: string) => (value ? `align-${value}` : '');

/**
 * Inline nodes as the DOM nodes they show as (new ones at each call); a `[N]` up to `cites`
 * links to source N. Built element by element rather than from templates: a streaming
 * paragraph renders thousands of them a second, and a template's render also makes parts,
 * marker comments and a copy without them. In a 2 MB paragraph that garbage was half of what
 * lived long enough for a full collection, whose pauses made frames over 50 ms. Text only ever
 * goes in as text nodes.
 */
export function inlineDom(nodes: Inline[], cites: number): (Element | Text)[] {
  const out: (Element | Text)[] = [];
  for (const node of nodes) {
    const dom = typeof node === 'string' ? node : inlineElement(node, cites);
    const last = out.at(-1);
    // Adjacent texts are one text node, as the parser would have joined them.
    if (typeof dom !== 'string') out.push(dom);
    else if (last instanceof Text) last.appendData(dom);
    else out.push(document.createTextNode(dom));
  }
  return out;
}

function inlineElement(node: Exclude<Inline, string>, cites: number): Element | string {
  switch (node.t) {
    case 'code':
      return element('code', {}, [node.text]);
    case 'strong':
    case 'em':
    case 'del':
      return element(node.t, {}, inlineDom(node.children, cites));
    case 'cite':
      return node.n > cites
        ? `[${node.n}]`
        : element(
            'a',
            { class: 'cite', href: `#source-${node.n}`, 'aria-label': msg(str`Source ${node.n}`) },
            [`[${node.n}]`],
          );
    case 'br':
      return element('br', {}, []);
    case 'link':
      return node.href
        ? element(
            'a',
            { href: node.href, ...NEW_TAB, ...(node.title ? { title: node.title } : {}) },
            inlineDom(node.children, 0),
          )
        : element('span', { class: 'unsafe-link' }, inlineDom(node.children, 0));
    case 'html':
      // Raw HTML from the model, shown as the text it is.
      return element('span', { class: 'html' }, [node.text]);
    case 'check': {
      // Read-only: the model's list, not the reader's. Named, as every form control must be.
      const box = element(
        'input',
        { type: 'checkbox', disabled: '', 'aria-label': msg('Task') },
        [],
      );
      if (node.checked) box.setAttribute('checked', '');
      return box;
    }
    case 'image': {
      const label = node.alt || msg('image');
      const text = msg(str`[Image: ${label}]`);
      return node.href
        ? element(
            'a',
            {
              class: 'image',
              href: node.href,
              ...NEW_TAB,
              title: msg('Image not loaded; opens in a new tab'),
            },
            [text],
          )
        : element('span', { class: 'image' }, [text]);
    }
  }
}

/** A link out of the answer opens in a new tab, without an opener. */
const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' };

function element(tag: string, attributes: Record<string, string>, children: (Node | string)[]) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  el.append(...children);
  return el;
}

/** How long a chunk of a long code block gets before it ends with its next line. */
export const CODE_CHUNK = 8192;

/**
 * A code block's text in chunks of whole lines: each one ends with the first line break at or
 * after CODE_CHUNK characters, the last one with the text. Each chunk of a long code block is a
 * block of its own (`pre code > span`), so that Chromium lays out and updates only the chunk
 * that changes, not all of the block (as it does for one text, which a 1 MB block made cost tens
 * of milliseconds per change). Copied text and `textContent` are the same as without them.
 */
export function codeChunks(text: string): string[] {
  const chunks: string[] = [];
  let start = 0;
  for (let end; (end = text.indexOf('\n', start + CODE_CHUNK - 1)) !== -1; start = end + 1)
    chunks.push(text.slice(start, end + 1));
  chunks.push(text.slice(start));
  return chunks;
}

/** Gives the paragraphs and list items rendered in `root` their direction from their text. */
export function autoDirection(root: ParentNode) {
  for (const el of root.querySelectorAll('p:not([dir]), li:not([dir])'))
    el.setAttribute('dir', 'auto');
}

/** The blocks as templates (see `autoDirection`); a `[N]` up to `cites` links to source N. */
export function renderBlocks(blocks: MdBlock[], cites = 0): TemplateResult[] {
  return blocks.map((block) => renderBlock(block, cites));
}

/** A list item whose text begins with a check box (a GFM task list item). */
const isTask = (item: MdBlock[]) => {
  const first = item[0];
  const node = first && 'inline' in first ? first.inline[0] : undefined;
  return typeof node === 'object' && node.t === 'check';
};

function renderBlock(block: MdBlock, cites: number): TemplateResult {
  switch (block.t) {
    case 'p':
      return html`<p>${inlineDom(block.inline, cites)}</p>`;
    case 'text':
      return html`${inlineDom(block.inline, cites)}`;
    case 'html':
      return html`<div class="html">${block.text}</div>`;
    case 'h':
      // Headings inside an answer start at level 3: the page owns h1 and h2. Past h6 a heading
      // is an h6 that tells its level to assistive technology.
      switch (block.level + 2) {
        case 3:
          return html`<h3>${inlineDom(block.inline, cites)}</h3>`;
        case 4:
          return html`<h4>${inlineDom(block.inline, cites)}</h4>`;
        case 5:
          return html`<h5>${inlineDom(block.inline, cites)}</h5>`;
        case 6:
          return html`<h6>${inlineDom(block.inline, cites)}</h6>`;
        default:
          return html`<h6 aria-level=${block.level + 2}>${inlineDom(block.inline, cites)}</h6>`;
      }
    case 'code': {
      const chunks = codeChunks(block.text);
      const code =
        chunks.length > 1 ? chunks.map((chunk) => html`<span>${chunk}</span>`) : block.text;
      return html`<pre tabindex="0" data-lang=${block.lang || nothing}><code>${code}</code></pre>`;
    }
    case 'quote':
      return html`<blockquote>${renderBlocks(block.blocks, cites)}</blockquote>`;
    case 'list': {
      const items = block.items.map(
        (item) =>
          html`<li class=${isTask(item) ? 'task' : nothing}>${renderBlocks(item, cites)}</li>`,
      );
      return block.ordered
        ? html`<ol start=${block.start === 1 ? nothing : block.start}>${items}</ol>`
        : html`<ul>${items}</ul>`;
    }
    case 'table': {
      const headCell = (cell: Inline[], c: number) =>
        html`<th scope="col" class=${align(block.align[c]!)}>${inlineDom(cell, cites)}</th>`;
      const bodyCell = (cell: Inline[], c: number) =>
        html`<td class=${align(block.align[c]!)}>${inlineDom(cell, cites)}</td>`;
      return html`<div class="table" tabindex="0" role="region" aria-label=${msg('Table')}>
        <table>
          <thead><tr>${block.head.map(headCell)}</tr></thead>
          <tbody>${block.rows.map((row) => html`<tr>${row.map(bodyCell)}</tr>`)}</tbody>
        </table>
      </div>`;
    }
    case 'hr':
      return html`<hr />`;
  }
}
