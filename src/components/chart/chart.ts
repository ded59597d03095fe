import { msg, str } from '@lit/localize';
import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { guard } from 'lit/directives/guard.js';
import type { Chart as ChartJs } from 'chart.js';
import type { ChartSeriesT, TableCell, TableColumnT } from '../../catalog/index.js';
import { DrawingController } from '../shared/drawing-controller.js';
import { loadOnce } from '../../base/lazy.js';
import { getAnswerLocale } from '../../base/localization.js';
import { swatchStyles } from '../shared/swatch.styles.js';
import { chartStyles } from './chart.styles.js';
import type { ChartPoint } from './chart-reading.js';
import type { Tune } from './sonify.chunk.js';
import '../table/define.js';
import { AnswerElement } from '../../base/answer-element.js';

export type ChartView = 'line' | 'bar' | 'table';

/** Loads chart.js on first use; every chart on the page shares the one chunk. */
const loadChartJs = loadOnce(() => import('./chart.chunk.js'));
/** Loads the sonification on the first press of Play. */
const loadSound = loadOnce(() => import('./sonify.chunk.js'));
type ChartChunk = Awaited<ReturnType<typeof loadChartJs>>;

const SERIES_COLOURS = 6;
/** The colours chart.js gets: one a series, then the axes' text and the grid. */
const SWATCHES = ['s1', 's2', 's3', 's4', 's5', 's6', 'text', 'grid'];

/**
 * @tag answer-chart
 * @summary A line or bar chart the reader can switch to bar, line or a data table.
 *
 * chart.js is fetched, and the chart drawn, only when it first scrolls into
 * view. Updates reuse the chart instance; animation is off. The plot is
 * focusable: arrow keys walk its points (left and right along a series, in the
 * reading direction; up and down between series; Home and End), each move
 * announced with its label, value and change. A summary computed from the data
 * describes it, shown on request. Play sounds a series (lazily loaded Web
 * Audio: pitch for value, a click at each label), only when pressed.
 *
 * @csspart chart - The card.
 * @csspart views - The line / bar / table switch.
 * @csspart play - The Play button, which plays a series as sound.
 * @csspart legend - The series names and their colours (charts of two or more series).
 * @csspart canvas - The box holding the canvas.
 * @cssprop --answer-chart-1 - Colour of the first series (up to --answer-chart-6).
 * @cssprop --answer-chart-height - Height of the plot (default 260px).
 */
export class AnswerChart extends AnswerElement {
  static override styles = [swatchStyles, chartStyles];

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
  /** The point the reader walked to by keyboard. */
  private point?: ChartPoint;
  /** The series playing as sound, until it ends or is stopped. */
  private tune?: Tune;
  /** The chart chunk once loaded: its summary and point phrases. */
  private reading?: ChartChunk;

  private get canvas() {
    // As Lit's @query: no render root until the element is first connected.
    return this.renderRoot?.querySelector('canvas');
  }

  private chart?: ChartJs;
  // A long restored thread holds many charts; only those the reader reaches are drawn.
  private readonly drawing = new DrawingController(this, {
    load: loadChartJs,
    box: () => this,
    show: () => {
      if (!this.chart && this.view !== 'table') void this.drawChart();
    },
    restyle: () => this.redraw(),
    destroy: () => {
      this.tune?.stop();
      this.chart?.destroy();
      this.chart = undefined;
      // The canvas's pixels are memory outside the JS heap until the element is collected:
      // a long thread scrolled through lets go of many charts, and their pixels would pile up
      // and make the collection that frees them a long one.
      const canvas = this.canvas;
      if (canvas) canvas.width = canvas.height = 0;
    },
  });

  /** The chart.js instance once drawn (kept across updates; replaced only after the element leaves the page). */
  get chartInstance(): ChartJs | undefined {
    return this.chart;
  }

  /** The view on screen: `line`, `bar` or `table`. */
  get view(): ChartView {
    return this.chosenView ?? (this.kind === 'bar' ? 'bar' : 'line');
  }

  /** The theme or the direction changed: draw again with what the page now says. */
  private redraw() {
    if (this.chart) void this.drawChart();
  }

  private selectView(view: ChartView) {
    this.chosenView = view;
    this.announcement =
      view === 'table'
        ? msg('Showing data table')
        : view === 'bar'
          ? msg('Showing bar chart')
          : msg('Showing line chart');
  }

  protected override updated(changed: PropertyValues<this>) {
    super.updated(changed);
    const drawn = [
      'labels',
      'series',
      'kind',
      'stacked',
      'xLabel',
      'yLabel',
      'unit',
      'chosenView',
    ].some((key) => changed.has(key as keyof AnswerChart));
    if (this.drawing.seen && this.view !== 'table' && (drawn || !this.chart)) void this.drawChart();
  }

  private colours(): { series: string[]; text: string; grid: string } {
    const swatches = this.drawing.colours();
    return {
      series: swatches.slice(0, SERIES_COLOURS),
      text: swatches[SERIES_COLOURS] ?? '#555',
      grid: swatches[SERIES_COLOURS + 1] ?? '#ddd',
    };
  }

