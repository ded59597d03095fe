import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html, nothing } from 'lit';
import type { ChartSeriesT } from '../src/catalog/index.js';
import '../src/index.js';
import { channelSeries, manySeries, months, revenueSeries } from './fixtures.js';

interface ChartArgs {
  heading: string;
  kind: 'line' | 'bar';
  labels: string[];
  series: ChartSeriesT[];
  xLabel?: string;
  yLabel?: string;
  unit?: string;
  stacked: boolean;
}

/** Waits until chart.js has drawn (it is loaded lazily). */
async function chartDrawn(canvasElement: HTMLElement) {
  const charts = [...canvasElement.querySelectorAll('answer-chart')];
  const deadline = Date.now() + 5000;
  while (
    charts.some((chart) => !chart.chartInstance && chart.view !== 'table') &&
    Date.now() < deadline
  ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const meta: Meta<ChartArgs> = {
  title: 'Components/Chart',
  component: 'answer-chart',
  args: {
    heading: 'Monthly revenue',
    kind: 'line',
    labels: months,
    series: revenueSeries,
    xLabel: 'Month',
    yLabel: 'Revenue',
    unit: 'k USD',
    stacked: false,
  },
  argTypes: {
    heading: { control: 'text' },
    kind: {
      control: 'inline-radio',
      options: ['line', 'bar'],
      description: 'Initial view; the reader can switch to bar, line or table',
    },
    labels: { control: 'object' },
    series: { control: 'object', description: '`{ name, values }`, one value per label' },
    xLabel: { name: 'x-label', control: 'text' },
    yLabel: { name: 'y-label', control: 'text' },
    unit: { control: 'text' },
    stacked: { control: 'boolean' },
  },
  render: (args) => html`<answer-chart
    heading=${args.heading}
    kind=${args.kind}
    .labels=${args.labels}
    .series=${args.series}
    x-label=${args.xLabel ?? nothing}
    y-label=${args.yLabel ?? nothing}
    unit=${args.unit ?? nothing}
    ?stacked=${args.stacked}
  ></answer-chart>`,
  play: async ({ canvasElement }) => chartDrawn(canvasElement),
};
export default meta;

type Story = StoryObj<ChartArgs>;

export const Line: Story = {};

export const Bar: Story = { args: { kind: 'bar' } };

export const StackedBar: Story = {
  args: {
    heading: 'Sales by channel',
    kind: 'bar',
    stacked: true,
    labels: months.slice(0, 6),
    series: channelSeries,
    unit: 'k USD',
    yLabel: 'Sales',
  },
};

export const StackedLine: Story = {
  args: {
    heading: 'Sales by channel (stacked)',
    kind: 'line',
    stacked: true,
    labels: months.slice(0, 6),
    series: channelSeries,
    unit: 'k USD',
    yLabel: 'Sales',
  },
};

/** The reader's "Table" view, selected through the view switch. */
export const TableView: Story = {
  play: async ({ canvasElement }) => {
    const chart = canvasElement.querySelector('answer-chart')!;
    await chart.updateComplete;
    const buttons = [
      ...chart.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part=views] button'),
    ];
    buttons[2]!.click();
    await chart.updateComplete;
  },
};

export const SingleSeriesNoAxisTitles: Story = {
  args: {
    heading: 'Signups',
    labels: months.slice(0, 6),
    series: [{ name: 'Signups', values: [120, 180, 160, 240, 310, 290] }],
    xLabel: undefined,
    yLabel: undefined,
    unit: undefined,
  },
};

/** More series than colours (8 > 6): colours repeat. */
export const ManySeries: Story = {
  args: { heading: 'Sensor readings', series: manySeries, unit: '°C', yLabel: 'Temperature' },
};

export const NegativeValues: Story = {
  args: {
    heading: 'Net cash flow',
    kind: 'bar',
    labels: ['Q1', 'Q2', 'Q3', 'Q4'],
    series: [{ name: 'Cash flow', values: [-120000, 45000, 310000, -8000] }],
    unit: 'USD',
    yLabel: 'Cash flow',
  },
};

export const LongLabels: Story = {
  args: {
    heading:
      'Average handling time per support queue, including escalations to second-level support',
    kind: 'bar',
    labels: [
      'Billing and invoices',
      'Technical problems with the mobile app',
      'Account recovery',
      'Enterprise onboarding',
      'Other',
    ],
    series: [{ name: 'Minutes', values: [6.2, 14.8, 9.1, 22.4, 4.3] }],
    unit: 'min',
    xLabel: 'Queue',
    yLabel: 'Handling time',
  },
};

export const SinglePoint: Story = {
  args: {
    heading: 'Revenue (one month)',
    labels: ['Sep'],
    series: [{ name: '2025', values: [420] }],
  },
};

/** Many categories (60 days). */
export const DenseLine: Story = {
  args: {
    heading: 'Daily active users',
    labels: Array.from({ length: 60 }, (_, i) => `D${i + 1}`),
    series: [
      {
        name: 'DAU',
        values: Array.from({ length: 60 }, (_, i) =>
          Math.round(5000 + 900 * Math.sin(i / 4) + i * 30),
        ),
      },
    ],
    unit: undefined,
    yLabel: 'Users',
    xLabel: 'Day',
  },
};
