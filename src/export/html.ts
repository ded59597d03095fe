import { msg, str } from '@lit/localize';
import type { Block, BlockElement } from '../catalog/index.js';
import { parseBlocks, type Inline, type MdBlock } from '../conversation/markdown/parse.js';
import {
  isRightToLeft,
  elementLost,
  readAnswer,
  renderTree,
  type Answer,
  type ExportInput,
  type ExportLoss,
  type ExportOptions,
  type ExportResult,
  type Submissions,
} from './answer.js';
import { escapeHtml as e } from './escape.js';
import {
  AI_SOURCE_TYPE,
  chartText,
  formLines,
  markOf,
  metricText,
  placeText,
  tableText,
} from './figures.js';
import { pageStyles } from './page-styles.js';
import { seriesClass, svgChart } from './svg-chart.js';

/*
 * An answer as one self-contained HTML page: every string escaped (`e`), inline styles from
 * the theme's tokens, charts as SVG beside their summary and data, no script and nothing to
 * fetch (its Content-Security-Policy forbids any request, should a later edit add one). The
 * report's markdown is read as the thread reads it (`parseBlocks`): raw HTML stays text, only
 * http(s) destinations are links, images are not loaded.
 */

export interface HtmlOptions extends ExportOptions {
  /** A whole page (the default), or the answer's `<article>` alone, to put in a page of one's own. */
  standalone?: boolean;
}

const NEW_TAB = ' target="_blank" rel="noopener noreferrer"';

/** The page's policy: no request of any kind, no script, its own styles inline. */
const POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'";

function inlineHtml(nodes: readonly Inline[], cites: number, losses: ExportLoss[]): string {
  return nodes
    .map((node) => {
      if (typeof node === 'string') return e(node);
      switch (node.t) {
        case 'code':
          return `<code>${e(node.text)}</code>`;
        case 'strong':
        case 'em':
        case 'del':
          return `<${node.t}>${inlineHtml(node.children, cites, losses)}</${node.t}>`;
        case 'cite':
          return node.n > cites
            ? `[${node.n}]`
            : `<a class="cite" href="#source-${node.n}" aria-label="${e(msg(str`Source ${node.n}`))}">[${node.n}]</a>`;
        case 'br':
          return '<br>';
        case 'link': {
          const text = inlineHtml(node.children, 0, losses);
          const title = node.title ? ` title="${e(node.title)}"` : '';
          return node.href ? `<a href="${e(node.href)}"${title}${NEW_TAB}>${text}</a>` : text;
        }
        case 'html':
          return e(node.text);
        case 'check':
          return `<input type="checkbox" disabled${node.checked ? ' checked' : ''} aria-label="${e(msg('Task'))}">`;
        case 'image': {
          losses.push({
            code: 'image_left_out',
            message:
              `An image in the report (${node.alt || 'no description'}) is not loaded: ` +
              'the page fetches nothing.',
          });
          const text = e(msg(str`[Image: ${node.alt || msg('image')}]`));
          return node.href ? `<a href="${e(node.href)}"${NEW_TAB}>${text}</a>` : text;
        }
      }
    })
    .join('');
}

const ALIGN = { start: ' class="start"', center: ' class="center"', end: ' class="end"', '': '' };

function markdownHtml(blocks: readonly MdBlock[], cites: number, losses: ExportLoss[]): string {
  const inline = (nodes: readonly Inline[]) => inlineHtml(nodes, cites, losses);
  return blocks
    .map((block): string => {
      switch (block.t) {
        case 'p':
          return `<p dir="auto">${inline(block.inline)}</p>`;
        case 'text':
          return inline(block.inline);
        case 'html':
          return `<pre class="html">${e(block.text)}</pre>`;
        case 'h': {
          // As in the thread: the page's title is its h1, an answer's headings start at h3.
          const level = Math.min(block.level + 2, 6);
          return `<h${level} dir="auto">${inline(block.inline)}</h${level}>`;
        }
        case 'code':
          return `<pre tabindex="0"><code>${e(block.text)}</code></pre>`;
        case 'quote':
          return `<blockquote>${markdownHtml(block.blocks, cites, losses)}</blockquote>`;
        case 'list': {
          const items = block.items
            .map((item) => `<li dir="auto">${markdownHtml(item, cites, losses)}</li>`)
            .join('');
          const start = block.start === 1 ? '' : ` start="${block.start}"`;
          return block.ordered ? `<ol${start}>${items}</ol>` : `<ul>${items}</ul>`;
        }
        case 'table': {
          const head = block.head
            .map((cell, c) => `<th scope="col"${ALIGN[block.align[c]!]}>${inline(cell)}</th>`)
            .join('');
          const rows = block.rows
            .map(
              (row) =>
                `<tr>${row.map((cell, c) => `<td${ALIGN[block.align[c]!]}>${inline(cell)}</td>`).join('')}</tr>`,
            )
            .join('');
          return scrolling(
            `<table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`,
            msg('Table'),
          );
        }
        case 'hr':
          return '<hr>';
      }
    })
    .join('');
}

