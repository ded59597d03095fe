import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html, nothing } from 'lit';
import '../src/index.js';

interface MetricArgs {
  label: string;
  value: number | string;
  format: 'number' | 'percent' | 'currency' | 'compact';
  currency?: string;
  unit?: string;
  delta?: number;
  goodDirection: 'up' | 'down';
  caption?: string;
}

const meta: Meta<MetricArgs> = {
  title: 'Components/Metric',
  component: 'answer-metric',
  args: {
    label: 'Active users',
    value: 18432,
    format: 'number',
    delta: 0.072,
    goodDirection: 'up',
    caption: 'vs. last week',
  },
  argTypes: {
    label: { control: 'text' },
    value: {
      control: 'text',
      description:
        'A number (formatted for the locale) or a preformatted string. Numeric text is read as a number.',
    },
    format: { control: 'inline-radio', options: ['number', 'percent', 'currency', 'compact'] },
    currency: { control: 'text', description: 'ISO 4217 code, for format "currency"' },
    unit: { control: 'text' },
    delta: {
      control: { type: 'number', step: 0.01 },
      description: 'Change as a fraction (0.12 = +12%)',
    },
    goodDirection: { name: 'good-direction', control: 'inline-radio', options: ['up', 'down'] },
    caption: { control: 'text' },
  },
  render: (args) => html`<answer-metric
    style="max-width: 20rem"
    label=${args.label}
    .value=${typeof args.value === 'string' && args.value.trim() !== '' && Number.isFinite(Number(args.value)) ? Number(args.value) : args.value}
    format=${args.format}
    currency=${args.currency ?? nothing}
    unit=${args.unit ?? nothing}
    .delta=${args.delta}
    good-direction=${args.goodDirection}
    caption=${args.caption ?? nothing}
  ></answer-metric>`,
};
export default meta;

type Story = StoryObj<MetricArgs>;

export const PlainNumber: Story = { name: 'Number' };

export const Currency: Story = {
  args: {
    label: 'Revenue',
    value: 1200000,
    format: 'currency',
    currency: 'USD',
    delta: 0.12,
    caption: 'Q3 2025 vs. Q2',
  },
};

export const Percent: Story = {
  args: {
    label: 'Conversion rate',
    value: 0.0345,
    format: 'percent',
    delta: 0.004,
    caption: 'last 30 days',
  },
};

export const Compact: Story = {
  args: {
    label: 'Page views',
    value: 48_250_000,
    format: 'compact',
    delta: 0.31,
    caption: 'year to date',
  },
};

export const NegativeDelta: Story = {
  args: { label: 'Orders', value: 9214, delta: -0.083, caption: 'vs. last month' },
};

/** A rising value that is bad: the positive delta is coloured as a change for the worse. */
export const GoodDirectionDown: Story = {
  args: {
    label: 'Churn',
    value: 0.052,
    format: 'percent',
    delta: 0.015,
    goodDirection: 'down',
    caption: 'monthly',
  },
};

/** A falling value that is good when good-direction is down. */
export const GoodDirectionDownFalling: Story = {
  args: {
    label: 'Median response time',
    value: 182,
    unit: 'ms',
    delta: -0.21,
    goodDirection: 'down',
    caption: 'p50, last 24 h',
  },
};

export const NoChange: Story = {
  args: { label: 'Open tickets', value: 41, delta: 0, caption: 'same as yesterday' },
};

export const StringValue: Story = {
  args: { label: 'Revenue', value: 'n/a', delta: undefined, caption: 'not reported yet' },
};

export const WithUnit: Story = {
  args: { label: 'Flow', value: 412.5, unit: 'm³/h', delta: undefined, caption: 'pump station 4' },
};

export const NoDeltaNoCaption: Story = {
  args: { label: 'Employees', value: 1204, delta: undefined, caption: undefined },
};

export const LongLabelAndValue: Story = {
  args: {
    label: 'Average revenue per active enterprise customer across all regions and product lines',
    value: 123456789012.34,
    format: 'currency',
    currency: 'EUR',
    delta: 1.234,
    caption:
      'Compared with the same quarter of the previous fiscal year, adjusted for currency effects',
  },
};

/** Several metrics side by side, as agents usually send them. */
export const MetricRow: Story = {
  render: () => html`<answer-stack direction="horizontal" gap="md" wrap>
    <answer-metric label="Revenue" .value=${1200000} format="currency" currency="USD" .delta=${0.12} caption="vs. Q2"></answer-metric>
    <answer-metric label="Margin" .value=${0.284} format="percent" .delta=${-0.011} caption="vs. Q2"></answer-metric>
    <answer-metric label="Churn" .value=${0.052} format="percent" .delta=${0.015} good-direction="down"></answer-metric>
    <answer-metric label="Status" value="On track"></answer-metric>
  </answer-stack>`,
};
