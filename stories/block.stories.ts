import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import conformance from '../src/catalog/conformance/blocks.json';
import type { FormValue } from '../src/index.js';
import '../src/index.js';
import { incidentReportBlock } from '../src/test-support/blocks.js';
import { conformanceBlock, LOCAL_TILES } from './fixtures.js';

interface BlockArgs {
  /** The block: an object or JSON text; validated before anything renders. */
  block: unknown;
  /** Submitted answers of the block's forms, by element id. */
  submissions?: Record<string, Record<string, FormValue>>;
  /** Story only: render this conformance case instead of `block`. */
  conformanceCase?: string;
}

const CASE_NAMES = (conformance.cases as { name: string }[]).map((c) => c.name);

const meta: Meta<BlockArgs> = {
  title: 'Block',
  component: 'answer-block',
  args: { block: conformanceBlock('every component') },
  argTypes: {
    block: {
      control: 'object',
      description:
        'A block object (or JSON text); invalid blocks render their fallback_text and fire answer-error',
    },
    submissions: {
      control: 'object',
      description: 'Submitted answers by form element id; those forms show read-only',
    },
    conformanceCase: {
      control: 'select',
      options: CASE_NAMES,
      description: 'Story only: render a case from src/catalog/conformance/blocks.json',
    },
  },
  parameters: { answerMap: LOCAL_TILES },
  render: (args) =>
    html`<answer-block .block=${args.conformanceCase ? conformanceBlock(args.conformanceCase) : args.block} .submissions=${args.submissions}></answer-block>`,
};
export default meta;

type Story = StoryObj<BlockArgs>;

/** The "every component" conformance case. */
export const EveryComponent: Story = {};

export const EveryComponentDark: Story = { globals: { theme: 'dark' } };

/** The locale is page-wide, so this story stays off the Docs page (where it would switch every story to Arabic). */
export const EveryComponentRtlArabic: Story = {
  globals: { direction: 'rtl', locale: 'ar' },
  tags: ['!autodocs'],
};

export const EveryComponentNarrow: Story = {
  globals: { viewport: { value: 'narrow', isRotated: false } },
};

/** `null`, not `undefined`, overrides the file's tile source. Off the Docs page, where the tile source is shared. */
export const EveryComponentWithoutTiles: Story = {
  parameters: { answerMap: null },
  tags: ['!autodocs'],
};

export const EveryComponentSubmitted: Story = {
  args: {
    submissions: {
      form: { site: 'B', flow: 42, note: 'Check the bypass too.', when: '2025-06-03', ok: true },
    },
  },
};

/** The README's example. */
export const SpecExample: Story = { args: { block: conformanceBlock('spec example') } };

export const GivenAsJsonText: Story = {
  args: { block: conformanceBlock('block given as a JSON string') },
};

export const MetricWithStringValue: Story = {
  args: { block: conformanceBlock('metric with a string value') },
};

export const EmptyTable: Story = { args: { block: conformanceBlock('empty table') } };

/** A richer answer: metrics, a section with table and evidence, a chart, a map and a form. */
export const IncidentReport: Story = { args: { block: incidentReportBlock } };

export const IncidentReportSubmitted: Story = {
  args: {
    block: incidentReportBlock,
    submissions: { form: { window: 'Sat 06:00–08:00', note: null } },
  },
};

/** An unknown component: nothing of the block renders; its fallback_text does, and answer-error fires. */
export const InvalidShowsFallback: Story = {
  args: { block: conformanceBlock('unknown component') },
};

export const InvalidSeveralErrors: Story = {
  args: { block: conformanceBlock('several errors at once') },
};

/** Not even JSON: there is no fallback_text, so a neutral notice shows. */
export const InvalidJsonNoFallback: Story = { args: { block: conformanceBlock('not JSON') } };

/** Pick any conformance case from the control. */
export const ConformanceCase: Story = { args: { conformanceCase: 'orphan node' } };
