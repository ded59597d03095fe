import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import type { Chart as ChartJs, ChartConfiguration } from 'chart.js';
import type { ChartSeriesT, TableCell, TableColumnT } from '../../catalog/index.js';
import { formatNumber } from '../shared/format.js';
import { themeStyles } from '../shared/theme.styles.js';
import '../table/define.js';

export type ChartView = 'line' | 'bar' | 'table';

let chartModule: Promise<typeof import('./chart-loader.js')> | undefined;
/** Loads chart.js on first use; every chart on the page shares the one chunk. */
const loadChartJs = () => (chartModule ??= import('./chart-loader.js'));

const SERIES_COLOURS = 6;

/**
 * @summary A line or bar chart the reader can switch to bar, line or a data table.
 *
 * chart.js is fetched, and the chart drawn, only when it first scrolls into
 * view. Updates reuse the chart instance; animation is off.
 *
 * @csspart chart - The card.
 * @csspart views - The line / bar / table switch.
 * @csspart legend - The series names and their colours (charts of two or more series).
 * @csspart canvas - The box holding the canvas.
 * @cssprop --answer-chart-1 - Colour of the first series (up to --answer-chart-6).
 * @cssprop --answer-chart-height - Height of the plot (default 260px).
 */
@localized()
export class AnswerChart extends LitElement {
  static override styles = [
    themeStyles,
    css`
      :host {
        display: block;
        --_series-1: var(--answer-chart-1, light-dark(#0b5cad, #6cb2ff));
        --_series-2: var(--answer-chart-2, light-dark(#c4501b, #ff9a5c));
        --_series-3: var(--answer-chart-3, light-dark(#1a7f37, #4ac26b));
        --_series-4: var(--answer-chart-4, light-dark(#8250df, #b392f0));
        --_series-5: var(--answer-chart-5, light-dark(#b08800, #e3b341));
        --_series-6: var(--answer-chart-6, light-dark(#bf3989, #f778ba));
        --_grid: light-dark(#e4e8ec, #30363d);
      }
      .head {
        display: flex;
        flex-wrap: wrap;
        gap: var(--_space-sm);
        align-items: center;
        justify-content: space-between;
        margin-bottom: var(--_space-sm);
      }
      h3 {
        margin: 0;
        font-size: 1rem;
        font-weight: 600;
        overflow-wrap: anywhere;
      }
      .views {
        display: inline-flex;
        border: 1px solid var(--_border);
        border-radius: calc(var(--_radius) - 2px);
        overflow: hidden;
      }
      .views button {
        border: 0;
        background: var(--_surface);
        padding: 0.25rem 0.625rem;
        min-height: 2rem;
        cursor: pointer;
        font-size: 0.8125rem;
      }
      .views button + button {
        border-inline-start: 1px solid var(--_border);
      }
      .views button[aria-pressed='true'] {
        background: var(--_accent);
        color: var(--_on-accent);
      }
      .views button:focus-visible {
        outline-offset: -3px;
      }
      /* On the accent background of the chosen view, a ring in the accent colour would not show. */
      .views button[aria-pressed='true']:focus-visible {
        outline-color: var(--_on-accent);
      }
      .canvas {
        position: relative;
        height: var(--answer-chart-height, 260px);
        min-width: 0;
      }
      .canvas[hidden] {
        display: none;
      }
      .legend {
        display: flex;
        flex-wrap: wrap;
        gap: 0.25rem 0.875rem;
        margin: 0 0 var(--_space-sm);
        padding: 0;
        list-style: none;
        font-size: 0.8125rem;
        color: var(--_muted);
      }
      .legend li {
        display: inline-flex;
        align-items: center;
        gap: 0.375rem;
        overflow-wrap: anywhere;
      }
      .key {
        flex: none;
        width: 0.75rem;
        height: 0.75rem;
        border-radius: 2px;
        background: currentColor;
      }
      /*
       * Resolved colours for chart.js, which cannot read light-dark() tokens.
       * Not display: none, so that .scheme can transition: its transitionend
       * says the colour scheme changed (a host switching its theme), and the
       * chart is redrawn in the new colours.
       */
      .swatches {
        position: absolute;
        width: 0;
        height: 0;
        overflow: hidden;
        visibility: hidden;
      }
      .swatches .scheme {
        color: light-dark(#000, #fff);
        /* The physical side of this margin flips with the direction: a page
           switching to right to left is heard the same way, and the plot mirrored. */
        margin-inline-start: 1px;
        transition: color 1ms, margin 1ms;
      }
      .s1 { color: var(--_series-1); }
      .s2 { color: var(--_series-2); }
      .s3 { color: var(--_series-3); }
      .s4 { color: var(--_series-4); }
      .s5 { color: var(--_series-5); }
      .s6 { color: var(--_series-6); }
      .swatches .text { color: var(--_muted); }
      .swatches .grid { color: var(--_grid); }
      figure {
        margin: 0;
      }
      .loading {
        position: absolute;
        inset: 0;
        display: grid;
        place-items: center;
      }
    `,
  ];

