import type { ChartConfiguration } from 'chart.js';
import type { ChartSeriesT } from '../../catalog/index.js';
import { chartFormats } from './chart-summary.js';

/** What a chart shows, and how the page around it looks. */
export interface ChartSetup {
  type: 'line' | 'bar';
  labels: string[];
  series: ChartSeriesT[];
  xLabel?: string;
  yLabel?: string;
  stacked: boolean;
  /** One colour a series (repeated), then the axes' text and the grid. */
  colours: { series: string[]; text: string; grid: string };
  /** The unit of the values, which the axis and the tooltips show with them. */
  unit?: string;
  /** Right to left: categories run from the right and the value axis stands on the right, like the legend above them. */
  rtl: boolean;
}

/**
 * The chart.js configuration of a line or bar chart. It travels with
 * chart.js in the chart chunk: a page without charts loads neither.
 */
export function chartConfiguration({
  type,
  labels,
  series,
  xLabel,
  yLabel,
  stacked,
  colours,
  unit,
  rtl,
}: ChartSetup): ChartConfiguration<'bar' | 'line'> {
  const format = chartFormats(unit).value;
  const axisTitle = (text?: string) => ({
    display: Boolean(text),
    text: text ?? '',
    color: colours.text,
  });
  return {
    type,
    data: {
      labels: [...labels],
      datasets: series.map((s, i) => {
        const colour = colours.series[i % colours.series.length]!;
        return {
          type,
          label: s.name,
          data: [...s.values],
          borderColor: colour,
          backgroundColor: colour,
          pointRadius: 2,
          borderWidth: 2,
        };
      }),
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      interaction: { mode: 'index', intersect: false },
      plugins: {
        // The legend is HTML (see the element's render): it wraps with the page instead of squeezing the plot on a narrow screen.
        legend: { display: false },
        tooltip: {
          rtl,
          textDirection: rtl ? 'rtl' : 'ltr',
          callbacks: { label: (item) => `${item.dataset.label}: ${format(Number(item.raw))}` },
        },
      },
      scales: {
        x: {
          reverse: rtl,
          stacked,
          title: axisTitle(xLabel),
          ticks: { color: colours.text },
          grid: { color: colours.grid },
        },
        y: {
          position: rtl ? 'right' : 'left',
          stacked,
          title: axisTitle(yLabel),
          ticks: { color: colours.text, callback: (v) => format(Number(v)) },
          grid: { color: colours.grid },
        },
      },
    },
  };
}
