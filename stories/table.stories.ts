import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html, nothing } from 'lit';
import type { TableCell, TableColumnT } from '../src/catalog/index.js';
import '../src/index.js';
import { flowColumns, flowRows, longRows, wideColumns } from './fixtures.js';

interface TableArgs {
  caption?: string;
  columns: TableColumnT[];
  rows: TableCell[][];
}

const meta: Meta<TableArgs> = {
  title: 'Components/Table',
  component: 'answer-table',
  args: { caption: 'Pump stations, May 2025', columns: flowColumns, rows: flowRows },
  argTypes: {
    caption: { control: 'text' },
    columns: {
      control: 'object',
      description:
        "`{ label, align?: 'start'|'center'|'end', format?: 'text'|'number'|'percent'|'currency'|'date', currency? }`",
    },
    rows: {
      control: 'object',
      description: 'One cell per column: string, number, boolean or null',
    },
  },
  render: (args) =>
    html`<answer-table caption=${args.caption ?? nothing} .columns=${args.columns} .rows=${args.rows}></answer-table>`,
};
export default meta;

type Story = StoryObj<TableArgs>;

/** Every column format, booleans and empty (null) cells. */
export const EveryFormat: Story = {};

export const Empty: Story = { args: { caption: 'No matching pump stations', rows: [] } };

export const EmptyWithoutCaption: Story = {
  args: { caption: undefined, columns: [{ label: 'A' }], rows: [] },
};

/** 40 rows × 12 columns: scrolls horizontally inside its own box. */
export const Long: Story = {
  args: { caption: 'All sites (40)', columns: wideColumns, rows: longRows },
};

/** Sorted by the flow column (descending) through its header button. */
export const SortedByFlow: Story = {
  play: async ({ canvasElement }) => {
    const table = canvasElement.querySelector('answer-table')!;
    await table.updateComplete;
    const button = table.shadowRoot!.querySelectorAll<HTMLButtonElement>('th button')[1]!;
    button.click();
    await table.updateComplete;
    button.click();
    await table.updateComplete;
  },
};

export const LongTextCells: Story = {
  args: {
    caption: 'Open issues',
    columns: [{ label: 'Id', format: 'number' }, { label: 'Issue' }, { label: 'Owner' }],
    rows: [
      [
        101,
        'Outlet valve V-12 stuck at 40% open; replacement part ordered from the manufacturer, delivery expected in two weeks.',
        'Operations',
      ],
      [
        102,
        'Pressure sensor P-3 reports values 0.3 bar above the calibrated reference; recalibration scheduled.',
        'Instrumentation',
      ],
      [
        103,
        'https://intranet.example.com/tickets/103/attachments/very-long-file-name-without-any-spaces.pdf',
        'IT',
      ],
    ],
  },
};

export const SingleColumn: Story = {
  args: {
    caption: 'Regions',
    columns: [{ label: 'Region' }],
    rows: [['North'], ['South'], ['East'], ['West']],
  },
};
