import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import '../src/index.js';

type Variant = 'body' | 'heading' | 'caption' | 'note' | 'code';

interface TextArgs {
  text: string;
  variant: Variant;
}

const VARIANTS: Variant[] = ['body', 'heading', 'caption', 'note', 'code'];

const meta: Meta<TextArgs> = {
  title: 'Components/Text',
  component: 'answer-text',
  args: {
    text: 'Revenue rose 12% in the third quarter, driven by the new subscription plans.\nChurn stayed flat.',
    variant: 'body',
  },
  argTypes: {
    text: {
      control: 'text',
      description: 'Plain text; newlines are kept; never parsed as HTML or markdown',
    },
    variant: { control: 'inline-radio', options: VARIANTS },
  },
  render: (args) => html`<answer-text text=${args.text} variant=${args.variant}></answer-text>`,
};
export default meta;

type Story = StoryObj<TextArgs>;

export const Body: Story = {};

export const Heading: Story = { args: { text: 'Quarterly results', variant: 'heading' } };

export const Caption: Story = {
  args: { text: 'Source: finance data warehouse, refreshed 2025-10-01.', variant: 'caption' },
};

export const Note: Story = {
  args: {
    text: 'Figures for September are preliminary and may change after the audit.',
    variant: 'note',
  },
};

export const Code: Story = {
  args: {
    text: "SELECT region, SUM(revenue)\n  FROM sales\n WHERE quarter = '2025-Q3'\n GROUP BY region;",
    variant: 'code',
  },
};

/** Markup in the text is shown literally, never interpreted. */
export const MarkupIsText: Story = {
  args: {
    text: '<b>not bold</b> <img src=x onerror=alert(1)> **not markdown** [link](https://example.com)',
    variant: 'body',
  },
};

/** Long words and URLs must wrap instead of overflowing a narrow screen. */
export const LongUnbrokenText: Story = {
  args: {
    text: 'Identifier: 9f1c2e7a-4b7d-4c39-8a7e-0d5f2b6c1e98-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa https://example.com/a/very/long/path/that/does/not/break/anywhere/at/all/index.html',
    variant: 'body',
  },
};

export const LongCodeLine: Story = {
  args: {
    text: 'const result = await fetch(`/api/v2/reports/quarterly?region=${encodeURIComponent(region)}&from=2025-07-01&to=2025-09-30&include=all`);',
    variant: 'code',
  },
};

export const AllVariants: Story = {
  render: (args) => html`<answer-stack gap="sm">
    ${VARIANTS.map((variant) => html`<answer-text variant=${variant} text="${variant}: ${args.text}"></answer-text>`)}
  </answer-stack>`,
};