/** A wide table in a region of its own that scrolls, and that a keyboard can scroll. */
const scrolling = (table: string, name: string) =>
  `<div class="scroll" role="region" tabindex="0" aria-label="${e(name)}">${table}</div>`;

function dataTable(head: string[], rows: string[][], numeric: boolean[], caption: string) {
  const th = head
    .map((label, i) => `<th scope="col"${numeric[i] ? ALIGN.end : ''}>${e(label)}</th>`)
    .join('');
  // The first column names its row when it is text, as in the table element.
  const rowHeads = head.length > 1 && !numeric[0];
  const tr = rows
    .map(
      (row) =>
        `<tr>${row
          .map((cell, i) =>
            i === 0 && rowHeads
              ? `<th scope="row">${e(cell)}</th>`
              : `<td${numeric[i] ? ALIGN.end : ''}>${e(cell)}</td>`,
          )
          .join('')}</tr>`,
    )
    .join('');
  const table = `<table><caption>${e(caption)}</caption><thead><tr>${th}</tr></thead><tbody>${tr}</tbody></table>`;
  return scrolling(table, caption);
}

function elementHtml(
  id: string,
  element: BlockElement,
  children: () => string[],
  block: Block,
  losses: ExportLoss[],
  submissions: Submissions | undefined,
): string {
  switch (element.type) {
    case 'Stack': {
      const { direction = 'vertical', gap = 'md' } = element.props;
      return `<div class="stack ${direction} gap-${gap}">${children().join('')}</div>`;
    }
    case 'Section': {
      const { title, subtitle } = element.props;
      const sub = subtitle ? `<p class="muted" dir="auto">${e(subtitle)}</p>` : '';
      return `<section class="card"><h3 dir="auto">${e(title)}</h3>${sub}${children().join('')}</section>`;
    }
    case 'Text': {
      const { text, variant = 'body' } = element.props;
      if (variant === 'heading') return `<h4 dir="auto">${e(text)}</h4>`;
      if (variant === 'code') return `<pre tabindex="0"><code>${e(text)}</code></pre>`;
      return `<p class="text ${variant}" dir="auto">${e(text)}</p>`;
    }
    case 'Metric': {
      const { value, delta, good } = metricText(element);
      const quality = good === undefined ? '' : good ? ' good' : ' bad';
      const arrow = !delta
        ? ''
        : element.props.delta! > 0
          ? '▲ '
          : element.props.delta! < 0
            ? '▼ '
            : '';
      const caption = element.props.caption
        ? `<p class="muted" dir="auto">${e(element.props.caption)}</p>`
        : '';
      const label = `<p class="label" dir="auto">${e(element.props.label)}</p>`;
      const figure = `<p class="value" dir="auto">${e(value)}</p>`;
      const change = delta
        ? `<p class="delta${quality}"><span aria-hidden="true">${arrow}</span>${e(delta)}</p>`
        : '';
      return `<div class="metric card">${label}${figure}${change}${caption}</div>`;
    }
    case 'Table': {
      const { head, rows, numeric } = tableText(element);
      return dataTable(head, rows, numeric, element.props.caption || msg('Data table'));
    }
    case 'Chart': {
      const { head, rows, summary } = chartText(element);
      const legend = element.props.series
        .map(
          (s, k) =>
            `<li><span class="swatch ${seriesClass(k)}" aria-hidden="true"></span>${e(s.name)}</li>`,
        )
        .join('');
      const table = dataTable(
        head,
        rows,
        head.map((_, i) => i > 0),
        msg('Data table'),
      );
      const caption = `<figcaption dir="auto">${e(element.props.title)}</figcaption>`;
      const words = `<p class="summary" dir="auto">${e(summary)}</p>`;
      const picture = `<ul class="legend">${legend}</ul>${svgChart(element)}`;
      return `<figure class="chart card">${caption}${picture}${words}${table}</figure>`;
    }
    case 'Evidence': {
      const { title, summary, items } = element.props;
      const quotes = items
        .map((item) => {
          const from = [item.source, item.locator, item.published].filter(Boolean).join(', ');
          const excerpt = item.excerpt
            ? `<blockquote dir="auto">${e(item.excerpt)}</blockquote>`
            : '';
          return `<li>${excerpt}<p class="muted" dir="auto">— ${e(from)}</p></li>`;
        })
        .join('');
      const about = summary ? `<p dir="auto">${e(summary)}</p>` : '';
      return `<section class="evidence card"><h3 dir="auto">${e(title)}</h3>${about}<ul>${quotes}</ul></section>`;
    }
    case 'MapLocation': {
      const { label, description } = element.props;
      elementLost(losses, 'map_as_text', block, id);
      const about = description ? `<p dir="auto">${e(description)}</p>` : '';
      const where = `<p class="muted">${e(placeText(element))}</p>`;
      return `<section class="place card"><h4 dir="auto">${e(label)}</h4>${about}${where}</section>`;
    }
    case 'FollowUpForm': {
      const { title, description } = element.props;
      const { lines, answered } = formLines(element, submissions?.[id]);
      const about = description ? `<p dir="auto">${e(description)}</p>` : '';
      const head = `<section class="form card"><h3 dir="auto">${e(title)}</h3>${about}`;
      if (answered) {
        const status = lines.pop()!;
        const given = lines.map((line) => `<li dir="auto">${e(line)}</li>`).join('');
        return `${head}<ul class="answers">${given}</ul><p class="submitted">✓ ${e(status)}</p></section>`;
      }
      elementLost(losses, 'form_read_only', block, id);
      const questions = lines.map((line) => `<li dir="auto">${e(line)}</li>`).join('');
      const note = `<p class="muted">${e(msg('This form can be answered in the conversation.'))}</p>`;
      return `${head}<ol>${questions}</ol>${note}</section>`;
    }
  }
}

