import { msg, str } from '@lit/localize';
import { html, nothing, type TemplateResult } from 'lit';
import type { Inline, MdBlock } from './parse.js';

/*
 * Markdown tree → Lit templates. Text only ever lands in text bindings;
 * links are http(s) only and open in a new tab without an opener; images
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

/** Inline nodes as templates and text; a `[N]` up to `cites` links to source N. */
export function renderInline(nodes: Inline[], cites: number): unknown[] {
  return inline(nodes, cites);
}

function inline(nodes: Inline[], cites: number): unknown[] {
  return nodes.map((node) => {
    if (typeof node === 'string') return node;
    switch (node.t) {
      case 'code':
        return html`<code>${node.text}</code>`;
      case 'strong':
        return html`<strong>${inline(node.children, cites)}</strong>`;
      case 'em':
        return html`<em>${inline(node.children, cites)}</em>`;
      case 'del':
        return html`<del>${inline(node.children, cites)}</del>`;
      case 'cite':
        return node.n > cites
          ? `[${node.n}]`
          : html`<a class="cite" href="#source-${node.n}" aria-label=${msg(str`Source ${node.n}`)}>[${node.n}]</a>`;
      case 'br':
        return html`<br />`;
      case 'link':
        return node.href
          ? html`<a href=${node.href} target="_blank" rel="noopener noreferrer">${inline(node.children, 0)}</a>`
          : html`<span class="unsafe-link">${inline(node.children, 0)}</span>`;
      case 'image': {
        const label = node.alt || msg('image');
        return node.href
          ? html`<a class="image" href=${node.href} target="_blank" rel="noopener noreferrer" title=${msg('Image not loaded; opens in a new tab')}>${msg(str`[Image: ${label}]`)}</a>`
          : html`<span class="image">${msg(str`[Image: ${label}]`)}</span>`;
      }
    }
  });
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

function renderBlock(block: MdBlock, cites: number): TemplateResult {
  switch (block.t) {
    case 'p':
      return html`<p>${inline(block.inline, cites)}</p>`;
    case 'h':
      // Headings inside an answer start at level 3: the page owns h1 and h2.
      switch (Math.min(block.level + 2, 6)) {
        case 3:
          return html`<h3>${inline(block.inline, cites)}</h3>`;
        case 4:
          return html`<h4>${inline(block.inline, cites)}</h4>`;
        case 5:
          return html`<h5>${inline(block.inline, cites)}</h5>`;
        default:
          return html`<h6>${inline(block.inline, cites)}</h6>`;
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
      const items = block.items.map((item) => html`<li>${renderBlocks(item, cites)}</li>`);
      return block.ordered ? html`<ol start=${block.start}>${items}</ol>` : html`<ul>${items}</ul>`;
    }
    case 'table':
      return html`<div class="table" tabindex="0" role="region" aria-label=${msg('Table')}>
        <table>
          <thead><tr>${block.head.map((cell, c) => html`<th scope="col" class=${align(block.align[c]!)}>${inline(cell, cites)}</th>`)}</tr></thead>
          <tbody>${block.rows.map((row) => html`<tr>${row.map((cell, c) => html`<td class=${align(block.align[c]!)}>${inline(cell, cites)}</td>`)}</tr>`)}</tbody>
        </table>
      </div>`;
    case 'hr':
      return html`<hr />`;
  }
}
