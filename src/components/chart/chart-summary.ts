import { msg, str } from '@lit/localize';
import type { ChartSeriesT } from '../../catalog/index.js';
import { formatNumber } from '../../base/format.js';

/*
 * A chart's data in words: its summary and each point's phrase, computed from the data (never
 * from the model's text). No DOM: the chart's readers' view and walk use it, and so does an
 * exported answer, in the browser or in Node.
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