  /** Chart title. */
  @property() heading = '';

  /** Initial chart type, `line` (default) or `bar`; the reader can switch. */
  @property() kind: 'line' | 'bar' = 'line';

  /** Categories along the x axis. */
  @property({ attribute: false }) labels: string[] = [];

  /** Series: `{ name, values }`, one value per label. */
  @property({ attribute: false }) series: ChartSeriesT[] = [];

  /** Title of the x axis. */
  @property({ attribute: 'x-label' }) xLabel?: string;

  /** Title of the y axis. */
  @property({ attribute: 'y-label' }) yLabel?: string;

  /** Unit of the values. */
  @property() unit?: string;

  /** Stack the series. */
  @property({ type: Boolean }) stacked = false;

  /** The view the reader chose; until then the chart follows `kind`. */
  @state() private chosenView?: ChartView;
  @state() private announcement = '';

  @query('canvas') private canvas?: HTMLCanvasElement;
  @query('.swatches') private swatches?: HTMLElement;

  private chart?: ChartJs;
  private colourScheme?: MediaQueryList;
  private visibility?: IntersectionObserver;
  private seen = false;

  /** The chart.js instance once drawn (kept across updates; replaced only after the element leaves the page). */
  get chartInstance(): ChartJs | undefined {
    return this.chart;
  }

  /** The view on screen: `line`, `bar` or `table`. */
  get view(): ChartView {
    return this.chosenView ?? (this.kind === 'bar' ? 'bar' : 'line');
  }

