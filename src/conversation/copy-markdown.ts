import {
  elementsInOrder,
  fallbackTextOf,
  type Block,
  type BlockElement,
  type ElementOf,
} from '../catalog/index.js';
import { answerPieces } from './answer-pieces.js';
import type { AssistantTurn, BlockItem, SourceItem } from './messages.js';

/*
 * An answer as markdown, for the reader's Copy button: what the turn shows
 * (`answerPieces`), each block as its fallback_text plus its figures as tables where
 * they fit, then the sources as a numbered list. Loaded by the thread on
 * first use only.
 */

/** One line of a table cell: pipes escaped, line breaks folded. */
const cell = (value: unknown) =>
  String(value ?? '')
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();

/** Inline text outside a table: one line, with the characters that would start emphasis or a link escaped. */
const inline = (text: string) =>
  text
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .replace(/([\\*_`[\]])/g, '\\$1')
    .trim();

/** A fraction as a percentage without float noise: 0.123 → 12.3%. */
const percent = (value: number) => `${Number((value * 100).toPrecision(12))}%`;

function table(head: string[], rows: unknown[][], align: (string | undefined)[] = []): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const rule = head.map(
    (_, i) => ({ start: ':---', center: ':---:', end: '---:' })[align[i] ?? ''] ?? '---',
  );
  return [line(head.map(cell)), line(rule), ...rows.map((row) => line(row.map(cell)))].join('\n');
}

function tableOf({ props }: ElementOf<'Table'>): string {
  const rows = props.rows.map((row) =>
    row.map((value, i) => {
      const column = props.columns[i];
      if (typeof value !== 'number' || !column) return value;
      if (column.format === 'percent') return percent(value);
      return column.format === 'currency' && column.currency
        ? `${value} ${column.currency}`
        : value;
    }),
  );
  const grid = table(
    props.columns.map((c) => c.label),
    rows,
    props.columns.map((c) => c.align),
  );
  return props.caption ? `**${inline(props.caption)}**\n\n${grid}` : grid;
}

function chartOf({ props }: ElementOf<'Chart'>): string {
  const unit = props.unit ? ` (${props.unit})` : '';
  const head = [props.x_label ?? '', ...props.series.map((s) => `${s.name}${unit}`)];
  const rows = props.labels.map((label, i) => [label, ...props.series.map((s) => s.values[i])]);
  return `**${inline(props.title)}**\n\n${table(head, rows)}`;
}

function metricOf({ props }: ElementOf<'Metric'>): string {
  const { value } = props;
  let shown = String(value);
  if (typeof value === 'number' && props.format === 'percent') shown = percent(value);
  else if (typeof value === 'number' && props.format === 'currency' && props.currency)
    shown = `${value} ${props.currency}`;
  const delta =
    props.delta === undefined ? '' : ` (${props.delta >= 0 ? '+' : ''}${percent(props.delta)})`;
  return `**${inline(props.label)}**: ${inline(shown)}${props.unit ? ` ${inline(props.unit)}` : ''}${delta}`;
}

function dataOf(element: BlockElement): string | undefined {
  switch (element.type) {
    case 'Table':
      return tableOf(element);
    case 'Chart':
      return chartOf(element);
    case 'Metric':
      return metricOf(element);
    default:
      return undefined;
  }
}

/** A block as its fallback_text and the data of its tables, charts and metrics, in reading order. */
function blockMarkdown(item: BlockItem): string {
  if (!item.valid) return fallbackTextOf(item.block).trim();
  const block = item.block as Block;
  const data = elementsInOrder(block).map(dataOf);
  const parts = [block.fallback_text.trim(), ...data];
  return parts.filter(Boolean).join('\n\n');
}

function sourceLine(source: SourceItem, n: number): string {
  const title = inline(source.title || source.filename || source.url || source.sourceId);
  let href: string | undefined;
  try {
    const url = source.url === undefined ? undefined : new URL(source.url);
    href =
      url && (url.protocol === 'http:' || url.protocol === 'https:')
        ? url.href.replace(/\(/g, '%28').replace(/\)/g, '%29')
        : undefined;
  } catch {
    href = undefined;
  }
  return `${n}. ${href ? `[${title}](${href})` : title}`;
}

/** The answer of `turn` as markdown: what the reader sees of it, blocks with their data, then its sources. */
export function turnAsMarkdown(turn: AssistantTurn): string {
  const parts = answerPieces(turn).map((piece) =>
    piece.kind === 'text' ? piece.text.trim() : blockMarkdown(piece),
  );
  const sources = turn.items.filter((i): i is SourceItem => i.kind === 'source');
  if (sources.length) parts.push(sources.map((source, i) => sourceLine(source, i + 1)).join('\n'));
  return parts.filter(Boolean).join('\n\n');
}
