import { msg } from '@lit/localize';
import { css, html } from 'lit';
import type { Chart } from 'chart.js';
import type { ChartSeriesT, TableCell, TableColumnT } from '../../catalog/index.js';
import { chartFormats, chartSummary, pointPhrase, type ChartPoint } from './chart-summary.js';

export type { ChartPoint };

/*
 * A chart read without sight: a summary computed from its data (never from the model's text)
 * and the phrase each point announces as the reader walks the points by keyboard. In the chart
 * chunk: a page without charts never loads it.
 */

/** The chart's data, and the table view's columns and rows (none while the table is on view). */
export interface ReadersData {
  labels: readonly string[];
  series: readonly ChartSeriesT[];
  /** The unit of the values. */
  unit?: string;
  columns: readonly TableColumnT[];
  rows: readonly TableCell[][];
}

/**
 * A drawn chart on paper: its summary and values printed under it, its buttons left out. Added
 * to the chart's styles when its chunk loads (`addPrintStyles`), so that the entry stays small.
 */
const printStyles = css`
  @media print {
    .readers.visually-hidden {
      position: static;
      width: auto;
      height: auto;
      margin: 0;
      overflow: visible;
      clip: auto;
      white-space: normal;
    }
    .summary,
    button {
      display: none;
    }
    .readers table {
      border-collapse: collapse;
      margin-top: 0.5rem;
    }
    .readers th,
    .readers td {
      border-bottom: 1px solid;
      padding: 0.125rem 0.5rem;
      text-align: end;
    }
  }
`;

/** Adds the print styles to a chart's shadow root, once. */
export function addPrintStyles(root: ShadowRoot) {
  const sheet = printStyles.styleSheet;
  if (sheet && !root.adoptedStyleSheets.includes(sheet))
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/**
 * What the drawn plot offers a reader without sight, beyond its walk: its summary, shown to
 * everyone on request (folded), and, for a screen reader only, the summary again, which is the
 * plot's description (`#summary`: a folded text describes nothing, browsers leave it out), and
 * every value it draws as a table, so that no value needs a switch to the table view.
 */
export function readersView({ labels, series, unit, columns, rows }: ReadersData) {
  const formats = chartFormats(unit);
  const summary = chartSummary(labels, series, formats);
  const cell = (value: TableCell) =>
    html`<td>${typeof value === 'number' ? formats.number(value) : msg('empty')}</td>`;
  const table = rows.length
    ? html`<table>
        <caption>${msg('Data table')}</caption>
        <tr>${columns.map((column) => html`<th scope="col">${column.label}</th>`)}</tr>
        ${rows.map(
          ([label, ...values]) => html`<tr><th scope="row">${label}</th>${values.map(cell)}</tr>`,
        )}
      </table>`
    : '';
  // The hidden part in a hidden box: a table is as wide as its content, whatever width it is given.
  return html`<details class="summary">
      <summary>${msg('Summary')}</summary>
      <p dir="auto">${summary}</p>
    </details>
    <div class="visually-hidden readers"><p id="summary" dir="auto">${summary}</p>${table}</div>`;
}

/**
 * Where a key moves from `point` (none yet: the first point), or undefined for a key that does
 * not move. Left and right follow the reading direction: in a right-to-left page the next label
 * is to the left.
 */
export function nextPoint(
  point: ChartPoint | undefined,
  key: string,
  rtl: boolean,
  labels: number,
  series: number,
): ChartPoint | undefined {
  if (!labels || !series) return undefined;
  // A point from before an update may name a series or a label the chart no longer has.
  const s = Math.min(point?.series ?? 0, series - 1);
  const index = point?.index ?? -1;
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const back = rtl ? 'ArrowRight' : 'ArrowLeft';
  const clamp = (i: number) => Math.min(labels - 1, Math.max(0, i));
  switch (key) {
    case forward:
      return { series: s, index: clamp(index + 1) };
    case back:
      return { series: s, index: clamp(index - 1) };
    case 'ArrowDown':
      return { series: Math.min(series - 1, s + 1), index: clamp(index) };
    case 'ArrowUp':
      return { series: Math.max(0, s - 1), index: clamp(index) };
    case 'Home':
      return { series: s, index: 0 };
    case 'End':
      return { series: s, index: labels - 1 };
    default:
      return undefined;
  }
}

/** What a walk over the plot reads: the chart's data, its direction and its chart.js instance. */
export interface Walked {
  labels: readonly string[];
  series: readonly ChartSeriesT[];
  rtl: boolean;
  chart?: Chart;
  /** The unit of the values. */
  unit?: string;
}

/**
 * A key on the plot from `from`: the point it moves to, shown on the plot, and what the move
 * announces; undefined for a key that does not move.
 */
export function walk(
  from: ChartPoint | undefined,
  key: string,
  { labels, series, rtl, chart, unit }: Walked,
): { point: ChartPoint; phrase: string } | undefined {
  const point = nextPoint(from, key, rtl, labels.length, series.length);
  if (!point) return undefined;
  showPoint(chart, point);
  return { point, phrase: pointPhrase(labels, series, point, chartFormats(unit)) };
}

/** Shows `point` on the plot as a pointer over it would (none: no point). */
export function showPoint(chart: Chart | undefined, point?: ChartPoint) {
  if (!chart) return;
  const active = point ? [{ datasetIndex: point.series, index: point.index }] : [];
  chart.setActiveElements(active);
  chart.tooltip?.setActiveElements(active, { x: 0, y: 0 });
  chart.update('none');
}
