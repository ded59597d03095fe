import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { conformanceBlock } from '../../stories/fixtures.js';
import brandTheme from './brand-theme.css?raw';
import { showFirstAnswer } from './first-answer.js';
import q3Revenue from './q3-revenue.json?raw';

/*
 * The guides' live examples: each story runs the very file its guide shows
 * (imported there with `?raw`), so the page cannot drift from the code.
 */
const meta: Meta = {
  title: 'Guides/Live examples',
  tags: ['!autodocs'],
  parameters: { layout: 'padded' },
};
export default meta;

type Story = StoryObj;

/** Getting started: docs/examples/first-answer.ts. */
export const FirstAnswer: Story = {
  render: () => {
    const page = document.createElement('div');
    showFirstAnswer(page);
    return page;
  },
};

/** The contract: docs/examples/q3-revenue.json, as an agent's present_answer call sends it. */
export const Q3Revenue: Story = {
  render: () => html`<answer-block .block=${q3Revenue}></answer-block>`,
};

/** Theming: docs/examples/brand-theme.css on a block with a metric and a chart. */
export const BrandTheme: Story = {
  render: () => {
    const style = document.createElement('style');
    style.textContent = brandTheme;
    return html`${style}
      <div class="brand">
        <answer-block .block=${conformanceBlock('every component')}></answer-block>
      </div>`;
  },
};
