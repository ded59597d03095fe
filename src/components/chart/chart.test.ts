import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { $, $$, narrowBox, overflows } from '../../test-support/dom.js';
import { setAnswerLocale } from '../../base/localization.js';
import './define.js';
import type { AnswerChart } from './chart.js';
import { itNeeds, press, supports } from '../../test-support/engines.js';

const series = [
  { name: '2025', values: [380, 400, 420] },
  { name: '2024', values: [300, 340, 350] },
];

async function chart(kind: 'line' | 'bar' = 'line', parentNode?: HTMLElement) {
  const el = await fixture<AnswerChart>(
    html`<answer-chart heading="Monthly revenue" kind=${kind} .labels=${['Jul', 'Aug', 'Sep']} .series=${series} y-label="USD" unit="k"></answer-chart>`,
    { parentNode },
  );
  await waitUntil(() => el.chartInstance, 'chart.js never drew the chart', { timeout: 5000 });
  return el;
}

const pressed = (el: AnswerChart) =>
  $$(el, '[part=views] button')
    .filter((b) => b.getAttribute('aria-pressed') === 'true')
    .map((b) => b.textContent);

describe('answer-chart', () => {
  afterEach(async () => {
    if (supports('emulated-media')) await emulateMedia({ forcedColors: 'none' });
  });

  it('draws the series with chart.js, animation off, and describes the canvas', async () => {
    const el = await chart();
    const instance = el.chartInstance!;
    expect(instance.data.labels).to.deep.equal(['Jul', 'Aug', 'Sep']);
    expect(instance.data.datasets.map((d) => [d.label, d.data, d.type])).to.deep.equal([
      ['2025', [380, 400, 420], 'line'],
      ['2024', [300, 340, 350], 'line'],
    ]);
    expect(instance.options.animation).to.equal(false);
    expect($(el, 'canvas').getAttribute('aria-label'))
      .to.include('Line chart: Monthly revenue')
      .and.include('3 categories, 2 series');
    expect(pressed(el)).to.deep.equal(['Line']);
    expect($(el, 'canvas').getBoundingClientRect().height).to.be.greaterThan(100);
    await expect(el).to.be.accessible();
  });

  it('names the series in an HTML legend, in their colours', async () => {
    const el = await chart();
    expect($$(el, '.legend li').map((li) => li.textContent!.trim())).to.deep.equal([
      '2025',
      '2024',
    ]);
    const keys = $$(el, '.legend .key').map((key) => getComputedStyle(key).backgroundColor);
    expect(keys).to.deep.equal(el.chartInstance!.data.datasets.map((d) => d.borderColor));
    expect(el.chartInstance!.options.plugins!.legend!.display).to.equal(false);
  });

  it('redraws in the dark colours when the host switches its theme', async () => {
    const el = await chart();
    el.style.setProperty('--answer-color-scheme', 'light');
    await waitUntil(
      () => el.chartInstance!.data.datasets[0]!.borderColor === 'rgb(11, 92, 173)',
      'not drawn in the light colours',
      { timeout: 2000 },
    );
    el.style.setProperty('--answer-color-scheme', 'dark');
    await waitUntil(
      () => el.chartInstance!.data.datasets[0]!.borderColor === 'rgb(108, 178, 255)',
      'still drawn in the light colours',
      { timeout: 2000 },
    );
  });

  it('switches to bar on the same chart instance and announces it', async () => {
    const el = await chart();
    const instance = el.chartInstance;
    $$(el, '[part=views] button')[1]!.click();
    await el.updateComplete;
    await waitUntil(() => instance!.data.datasets[0]!.type === 'bar', undefined, { timeout: 5000 });
    expect(el.chartInstance).to.equal(instance);
    expect(el.view).to.equal('bar');
    expect(pressed(el)).to.deep.equal(['Bar']);
    expect($(el, '[role=status]').textContent).to.equal('Showing bar chart');
    await expect(el).to.be.accessible();
  });

  it('offers the data as a table, operable from the keyboard', async () => {
    const el = await chart('bar');
    $$(el, '[part=views] button')[2]!.focus();
    await press('Enter');
    await el.updateComplete;
    expect(el.view).to.equal('table');
    expect($(el, '.canvas').hidden).to.equal(true);
    const table = $(el, 'answer-table');
    await (table as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    const rows = $$(table, 'tbody tr').map((tr) =>
      [...tr.children].map((td) => td.textContent!.trim()),
    );
    expect(rows).to.deep.equal([
      ['Jul', '380', '300'],
      ['Aug', '400', '340'],
      ['Sep', '420', '350'],
    ]);
    expect(
      $$(table, 'thead th').map((th) => th.textContent!.replace(/[↕▲▼]/g, '').trim()),
    ).to.deep.equal(['Category', '2025 (k)', '2024 (k)']);
    expect($(el, '[role=status]').textContent).to.equal('Showing data table');
    await expect(el).to.be.accessible();
  });

  it('mirrors the plot right to left, also when the page switches direction', async () => {
    const box = await fixture<HTMLElement>(
      html`<div dir="rtl"><answer-chart heading="Revenue" .labels=${['Jul', 'Aug', 'Sep']} .series=${series}></answer-chart></div>`,
    );
    const el = box.firstElementChild as AnswerChart;
    await waitUntil(() => el.chartInstance, 'chart.js never drew the chart', { timeout: 5000 });
    const layout = () => {
      const { x, y } = el.chartInstance!.scales;
      return {
        julyFirst: x!.getPixelForValue(0) < x!.getPixelForValue(2),
        valuesLeft: y!.left < x!.left,
      };
    };
    expect(layout()).to.deep.equal({ julyFirst: false, valuesLeft: false });
    box.dir = 'ltr';
    await waitUntil(() => layout().julyFirst, 'the chart was not drawn again left to right', {
      timeout: 5000,
    });
    expect(layout()).to.deep.equal({ julyFirst: true, valuesLeft: true });
  });

  it('shows a focus ring on the chosen view, whose background is the accent colour', async () => {
    const el = await chart();
    const chosen = $$(el, '[part=views] button')[0]!;
    $$(el, '[part=views] button')[1]!.focus();
    await press('Shift+Tab');
    expect(el.shadowRoot!.activeElement).to.equal(chosen);
    const style = getComputedStyle(chosen);
    expect(style.outlineStyle).to.equal('solid');
    expect(style.outlineColor).to.not.equal(style.backgroundColor);
  });

  itNeeds(
    'emulated-media',
    'in forced colours, draws again in the system colours, marks the chosen view and keeps the series apart',
    async () => {
      const el = await chart();
      const grid = () => el.chartInstance!.options.scales!.x!.grid!.color;
      const before = grid();
      await emulateMedia({ forcedColors: 'active' });
      await waitUntil(() => grid() !== before, 'the chart was not drawn again in forced colours', {
        timeout: 2000,
      });
      const [line, bar] = $$(el, '[part=views] button');
      expect(getComputedStyle(line!).backgroundColor).to.not.equal(
        getComputedStyle(bar!).backgroundColor,
      );
      const colours = el.chartInstance!.data.datasets.map((d) => d.borderColor);
      expect(new Set(colours).size).to.equal(2);
      await expect(el).to.be.accessible();
    },
  );

  it('lets go of its drawing and its pixels once it leaves the page, and draws again when back', async () => {
    const el = await chart();
    const canvas = $<HTMLCanvasElement>(el, 'canvas');
    const drawn = [canvas.width, canvas.height];
    expect(Math.min(...drawn)).to.be.greaterThan(0);
    const parent = el.parentElement!;
    el.remove();
    await waitUntil(() => !el.chartInstance, 'the chart was not let go', { timeout: 5000 });
    expect([canvas.width, canvas.height]).to.deep.equal([0, 0]);
    parent.append(el);
    await waitUntil(() => el.chartInstance, 'the chart was not drawn again', { timeout: 5000 });
    expect([canvas.width, canvas.height]).to.deep.equal(drawn);
  });

  /** What the chart announces after each key, pressed on its focused plot. */
  async function walk(el: AnswerChart, keys: string[]): Promise<string[]> {
    $(el, 'canvas').focus();
    const heard: string[] = [];
    for (const key of keys) {
      await press(key);
      await el.updateComplete;
      heard.push($(el, '[role="status"]').textContent!);
    }
    return heard;
  }

  it('walks its points by keyboard, announcing each with its change, and shows it on the plot', async () => {
    const el = await chart();
    const keys = ['ArrowRight', 'ArrowRight', 'ArrowDown', 'End', 'ArrowUp', 'Home', 'ArrowLeft'];
    expect(await walk(el, keys)).to.deep.equal([
      'Jul, 2025: 380 k',
      'Aug, 2025: 400 k (up 5.3% from Jul)',
      'Aug, 2024: 340 k (up 13.3% from Jul)',
      'Sep, 2024: 350 k (up 2.9% from Aug)',
      'Sep, 2025: 420 k (up 5% from Aug)',
      'Jul, 2025: 380 k',
      'Jul, 2025: 380 k',
    ]);
    const active = () =>
      el.chartInstance!.getActiveElements().map((a) => [a.datasetIndex, a.index]);
    expect(active(), 'the point shows on the plot').to.deep.equal([[0, 0]]);
    expect($(el, 'canvas').getAttribute('aria-label')).to.include(
      'Arrow keys move from point to point.',
    );
    $(el, 'canvas').blur();
    expect(active(), 'and no longer once the plot loses focus').to.deep.equal([]);
  });

  it('walks the points in the reading direction of a right-to-left page, and in its locale', async () => {
    await setAnswerLocale('de');
    try {
      const wrapper = await fixture<HTMLElement>(html`<div dir="rtl"></div>`);
      const el = await chart('line', wrapper);
      expect(await walk(el, ['ArrowLeft', 'ArrowLeft', 'ArrowRight'])).to.deep.equal([
        'Jul, 2025: 380 k',
        'Aug, 2025: 400 k (5,3\u00a0% mehr als Jul)',
        'Jul, 2025: 380 k',
      ]);
    } finally {
      await setAnswerLocale('en');
    }
  });

  it('gives a screen reader every value it draws, without a switch to the table view', async () => {
    const el = await chart();
    const values = $(el, '.visually-hidden table');
    const rows = [...values.querySelectorAll('tr')].map((tr) =>
      [...tr.children].map((cell) => cell.textContent),
    );
    expect(rows).to.deep.equal([
      ['Category', '2025 (k)', '2024 (k)'],
      ['Jul', '380', '300'],
      ['Aug', '400', '340'],
      ['Sep', '420', '350'],
    ]);
    expect(values.querySelector('caption')!.textContent).to.equal('Data table');
    // The table view shows them to everyone: the hidden copy goes.
    $(el, '[part=views] button:last-child').click();
    await el.updateComplete;
    expect($$(el, '.visually-hidden table')).to.have.length(0);
    expect($$(el, 'answer-table')).to.have.length(1);
  });

  it('says anew what a walk and its summary find after its data or its locale change', async () => {
    const el = await chart();
    await walk(el, ['ArrowDown', 'ArrowRight']);
    // The walk stood on the second series; the update leaves one, with other values.
    el.series = [{ name: '2026', values: [500, 450, 600] }];
    await el.updateComplete;
    expect(await walk(el, ['ArrowRight'])).to.deep.equal(['Sep, 2026: 600 k (up 33.3% from Aug)']);
    const summary = () => $(el, '#summary').textContent;
    expect(summary()).to.equal(
      '3 points, from Jul to Sep. 2026: lowest 450 k at Aug, highest 600 k at Sep, up 20% overall.',
    );
    await setAnswerLocale('de');
    try {
      await el.updateComplete;
      expect(summary()).to.include('3 Punkte');
    } finally {
      await setAnswerLocale('en');
    }
  });

  it('describes itself by a summary computed from its data, shown on request', async () => {
    const el = await chart();
    const summary = $(el, '#summary');
    expect(summary.textContent).to.equal(
      '3 points, from Jul to Sep. ' +
        '2025: lowest 380 k at Jul, highest 420 k at Sep, up 10.5% overall. ' +
        '2024: lowest 300 k at Jul, highest 350 k at Sep, up 16.7% overall.',
    );
    expect($(el, 'canvas').getAttribute('aria-describedby')).to.equal('summary');
    const details = $(el, 'details.summary') as HTMLDetailsElement;
    expect(details.open, 'folded').to.equal(false);
    $(el, '.summary summary').click();
    await el.updateComplete;
    expect(details.open, 'shown').to.equal(true);
    const shown = $(el, 'details.summary p');
    expect(shown.textContent).to.equal(summary.textContent);
    expect(shown.getBoundingClientRect().height).to.be.greaterThan(0);
    await expect(el).to.be.accessible();
  });

  it('updates data on the existing instance', async () => {
    const el = await chart();
    const instance = el.chartInstance;
    el.series = [{ name: '2025', values: [1, 2, 3] }];
    await el.updateComplete;
    await waitUntil(() => instance!.data.datasets.length === 1, undefined, { timeout: 5000 });
    expect(el.chartInstance).to.equal(instance);
    expect(instance!.data.datasets[0]!.data).to.deep.equal([1, 2, 3]);
  });

  it('fits a 320 px screen', async () => {
    const box = narrowBox(320);
    const el = await chart('line', box);
    await waitUntil(() => el.chartInstance!.width <= 320, undefined, { timeout: 5000 });
    expect(el.getBoundingClientRect().width).to.be.at.most(320);
    expect(overflows(box)).to.be.false;
  });
});
