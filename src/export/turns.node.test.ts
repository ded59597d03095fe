import { expect } from 'chai';
import type { Block } from '../catalog/index.js';
import { investigationBlock, revenueBlock } from '../test-support/blocks.js';
import { toMarkdown } from './index.js';
import { readPart, ThreadState, type AssistantTurn } from '../conversation/index.js';
import { text } from '../test-support/parts.js';

/* A turn as the thread builds it from stream parts, exported: what Copy and Export take. */

/** The turn's markdown without the disclosure and the mark (toMarkdown's first and last parts). */
const turnAsMarkdown = (turn: AssistantTurn) =>
  toMarkdown(turn).output.trim().split('\n\n').slice(1, -1).join('\n\n');

/** The turn a sequence of stream parts builds, as the thread builds it. */
function turnOf(parts: Record<string, unknown>[]): AssistantTurn {
  const state = new ThreadState();
  state.addUser('Question?');
  for (const part of parts) state.apply(readPart(part)!);
  return state.messages.at(-1) as AssistantTurn;
}

const block = (data: Block | Record<string, unknown>) => ({
  type: 'data-answer_ui',
  id: data.block_id,
  data,
});

const tricky: Block = {
  block_id: 'tricky',
  fallback_text: 'Cells with pipes.',
  root: 't',
  elements: {
    t: {
      type: 'Table',
      props: {
        caption: 'Odd *cells*',
        columns: [{ label: 'Name | alias' }, { label: 'Share', format: 'percent', align: 'end' }],
        rows: [
          ['a|b', 0.125],
          ['two\nlines', null],
        ],
      },
    },
  },
};

describe('toMarkdown of a turn', () => {
  it('copies the final report, then the blocks it names in its order with their data, then the sources', () => {
    const turn = turnOf([
      { type: 'start' },
      ...text('t1', 'Process text that folds away.'),
      { type: 'reasoning-start', id: 'r' },
      { type: 'reasoning-delta', id: 'r', delta: 'Private reasoning.' },
      { type: 'reasoning-end', id: 'r' },
      block(investigationBlock()),
      block(revenueBlock()),
      block({ ...revenueBlock(), block_id: 'unnamed', fallback_text: 'NOT NAMED' }),
      {
        type: 'source-url',
        sourceId: 's1',
        url: 'https://example.com/q3 (final)',
        title: 'Q3 [audited] report',
      },
      { type: 'source-url', sourceId: 's2', url: 'javascript:alert(1)', title: 'Hostile' },
      {
        type: 'source-document',
        sourceId: 's3',
        mediaType: 'application/pdf',
        title: 'Ledger',
        filename: 'ledger.pdf',
      },
      {
        type: 'data-final_answer',
        data: {
          text: '## Q3\nRevenue rose **12%** [1].',
          ui_block_ids: ['q3-revenue', 'field-check'],
        },
      },
    ]);
    const markdown = turnAsMarkdown(turn);
    expect(markdown).to.equal(
      [
        '## Q3\nRevenue rose **12%** [1].',
        'Revenue: **$1,200,000.00** (+12%)',
        '**Monthly revenue**',
        '3 points, from Jul to Sep. 2025: lowest 380K at Jul, highest 400K at Aug, up 5.3% overall.',
        '| Label | 2025 |\n| --- | ---: |\n| Jul | 380,000 |\n| Aug | 400,000 |\n| Sep | 400,000 |',
        '### Pump station 4',
        'Valve 7 stuck half open.',
        '| Site | Flow |\n| --- | ---: |\n| A | 1 |\n| B | 2 |',
        '**Sources**',
        '> Valve 7 stuck half open.\n>\n> — Inspection log',
        '**Confirm**',
        '1. Crew',
        '**Sources**',
        '1. [Q3 \\[audited\\] report](https://example.com/q3%20%28final%29)\n2. Hostile\n3. Ledger',
      ].join('\n\n'),
    );
    expect(markdown)
      .not.to.include('Process text')
      .and.not.to.include('Private reasoning')
      .and.not.to.include('NOT NAMED');
    expect(markdown).not.to.include('javascript:');
  });

  it('copies every text and block in order while there is no report, reasoning left out, a rejected block as its fallback text', () => {
    const turn = turnOf([
      { type: 'start' },
      ...text('t1', 'First, the **numbers**:'),
      { type: 'reasoning-start', id: 'r' },
      { type: 'reasoning-delta', id: 'r', delta: 'Private reasoning.' },
      { type: 'reasoning-end', id: 'r' },
      block(tricky),
      ...text('t2', 'Then a block that failed:'),
      {
        type: 'data-answer_ui',
        id: 'broken',
        data: {
          block_id: 'broken',
          fallback_text: 'Shown as text only.',
          root: 'x',
          elements: { x: { type: 'Pie' } },
        },
      },
      { type: 'tool-input-available', toolCallId: 'c1', toolName: 'lookup', input: {} },
      { type: 'finish' },
    ]);
    expect(turnAsMarkdown(turn)).to.equal(
      [
        'First, the **numbers**:',
        '**Odd \\*cells\\***\n\n| Name \\| alias | Share |\n| --- | ---: |\n| a\\|b | 12.5% |\n| two lines |   |',
        'Then a block that failed:',
        'Shown as text only.',
      ].join('\n\n'),
    );
  });

  it('copies nothing of an empty turn, and a source without a title by its URL', () => {
    expect(turnAsMarkdown(turnOf([{ type: 'start' }]))).to.equal('');
    const turn = turnOf([
      { type: 'start' },
      { type: 'source-url', sourceId: 's', url: 'http://example.org/a' },
      { type: 'source-url', sourceId: 'r', url: '/relative' },
    ]);
    expect(turnAsMarkdown(turn)).to.equal(
      '**Sources**\n\n1. [http://example.org/a](http://example.org/a)\n2. /relative',
    );
  });

  it("leaves out a subagent's own text and ends with what an interrupted run asks (AG-UI)", () => {
    const turn = turnOf([
      { type: 'start' },
      ...text('sub', 'Reading the log.'),
      ...text('m', 'Valve 7.'),
    ]);
    Object.assign(turn.items[0]!, { subagentRunId: 'sa-1' });
    turn.items.push({
      kind: 'interrupt',
      key: 'interrupt:i',
      interruptId: 'i',
      reason: 'input_required',
      message: 'Which day?',
    });
    expect(turnAsMarkdown(turn)).to.equal('Valve 7.\n\nWhich day?');
  });
});