  override connectedCallback() {
    super.connectedCallback();
    this.colourScheme = window.matchMedia('(prefers-color-scheme: dark)');
    this.colourScheme.addEventListener('change', this.redraw);
    // A long restored thread holds many charts; only those the reader reaches are drawn.
    this.visibility = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      this.seen = true;
      this.visibility?.disconnect();
      if (this.view !== 'table') void this.drawChart();
    });
    this.visibility.observe(this);
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.colourScheme?.removeEventListener('change', this.redraw);
    this.visibility?.disconnect();
    // A keyed re-order disconnects and reconnects at once: keep the chart then.
    queueMicrotask(() => {
      if (!this.isConnected) {
        this.chart?.destroy();
        this.chart = undefined;
      }
    });
  }

  /** The theme or the direction changed: draw again with what the page now says. */
  private redraw = () => this.chart && this.drawChart();

  private selectView(view: ChartView) {
    this.chosenView = view;
    this.announcement =
      view === 'table' ? msg('Showing data table') : view === 'bar' ? msg('Showing bar chart') : msg('Showing line chart');
  }

  protected override updated(changed: PropertyValues<this>) {
    super.updated(changed);
    const drawn = ['labels', 'series', 'kind', 'stacked', 'xLabel', 'yLabel', 'unit', 'chosenView'].some((key) => changed.has(key as keyof AnswerChart));
    if (this.seen && this.view !== 'table' && (drawn || !this.chart)) void this.drawChart();
  }

  private colours(): { series: string[]; text: string; grid: string } {
    const swatches = [...(this.swatches?.children ?? [])].map((el) => getComputedStyle(el).color);
    return { series: swatches.slice(0, SERIES_COLOURS), text: swatches[SERIES_COLOURS] ?? '#555', grid: swatches[SERIES_COLOURS + 1] ?? '#ddd' };
  }

  private async drawChart() {
    const { Chart } = await loadChartJs();
    const canvas = this.canvas;
    if (!canvas || !this.isConnected) return;
    const config = this.configuration();
    if (this.chart && this.chart.canvas === canvas) {
      this.chart.data = config.data;
      this.chart.options = config.options!;
      this.chart.update('none');
    } else {
      this.chart?.destroy();
      this.chart = new Chart(canvas, config);
      this.requestUpdate(); // drops the loading notice
    }
  }

  private configuration(): ChartConfiguration<'bar' | 'line'> {
    const colours = this.colours();
    const type = this.view === 'bar' ? 'bar' : 'line';
    const format = (value: number) => `${formatNumber(value, 'compact')}${this.unit ? ` ${this.unit}` : ''}`;
    const axisTitle = (text?: string) => ({ display: Boolean(text), text: text ?? '', color: colours.text });
    // Right to left, categories run from the right and the value axis stands on the right, like the legend above them.
    const rtl = getComputedStyle(this).direction === 'rtl';
    return {
      type,
      data: {
        labels: [...(this.labels ?? [])],
        datasets: (this.series ?? []).map((s, i) => {
          const colour = colours.series[i % SERIES_COLOURS]!;
          return { type, label: s.name, data: [...s.values], borderColor: colour, backgroundColor: colour, pointRadius: 2, borderWidth: 2 };
        }),
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        interaction: { mode: 'index', intersect: false },
        plugins: {
          // The legend is HTML (see render): it wraps with the page instead of squeezing the plot on a narrow screen.
          legend: { display: false },
          tooltip: {
            rtl,
            textDirection: rtl ? 'rtl' : 'ltr',
            callbacks: { label: (item) => `${item.dataset.label}: ${format(Number(item.raw))}` },
          },
        },
        scales: {
          x: { reverse: rtl, stacked: this.stacked, title: axisTitle(this.xLabel), ticks: { color: colours.text }, grid: { color: colours.grid } },
          y: {
            position: rtl ? 'right' : 'left',
            stacked: this.stacked,
            title: axisTitle(this.yLabel),
            ticks: { color: colours.text, callback: (v) => format(Number(v)) },
            grid: { color: colours.grid },
          },
        },
      },
    };
  }

  private tableColumns(): TableColumnT[] {
    return [{ label: this.xLabel || msg('Category') }, ...(this.series ?? []).map((s) => ({ label: this.unit ? `${s.name} (${this.unit})` : s.name, format: 'number' as const }))];
  }

  private tableRows(): TableCell[][] {
    return (this.labels ?? []).map((label, i) => [label, ...(this.series ?? []).map((s) => s.values[i] ?? null)]);
  }

  override render() {
    const view = this.view;
    const seriesCount = (this.series ?? []).length;
    const description = msg(str`${view === 'bar' ? msg('Bar chart') : msg('Line chart')}: ${this.heading}. ${(this.labels ?? []).length} categories, ${seriesCount} series. The data table view lists every value.`);
    const button = (target: ChartView, label: string) =>
      html`<button type="button" aria-pressed=${view === target ? 'true' : 'false'} @click=${() => this.selectView(target)}>${label}</button>`;
    return html`<figure class="card" part="chart">
      <div class="head">
        <h3 dir="auto">${this.heading}</h3>
        <div class="views" part="views" role="group" aria-label=${msg('Chart view')}>
          ${button('line', msg('Line'))}${button('bar', msg('Bar'))}${button('table', msg('Table'))}
        </div>
      </div>
      ${seriesCount > 1 && view !== 'table'
        ? html`<ul class="legend" part="legend">
            ${(this.series ?? []).map((s, i) => html`<li><span class="key s${(i % SERIES_COLOURS) + 1}"></span><span dir="auto">${s.name}</span></li>`)}
          </ul>`
        : ''}
      <div class="canvas" part="canvas" ?hidden=${view === 'table'}>
        <canvas role="img" aria-label=${description}></canvas>
        ${this.chart ? '' : html`<div class="loading muted">${msg('Loading chart…')}</div>`}
      </div>
      ${view === 'table'
        ? html`<answer-table .columns=${this.tableColumns()} .rows=${this.tableRows()}></answer-table>`
        : ''}
      <span class="visually-hidden" role="status">${this.announcement}</span>
      <div class="swatches" aria-hidden="true">
        <i class="s1"></i><i class="s2"></i><i class="s3"></i><i class="s4"></i><i class="s5"></i><i class="s6"></i>
        <i class="text"></i><i class="grid"></i><i class="scheme" @transitionend=${this.redraw}></i>
      </div>
    </figure>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'answer-chart': AnswerChart;
  }
}