  private async drawChart() {
    const { Chart, chartConfiguration, addPrintStyles } = (this.reading = await loadChartJs());
    const canvas = this.canvas;
    if (!canvas || !this.isConnected) return;
    addPrintStyles(this.shadowRoot!);
    const config = chartConfiguration({
      type: this.view === 'bar' ? 'bar' : 'line',
      labels: this.labels ?? [],
      series: this.series ?? [],
      unit: this.unit,
      xLabel: this.xLabel,
      yLabel: this.yLabel,
      stacked: this.stacked,
      colours: this.colours(),
      rtl: getComputedStyle(this).direction === 'rtl',
    });
    if (this.chart && this.chart.canvas === canvas) {
      this.chart.data = config.data;
      this.chart.options = config.options!;
      this.chart.update('none');
    } else {
      this.chart?.destroy();
      this.chart = new Chart(canvas, config);
      this.requestUpdate(); // drops the loading notice, shows the summary
    }
  }

  /**
   * Plays the series the reader walked (the first until then) as sound, or stops it: a second
   * press, Escape or the chart leaving the page ends it. Never plays by itself.
   */
  private async play() {
    if (this.tune) return this.tune.stop();
    const { play } = await loadSound();
    const values = (this.series ?? [])[this.point?.series ?? 0]?.values;
    if (!values?.length || this.tune || !this.isConnected) return;
    const tune = (this.tune = play(values));
    this.requestUpdate();
    await tune.done;
    if (this.tune === tune) this.tune = undefined;
    this.requestUpdate();
  }

  private stopOnEscape(event: KeyboardEvent) {
    if (event.key === 'Escape') this.tune?.stop();
  }

  /** A key on the plot: an arrow, Home or End moves to a point and says it; Escape stops sound. */
  private walk(event: KeyboardEvent) {
    this.stopOnEscape(event);
    const moved = this.reading?.walk(this.point, event.key, {
      labels: this.labels ?? [],
      series: this.series ?? [],
      rtl: getComputedStyle(this).direction === 'rtl',
      chart: this.chart,
      unit: this.unit,
    });
    if (!moved) return;
    event.preventDefault();
    [this.point, this.announcement] = [moved.point, moved.phrase];
  }

  private tableColumns(): TableColumnT[] {
    return [
      { label: this.xLabel || msg('Category') },
      ...(this.series ?? []).map((s) => ({
        label: this.unit ? `${s.name} (${this.unit})` : s.name,
        format: 'number' as const,
      })),
    ];
  }

  private tableRows(): TableCell[][] {
    return (this.labels ?? []).map((label, i) => [
      label,
      ...(this.series ?? []).map((s) => s.values[i] ?? null),
    ]);
  }

  override render() {
    const view = this.view;
    const seriesCount = (this.series ?? []).length;
    const description = `${msg(
      str`${view === 'bar' ? msg('Bar chart') : msg('Line chart')}: ${this.heading}. ${(this.labels ?? []).length} categories, ${seriesCount} series. The data table view lists every value.`,
    )} ${msg('Arrow keys move from point to point.')}`;
    const button = (target: ChartView, label: string) =>
      html`<button type="button" aria-pressed=${view === target ? 'true' : 'false'} @click=${() => this.selectView(target)}>${label}</button>`;
    return html`<figure class="card" part="chart">
      <div class="head">
        <h3 dir="auto">${this.heading}</h3>
        <div class="views" part="views" role="group" aria-label=${msg('Chart view')}>
          ${button('line', msg('Line'))}${button('bar', msg('Bar'))}${button('table', msg('Table'))}
        </div>
        <div class="views">
          <button type="button" class="play" part="play" aria-pressed=${this.tune ? 'true' : 'false'}
            @click=${this.play} @keydown=${this.stopOnEscape}>${msg('Play')}</button>
        </div>
      </div>
      ${
        seriesCount > 1 && view !== 'table'
          ? html`<ul class="legend" part="legend">
            ${(this.series ?? []).map((s, i) => html`<li><span class="key s${(i % SERIES_COLOURS) + 1}"></span><span dir="auto">${s.name}</span></li>`)}
          </ul>`
          : ''
      }
      <div class="canvas" part="canvas" ?hidden=${view === 'table'}>
        <canvas
          role="img"
          tabindex="0"
          aria-label=${description}
          aria-describedby=${this.reading ? 'summary' : nothing}
          @keydown=${this.walk}
          @blur=${() => this.reading?.showPoint(this.chart)}
        ></canvas>
        ${this.chart ? '' : html`<div class="loading muted">${msg('Loading chart…')}</div>`}
      </div>
      ${
        // Built again only when what it says changes, not on each key of a walk.
        guard(
          [this.reading, this.labels, this.series, this.unit, this.xLabel, view, getAnswerLocale()],
          () =>
            this.reading?.readersView({
              labels: this.labels ?? [],
              series: this.series ?? [],
              unit: this.unit,
              columns: this.tableColumns(),
              rows: view === 'table' ? [] : this.tableRows(),
            }),
        )
      }
      ${view === 'table' ? html`<answer-table .columns=${this.tableColumns()} .rows=${this.tableRows()}></answer-table>` : ''}
      <span class="visually-hidden" role="status">${this.announcement}</span>
      ${this.drawing.swatches(SWATCHES)}
    </figure>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'answer-chart': AnswerChart;
  }
}
