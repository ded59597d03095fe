import { msg } from '@lit/localize';
import type { Block, BlockElement } from '../catalog/index.js';
import {
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
import {
  AI_SOURCE_TYPE,
  chartText,
  formLines,
  metricText,
  placeText,
  tableText,
} from './figures.js';

/*
 * An answer as GitHub-flavoured markdown. The report is markdown already and goes as it is;
 * everything from a block is text, escaped so that a CommonMark or GFM reader shows it
 * literally, as the element does (a block's text is never markdown).
 */

/**
 * Text inside a line that a markdown reader shows as written: what opens emphasis, a link, code,
 * HTML or an entity is escaped.
 */
const escapeInline = (text: string) => text.replace(/[\\`*_[\]<>&|~]/g, '\\$&');

/** A line's start escaped where it would make a heading, list item, quote, rule or setext underline. */
const escapeLineStart = (line: string) =>
  line
    .replace(/^(\s*)(#{1,6}|[-+])(?=\s|$)/, '$1\\$2')
    .replace(/^(\s*\d{1,9})([.)])(?=\s|$)/, '$1\\$2')
    .replace(/^(\s*)(=+\s*$|-[-\s]*$)/, '$1\\$2')
    // Leading spaces would make an indented code block.
    .replace(/^ +/, (spaces) => '&#32;'.repeat(spaces.length));

/**
 * Text a markdown reader shows as written, as the element shows it (a block's text is never
 * markdown). Line breaks are kept as hard breaks; blank lines part paragraphs.
 */
export function literal(text: string): string {
  return text
    .split(/\r\n?|\n/)
    .map((line) => escapeLineStart(escapeInline(line)))
    .map((line, i, lines) => (line.trim() && lines[i + 1]?.trim() ? `${line}\\` : line))
    .join('\n')
    .trim();
}

/** Line breaks folded into spaces. */
const fold = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ').trim();

/** Text inside a line, on one line. */
const oneLine = (text: string) => escapeInline(fold(text));

/** Text that starts a line, on one line. */
const lineOf = (text: string) => escapeLineStart(oneLine(text));

/** A GFM table; `end` columns aligned to the end. */
function gfmTable(head: string[], rows: string[][], numeric: boolean[] = []): string {
  const cell = (text: string) => oneLine(text) || ' ';
  const line = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;
  const rule = `| ${head.map((_, i) => (numeric[i] ? '---:' : '---')).join(' | ')} |`;
  return [line(head), rule, ...rows.map(line)].join('\n');
}

function elementMarkdown(
  id: string,
  element: BlockElement,
  children: () => string[],
  block: Block,
  losses: ExportLoss[],
  submissions: Submissions | undefined,
): string {
  switch (element.type) {
    case 'Stack':
      return children().join('\n\n');
    case 'Section': {
      const { title, subtitle } = element.props;
      const head = [`### ${oneLine(title)}`, subtitle ? `*${oneLine(subtitle)}*` : ''];
      return [...head, ...children()].filter(Boolean).join('\n\n');
    }
    case 'Text': {
      const { text, variant } = element.props;
      if (variant === 'heading') return `#### ${oneLine(text)}`;
      if (variant === 'code') {
        const fence = '`'.repeat(
          Math.max(3, ...(text.match(/`+/g) ?? []).map((f) => f.length + 1)),
        );
        return `${fence}\n${text}\n${fence}`;
      }
      return variant === 'caption' || variant === 'note' ? `*${literal(text)}*` : literal(text);
    }
    case 'Metric': {
      const { value, delta } = metricText(element);
      const caption = element.props.caption ? ` · ${oneLine(element.props.caption)}` : '';
      return `${lineOf(element.props.label)}: **${oneLine(value)}**${delta ? ` (${oneLine(delta)})` : ''}${caption}`;
    }
    case 'Table': {
      const { head, rows, numeric } = tableText(element);
      const caption = element.props.caption ? `**${oneLine(element.props.caption)}**\n\n` : '';
      return `${caption}${rows.length ? gfmTable(head, rows, numeric) : `*${msg('No rows.')}*`}`;
    }
    case 'Chart': {
      const { head, rows, summary } = chartText(element);
      elementLost(losses, 'chart_as_table', block, id);
      const table = gfmTable(
        head,
        rows,
        head.map((_, i) => i > 0),
      );
      return `**${oneLine(element.props.title)}**\n\n${literal(summary)}\n\n${table}`;
    }
    case 'Evidence': {
      const { title, summary, items } = element.props;
      const quotes = items.map((item) => {
        const from = [item.source, item.locator, item.published].filter(Boolean).join(', ');
        const excerpt = item.excerpt
          ? `${literal(item.excerpt)
              .split('\n')
              .map((line) => `> ${line}`)
              .join('\n')}\n>\n`
          : '';
        return `${excerpt}> — ${oneLine(from)}`;
      });
      return [`**${oneLine(title)}**`, summary ? literal(summary) : '', ...quotes]
        .filter(Boolean)
        .join('\n\n');
    }
    case 'MapLocation': {
      const { label, description } = element.props;
      elementLost(losses, 'map_as_text', block, id);
      const about = description ? `\\\n${literal(description)}` : '';
      return `**${oneLine(label)}** (${oneLine(placeText(element))})${about}`;
    }
    case 'FollowUpForm': {
      const { title, description } = element.props;
      const { lines, answered } = formLines(element, submissions?.[id]);
      if (!answered) elementLost(losses, 'form_read_only', block, id);
      // Answers one to a line (hard breaks), as the form shows them; questions numbered.
      const list = answered
        ? lines.map(lineOf).join('\\\n')
        : lines.map((line, n) => `${n + 1}. ${oneLine(line)}`).join('\n');
      return [`**${oneLine(title)}**`, description ? literal(description) : '', list]
        .filter(Boolean)
        .join('\n\n');
    }
  }
}

/** The answer's markdown and what it lost. */
export function answerMarkdown(answer: Answer): string {
  const parts = answer.pieces.map((piece) => {
    if (piece.kind === 'markdown') return piece.text.trim();
    if (piece.kind === 'fallback') return literal(piece.text);
    const { block, submissions } = piece;
    return renderTree<string>(block, (id, element, children) =>
      elementMarkdown(id, element, children, block, answer.losses, submissions),
    );
  });
  if (answer.sources.length) {
    const list = answer.sources.map((source, i) => {
      const title = oneLine(source.title) || String(i + 1);
      // Parentheses in an address would end the link early.
      const href = source.url?.href
        .replace(/\(/g, '%28')
        .replace(/\)/g, '%29')
        .replace(/ /g, '%20');
      return `${i + 1}. ${href ? `[${title}](${href})` : title}`;
    });
    parts.push(`**${msg('Sources')}**\n\n${list.join('\n')}`);
  }
  return parts.filter(Boolean).join('\n\n');
}

/**
 * An answer as GFM markdown: the disclosure first, then the report, each block as text (a table
 * as a table, a chart as its data table and summary), the sources, and at the end the
 * machine-readable mark as a link reference definition, which every CommonMark reader hides.
 */
export function toMarkdown(input: ExportInput, options?: ExportOptions): ExportResult<string> {
  const answer = readAnswer(input, options);
  const body = answerMarkdown(answer);
  const title = answer.disclosure.replace(/["\\]/g, '\\$&').replace(/\s+/g, ' ');
  const mark = `[digital-source-type]: <${AI_SOURCE_TYPE}> "${title}"`;
  const output = `${[`*${oneLine(answer.disclosure)}*`, body, mark].filter(Boolean).join('\n\n')}\n`;
  return { output, losses: answer.losses };
}
