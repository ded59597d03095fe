import { msg, str } from '@lit/localize';
import { html } from 'lit';
import type { Chart } from 'chart.js';
import type { ChartSeriesT, TableCell, TableColumnT } from '../../catalog/index.js';
import { formatNumber } from '../../base/format.js';

/*
 * A chart read without sight: a summary computed from its data (never from the model's text)
 * and the phrase each point announces as the reader walks the points by keyboard. In the chart
 * chunk: a page without charts never loads it.
 */

/** A point: its series and the index of its label. */
export interface ChartPoint {
  series: number;
  index: number;
}

/** How the chart formats its figures in the reader's locale. */
export interface Formats {
  /** A value as the chart shows it (compact, with the unit). */
  value: (value: number) => string;
  /** A fraction as a percentage (0.04 is 4%). */
  percent: (fraction: number) => string;
  /** A value in full, as the table view shows it. */
  number: (value: number) => string;
}

/** The chart's figures in the reader's locale, its values with `unit`. */
export const chartFormats = (unit?: string): Formats => ({
  value: (value) => `${formatNumber(value, 'compact')}${unit ? ` ${unit}` : ''}`,
  percent: (fraction) => formatNumber(fraction, 'percent'),
  number: (value) => formatNumber(value),
});

/** The change from `from` to `to` as a percentage of `from`. */
const by = (from: number, to: number, format: Formats) =>
  format.percent(Math.abs((to - from) / from));

/** How `to` compares with `from`: "up 4% from February", "unchanged from February". */
function change(from: number, to: number, fromLabel: string, format: Formats): string {
  if (to === from) return msg(str`unchanged from ${fromLabel}`);
  if (from === 0)
    return to > from ? msg(str`up from ${fromLabel}`) : msg(str`down from ${fromLabel}`);
  const amount = by(from, to, format);
  return to > from
    ? msg(str`up ${amount} from ${fromLabel}`)
    : msg(str`down ${amount} from ${fromLabel}`);
}

/** How a series went from its `first` value to its `last`: "up 10.5% overall", "flat overall". */
function overall(first: number, last: number, format: Formats): string {
  if (last === first) return msg('flat overall');
  if (first === 0) return last > first ? msg('up overall') : msg('down overall');
  const amount = by(first, last, format);
  return last > first ? msg(str`up ${amount} overall`) : msg(str`down ${amount} overall`);
}

/** What a move to `point` announces: "March, Revenue: 1.2M (up 4% from February)". */
export function pointPhrase(
  labels: readonly string[],
  series: readonly ChartSeriesT[],
  { series: s, index }: ChartPoint,
  format: Formats,
): string {
  const { name, values } = series[s]!;
  const label = labels[index] ?? '';
  const value = values[index];
  if (value === undefined) return msg(str`${label}, ${name}: no value`);
  const before = values[index - 1];
  const shown = format.value(value);
  if (before === undefined) return msg(str`${label}, ${name}: ${shown}`);
  const since = change(before, value, labels[index - 1] ?? '', format);
  return msg(str`${label}, ${name}: ${shown} (${since})`);
}

/**
 * The chart in a few sentences: its labels' range, and for each series its lowest and highest
 * value with their labels and how it changed from first to last.
 */
export function chartSummary(
  labels: readonly string[],
  series: readonly ChartSeriesT[],
  format: Formats,
): string {
  const sentences: string[] = [];
  if (labels.length)
    sentences.push(msg(str`${labels.length} points, from ${labels[0]} to ${labels.at(-1)}.`));
  for (const { name, values } of series) {
    if (!values.length) continue;
    let low = 0;
    let high = 0;
    values.forEach((value, i) => {
      if (value < values[low]!) low = i;
      if (value > values[high]!) high = i;
    });
    const trend = overall(values[0]!, values.at(-1)!, format);
    const [lowest, lowAt] = [format.value(values[low]!), labels[low] ?? ''];
    const [highest, highAt] = [format.value(values[high]!), labels[high] ?? ''];
    sentences.push(
      msg(str`${name}: lowest ${lowest} at ${lowAt}, highest ${highest} at ${highAt}, ${trend}.`),
    );
  }
  return sentences.join(' ');
}

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
    <div class="visually-hidden"><p id="summary" dir="auto">${summary}</p>${table}</div>`;
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
