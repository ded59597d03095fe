import { msg, str } from '@lit/localize';
import { formatDegrees, formatList, formatNumber, spokenNumber } from '../../base/format.js';
import type { NumberStyle } from '../../base/format.js';

/*
 * What an element says to a reader without sight, as the element announces it and as an answer
 * read aloud says it: one home for each phrase, so the two never differ.
 */

/** A metric's figure and change, as `<answer-metric>` takes them. */
export interface MetricFigure {
  label?: string;
  value: number | string;
  format?: NumberStyle;
  currency?: string;
  unit?: string;
  /** The change as a fraction (0.12 is up 12%); a non-finite one is left out. */
  delta?: number;
  caption?: string;
}

/**
 * A metric as one phrase: "Revenue: 1.2 million US dollars, up 12%, on last quarter", rather
 * than its fragments and an arrow.
 */
export function metricPhrase({
  label,
  value,
  format,
  currency,
  unit,
  delta,
  caption,
}: MetricFigure): string {
  const said = typeof value === 'number' ? spokenNumber(value, format, currency) : value;
  const figure = unit ? `${said} ${unit}` : said;
  let change = '';
  if (typeof delta === 'number' && Number.isFinite(delta)) {
    const amount = formatNumber(Math.abs(delta), 'percent');
    change =
      delta > 0
        ? msg(str`up ${amount}`)
        : delta < 0
          ? msg(str`down ${amount}`)
          : msg(str`no change, ${amount}`);
  }
  const parts = [label ? msg(str`${label}: ${figure}`) : figure, change, caption];
  return formatList(parts.filter((part): part is string => Boolean(part)));
}

/** A table's name and size: "Sales, 12 rows, 5 columns". */
export function tablePhrase(caption: string | undefined, rows: number, columns: number): string {
  const rowCount = rows === 1 ? msg('1 row') : msg(str`${rows} rows`);
  const columnCount = columns === 1 ? msg('1 column') : msg(str`${columns} columns`);
  return formatList([caption || msg('Data table'), rowCount, columnCount]);
}

/** A place's coordinates in words and the locale's numbers: "latitude 39.1, longitude 117.2". */
export function coordinatesPhrase(lat: number, lng: number): string {
  return msg(str`latitude ${formatDegrees(lat)}, longitude ${formatDegrees(lng)}`);
}