/** The answer as an `<article>`, marked as made by a trained model. */
export function answerArticle(answer: Answer): string {
  const cites = answer.sources.length;
  const body = answer.pieces
    .map((piece) => {
      if (piece.kind === 'markdown')
        return markdownHtml(parseBlocks(piece.text), cites, answer.losses);
      if (piece.kind === 'fallback') return `<p class="text" dir="auto">${e(piece.text)}</p>`;
      const { block, submissions } = piece;
      return `<div class="block">${renderTree<string>(block, (id, element, children) =>
        elementHtml(id, element, children, block, answer.losses, submissions),
      )}</div>`;
    })
    .join('');
  const sources = answer.sources.length
    ? `<section class="sources"><h2>${e(msg('Sources'))}</h2><ol>${answer.sources
        .map((source, i) => {
          const title = e(source.title || String(i + 1));
          const link = source.url
            ? `<a href="${e(source.url.href)}"${NEW_TAB}>${title}</a> <span class="muted">${e(source.url.host)}</span>`
            : title;
          return `<li id="source-${i + 1}" dir="auto">${link}</li>`;
        })
        .join('')}</ol></section>`
    : '';
  const disclosure = `<p class="disclosure" role="note">${e(answer.disclosure)}</p>`;
  const mark = `data-digital-source-type="${AI_SOURCE_TYPE}"`;
  return `<article class="answer" ${mark}>${disclosure}${body}${sources}</article>`;
}

/** JSON inside a `<script>` element: nothing in it can end the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * An answer as HTML: by default a whole page that opens offline with scripts off, light or dark
 * as the reader's system is, printable; its disclosure on top and its JSON-LD mark in the head.
 */
export function toHtml(input: ExportInput, options: HtmlOptions = {}): ExportResult<string> {
  const answer = readAnswer(input, options);
  const article = answerArticle(answer);
  if (options.standalone === false) return { output: article, losses: answer.losses };
  const dir = isRightToLeft(answer.locale) ? 'rtl' : 'ltr';
  const output = `<!doctype html>
<html lang="${e(answer.locale)}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${POLICY}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${e(answer.title)}</title>
<style>${pageStyles}</style>
<script type="application/ld+json">${scriptJson(markOf(answer))}</script>
</head>
<body>
<main>
<h1 dir="auto">${e(answer.title)}</h1>
${article}
</main>
</body>
</html>
`;
  return { output, losses: answer.losses };
}
