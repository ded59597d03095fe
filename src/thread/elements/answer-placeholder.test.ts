import { expect, fixture, html } from '@open-wc/testing';
import { revenueBlock } from '../../test-support/blocks.js';
import { $, $$ } from '../../test-support/dom.js';
import { outline, settle } from '../../test-support/settle.js';
import '../define.js';
import type { AgentThread } from './thread.js';
import { text, uid, type Part } from '../../test-support/parts.js';

/*
 * While a `present_answer` call streams its input, the reader sees a quiet
 * "Preparing…" card where the block will appear, never the half-built block.
 */

const callStart = (toolCallId: string): Part[] => [
  { type: 'tool-input-start', toolCallId, toolName: 'present_answer' },
  {
    type: 'tool-input-delta',
    toolCallId,
    inputTextDelta: '{"block_id":"q3-revenue","fallback_text":"Q3 rev',
  },
];

async function openThread(threadId?: string): Promise<AgentThread> {
  const el = await fixture<AgentThread>(
    html`<agent-thread no-composer thread-id=${threadId ?? ''}></agent-thread>`,
  );
  await el.restored;
  return el;
}

async function feed(thread: AgentThread, parts: Part[]) {
  parts.forEach((part) => thread.applyPart(part));
  await settle(thread);
}

const turnOf = (thread: AgentThread) => $(thread, 'agent-turn');
/** The busy placeholders a reader sees in a turn, by their text. */
const placeholders = (thread: AgentThread) =>
  $$(turnOf(thread), '[aria-busy="true"]').map((el) => el.textContent!.trim());

describe('a placeholder while a block is prepared', () => {
  it('shows "Preparing…" where the block will appear from tool-input-start, and the block takes its place when it arrives', async () => {
    const thread = await openThread();
    await feed(thread, [
      { type: 'start' },
      ...text('t1', 'Looking at the ledger.'),
      ...callStart('c1'),
    ]);
    expect(placeholders(thread)).to.deep.equal(['Preparing…']);
    expect(
      $$(turnOf(thread), 'answer-block'),
      'blocks appear whole, not as their input streams',
    ).to.have.length(0);
    await expect(thread).to.be.accessible();

    await feed(thread, [...text('t2', 'More while it is prepared.')]);
    const before = outline(turnOf(thread));
    expect(before.indexOf('Preparing…'), 'in stream order').to.be.within(
      before.indexOf('Looking at the ledger.'),
      before.indexOf('More while it is prepared.'),
    );

    await feed(thread, [
      {
        type: 'tool-input-available',
        toolCallId: 'c1',
        toolName: 'present_answer',
        input: revenueBlock(),
      },
    ]);
    expect(placeholders(thread)).to.deep.equal([]);
    const after = outline(turnOf(thread));
    expect(after.indexOf('<answer-block>'), 'where the placeholder stood').to.be.within(
      after.indexOf('Looking at the ledger.'),
      after.indexOf('More while it is prepared.'),
    );
    expect(after).to.include('$1,200,000.00');
  });

  it('goes away when the block comes as a data part (the back end hides its answer calls)', async () => {
    const thread = await openThread();
    await feed(thread, [
      { type: 'start' },
      { type: 'tool-input-start', toolCallId: 'c1', toolName: 'present_answer' },
    ]);
    expect(placeholders(thread)).to.deep.equal(['Preparing…']);
    expect(outline(turnOf(thread)), 'one sign of work at a time').not.to.include('Working on it');
    await feed(thread, [{ type: 'data-answer_ui', id: 'q3-revenue', data: revenueBlock() }]);
    expect(placeholders(thread)).to.deep.equal([]);
    expect($$(turnOf(thread), 'answer-block')).to.have.length(1);
  });

  it('goes away when the call is rejected: the first version’s fallback shows instead', async () => {
    const thread = await openThread();
    await feed(thread, [{ type: 'start' }, ...callStart('c1')]);
    const broken = {
      ...revenueBlock(),
      elements: { main: { type: 'PieChart', props: {} } },
      root: 'main',
    };
    await feed(thread, [
      { type: 'tool-input-available', toolCallId: 'c1', toolName: 'present_answer', input: broken },
    ]);
    expect(placeholders(thread)).to.deep.equal([]);
    expect(outline(turnOf(thread))).to.include('Q3 revenue rose 12% to 1.2 M USD; see table.');
  });

  it('leaves nothing spinning when the turn ends without the block, live or after a reload', async () => {
    const id = uid('placeholder');
    const live = await openThread(id);
    await feed(live, [{ type: 'start' }, ...text('t1', 'Preparing a chart.'), ...callStart('c1')]);
    await live.saved();
    expect(placeholders(live)).to.deep.equal(['Preparing…']);
    // A reload while the call streams: the turn comes back interrupted, with no placeholder.
    const reloaded = await openThread(id);
    await settle(reloaded);
    expect(outline(reloaded)).to.include('Preparing a chart.').and.include('Interrupted');
    expect(placeholders(reloaded)).to.deep.equal([]);
    reloaded.remove();

    await feed(live, [{ type: 'finish' }]);
    expect(placeholders(live)).to.deep.equal([]);
    expect(turnOf(live).getAttribute('aria-busy')).to.equal('false');
    await live.saved();
    live.remove();
    const restored = await openThread(id);
    await settle(restored);
    expect(outline(restored)).to.include('Preparing a chart.').and.not.include('Preparing…');
    expect($$(restored, '[aria-busy="true"]')).to.have.length(0);
  });
});
