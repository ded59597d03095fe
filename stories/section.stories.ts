import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html, nothing } from 'lit';
import '../src/index.js';

interface SectionArgs {
  heading: string;
  subtitle?: string;
}

const meta: Meta<SectionArgs> = {
  title: 'Components/Section',
  component: 'answer-section',
  args: { heading: 'Findings', subtitle: 'Pump station 4, inspection of 2 May 2025' },
  argTypes: {
    heading: { control: 'text' },
    subtitle: { control: 'text' },
  },
  render: (
    args,
  ) => html`<answer-section heading=${args.heading} subtitle=${args.subtitle ?? nothing}>
    <answer-text text="The outlet valve was stuck at 40% open, which explains the pressure drop seen in March."></answer-text>
    <answer-metric label="Flow" .value=${412.5} unit="m³/h" .delta=${-0.18} caption="vs. design flow"></answer-metric>
  </answer-section>`,
};
export default meta;

type Story = StoryObj<SectionArgs>;

export const WithSubtitle: Story = {};

export const HeadingOnly: Story = { args: { subtitle: undefined } };

export const LongHeading: Story = {
  args: {
    heading:
      'Findings of the unscheduled inspection of pump station 4 after the night-shift pressure alarm in March',
    subtitle:
      'Prepared for the operations review board; figures are preliminary until the audit has been completed',
  },
};

export const Nested: Story = {
  render: (
    args,
  ) => html`<answer-section heading=${args.heading} subtitle=${args.subtitle ?? nothing}>
    <answer-text text="Two sub-sections follow."></answer-text>
    <answer-section heading="Hydraulics">
      <answer-text text="Flow is 18% under the design flow."></answer-text>
    </answer-section>
    <answer-section heading="Electrical" subtitle="Motor 2">
      <answer-text variant="note" text="No faults recorded."></answer-text>
    </answer-section>
  </answer-section>`,
};

export const Empty: Story = {
  render: (args) =>
    html`<answer-section heading=${args.heading} subtitle=${args.subtitle ?? nothing}></answer-section>`,
};
