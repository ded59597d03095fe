import type { ElementOf } from '../catalog/index.js';
import { formatNumber } from '../base/format.js';
import { escapeHtml } from './escape.js';

/*
 * A chart drawn as inline SVG, for a page that runs no script: bars (grouped or stacked) or
 * lines with a point at each value, a value axis with round steps, every label on the other
 * axis that fits. Colours are the page's series colours (CSS classes), so dark mode and print
 * follow the page. The picture is described by the summary and table beside it.
 */

const WIDTH = 640;
const HEIGHT = 300;
const PLOT = { left: 56, right: 12, top: 12, bottom: 40 };
const SERIES_CLASSES = 6;

/** The colour class of series `s`, in the picture and its legend. */
export const seriesClass = (s: number) => `s${(s % SERIES_CLASSES) + 1}`;

/** Round steps from `low` to `high`: 1, 2 or 5 times a power of ten, about five of them. */
function ticks(low: number, high: number): number[] {
  if (low === high) return [low, low + 1];
  const raw = (high - low) / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
  const out: number[] = [];
  for (let v = Math.floor(low / step) * step; v < high + step / 2; v += step)
    out.push(Number(v.toPrecision(12)));
  return out;
}

/** The chart's picture as an SVG element, `aria-hidden` (its summary and table say it). */
export function svgChart({ props }: ElementOf<'Chart'>): string {
  const { labels, series } = props;
  const stacked = Boolean(props.stacked) && props.kind !== 'line';
  const values = (i: number) => series.map((s) => s.values[i] ?? 0);
  const extremes = labels.flatMap((_, i) => {
    const row = values(i);
    if (!stacked) return row;
    return [
      row.filter((v) => v > 0).reduce((a, b) => a + b, 0),
      row.filter((v) => v < 0).reduce((a, b) => a + b, 0),
    ];
  });
  const steps = ticks(Math.min(0, ...extremes), Math.max(0, ...extremes));
  const [low, high] = [steps[0]!, steps.at(-1)!];
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const y = (v: number) => PLOT.top + plotHeight - ((v - low) / (high - low)) * plotHeight;
  const band = plotWidth / labels.length;
  const x = (i: number) => PLOT.left + band * (i + 0.5);
  const n = (v: number) => Number(v.toFixed(1));

  const grid = steps
    .map(
      (v) =>
        `<line class="grid" x1="${PLOT.left}" x2="${WIDTH - PLOT.right}" y1="${n(y(v))}" y2="${n(y(v))}"/>` +
        `<text class="tick" x="${PLOT.left - 6}" y="${n(y(v))}" text-anchor="end" ` +
        `dominant-baseline="middle">${escapeHtml(formatNumber(v, 'compact'))}</text>`,
    )
    .join('');
  // Every k-th label, so that none overlaps the next (about 7 px a character).
  const longest = Math.max(...labels.map((l) => [...l].length));
  const every = Math.max(1, Math.ceil((Math.min(longest, 16) * 7 + 8) / band));
  const axis = labels
    .map((label, i) =>
      i % every
        ? ''
        : `<text class="tick" x="${n(x(i))}" y="${HEIGHT - PLOT.bottom + 18}" text-anchor="middle">` +
          `${escapeHtml([...label].slice(0, 16).join(''))}</text>`,
    )
    .join('');

  let marks = '';
  if (props.kind === 'line') {
    marks = series
      .map((s, k) => {
        const points = s.values.map((v, i) => `${n(x(i))},${n(y(v))}`);
        const dots = s.values
          .map((v, i) => `<circle cx="${n(x(i))}" cy="${n(y(v))}" r="3"/>`)
          .join('');
        return `<g class="line ${seriesClass(k)}"><polyline points="${points.join(' ')}"/>${dots}</g>`;
      })
      .join('');
  } else {
    const inner = band * 0.8;
    const width = stacked ? inner : inner / series.length;
    marks = labels
      .map((_, i) => {
        let [up, down] = [0, 0];
        return series
          .map((s, k) => {
            const v = s.values[i] ?? 0;
            let from = 0;
            if (stacked) {
              from = v >= 0 ? up : down;
              if (v >= 0) up += v;
              else down += v;
            }
            const left = x(i) - inner / 2 + (stacked ? 0 : k * width);
            const [top, bottom] = [y(Math.max(from, from + v)), y(Math.min(from, from + v))];
            const [w, h] = [n(Math.max(1, width - 1)), n(Math.max(0.5, bottom - top))];
            return `<rect class="bar ${seriesClass(k)}" x="${n(left)}" y="${n(top)}" width="${w}" height="${h}"/>`;
          })
          .join('');
      })
      .join('');
  }
  const zero = `<line class="axis" x1="${PLOT.left}" x2="${WIDTH - PLOT.right}" y1="${n(y(0))}" y2="${n(y(0))}"/>`;
  const box = `viewBox="0 0 ${WIDTH} ${HEIGHT}" aria-hidden="true" focusable="false"`;
  return `<svg class="plot" ${box}>${grid}${zero}${marks}${axis}</svg>`;
}
