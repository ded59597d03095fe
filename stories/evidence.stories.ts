import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html, nothing } from 'lit';
import type { EvidenceItemT } from '../src/catalog/index.js';
import '../src/index.js';
import { evidenceItems } from './fixtures.js';

interface EvidenceArgs {
  heading: string;
  summary?: string;
  items: EvidenceItemT[];
  open: boolean;
}

const meta: Meta<EvidenceArgs> = {
  title: 'Components/Evidence',
  component: 'answer-evidence',
  args: {
    heading: 'Sources',
    summary: 'The inspection log and the SCADA export both place the fault at valve V-12.',
    items: evidenceItems,
    open: false,
  },
  argTypes: {
    heading: { control: 'text' },
    summary: { control: 'text' },
    items: {
      control: 'object',
      description:
        '`{ source, excerpt?, locator?, published?, ref? }`; items with a ref get an "Open source" button (fires answer-source-select)',
    },
    open: { control: 'boolean' },
  },
  render: (args) =>
    html`<answer-evidence heading=${args.heading} summary=${args.summary ?? nothing} .items=${args.items} ?open=${args.open}></answer-evidence>`,
};
export default meta;

type Story = StoryObj<EvidenceArgs>;

export const Collapsed: Story = {};

export const Open: Story = { args: { open: true } };

export const SingleItem: Story = {
  args: { open: true, summary: undefined, items: [evidenceItems[0]!] },
};

export const WithoutRefs: Story = {
  args: {
    open: true,
    heading: 'Background reading',
    summary: undefined,
    items: evidenceItems.map(({ ref: _ref, ...item }) => item),
  },
};

export const LongExcerpts: Story = {
  args: {
    open: true,
    items: [
      {
        source:
          'Annual report 2024 of the regional water authority, chapter “Network resilience and unplanned outages”',
        excerpt:
          'In 2024 the network recorded 37 unplanned outages, 12 of which were caused by valve failures at pumping stations older than thirty years. ' +
          'The authority therefore decided to replace all valves of that age by the end of 2026, starting with the stations that serve hospitals. ' +
          'Identifier without breaks: AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        locator: 'pp. 112–118',
        published: '2025-02-14',
        ref: 'annual-report-2024',
      },
      ...evidenceItems.slice(1, 3),
    ],
  },
};

export const ManyItems: Story = {
  args: {
    open: true,
    summary: undefined,
    items: Array.from({ length: 12 }, (_, i) => ({
      source: `Field report ${i + 1}`,
      excerpt: `Observation ${i + 1}.`,
      published: `2025-0${(i % 9) + 1}-15`,
      ref: `report-${i + 1}`,
    })),
  },
};
