import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import '../src/index.js';

interface StackArgs {
  direction: 'vertical' | 'horizontal';
  gap: 'none' | 'sm' | 'md' | 'lg';
  align: 'start' | 'center' | 'end' | 'stretch';
  wrap: boolean;
  children: number;
}

const child = (i: number) =>
  i % 3 === 0
    ? html`<answer-metric label="Metric ${i + 1}" .value=${1000 * (i + 1)} .delta=${i % 2 ? -0.05 : 0.08}></answer-metric>`
    : i % 3 === 1
      ? html`<answer-text variant="note" text="Child ${i + 1}: a note that is a little longer than the others."></answer-text>`
      : html`<answer-text text="Child ${i + 1}"></answer-text>`;

const meta: Meta<StackArgs> = {
  title: 'Components/Stack',
  component: 'answer-stack',
  args: { direction: 'vertical', gap: 'md', align: 'stretch', wrap: false, children: 4 },
  argTypes: {
    direction: { control: 'inline-radio', options: ['vertical', 'horizontal'] },
    gap: { control: 'inline-radio', options: ['none', 'sm', 'md', 'lg'] },
    align: { control: 'inline-radio', options: ['start', 'center', 'end', 'stretch'] },
    wrap: { control: 'boolean' },
    children: {
      control: { type: 'range', min: 1, max: 12 },
      description: 'Number of example children (story only)',
    },
  },
  render: (
    args,
  ) => html`<answer-stack direction=${args.direction} gap=${args.gap} align=${args.align} ?wrap=${args.wrap}>
    ${Array.from({ length: args.children }, (_, i) => child(i))}
  </answer-stack>`,
};
export default meta;

type Story = StoryObj<StackArgs>;

export const Vertical: Story = {};

export const Horizontal: Story = { args: { direction: 'horizontal' } };

export const HorizontalWrap: Story = {
  args: { direction: 'horizontal', wrap: true, children: 9, gap: 'sm' },
};

export const HorizontalAlignCenter: Story = { args: { direction: 'horizontal', align: 'center' } };

export const HorizontalAlignEnd: Story = { args: { direction: 'horizontal', align: 'end' } };

export const VerticalAlignStart: Story = { args: { align: 'start' } };

export const GapNone: Story = { args: { gap: 'none' } };

export const GapLarge: Story = { args: { gap: 'lg' } };

export const Nested: Story = {
  render: () => html`<answer-stack gap="lg">
    <answer-text variant="heading" text="Nested stacks"></answer-text>
    <answer-stack direction="horizontal" gap="md">
      <answer-metric label="North" .value=${412} .delta=${0.1}></answer-metric>
      <answer-metric label="South" .value=${380} .delta=${-0.04}></answer-metric>
      <answer-metric label="East" .value=${298} .delta=${0}></answer-metric>
    </answer-stack>
    <answer-stack direction="horizontal" gap="sm" align="center" wrap>
      ${['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Zeta'].map((name) => html`<answer-text variant="code" text=${name}></answer-text>`)}
    </answer-stack>
  </answer-stack>`,
};
