import { expect, fixture, html } from '@open-wc/testing';
import { revenueBlock } from '../../test-support/blocks.js';
import { $, $$ } from '../../test-support/dom.js';
import { outline, settle } from '../../test-support/settle.js';
import '../define.js';
import type { AgentThread } from './thread.js';
import { uid } from '../../test-support/parts.js';

/*
 * A same-id update that fails validation does not destroy the block it
 * updates: the last valid version stays on screen and in storage, a quiet
 * notice says an update was lost, and the host hears of it once.
 */

const NOTICE = 'An update to part of the answer could not be shown; the last good version is kept.';

/** The revenue block with a chart series shorter than its labels. */
const misaligned = () => {
  const block = revenueBlock(1_500_000);
  const trend = block.elements.trend!;
  return {
    ...block,
    elements: {
      ...block.elements,
      trend: { ...trend, props: { ...trend.props, series: [{ name: '2025', values: [1] }] } },
    },
  };
};

async function openThread(
  threadId: string,
  errors: { code: string; message: string }[],
): Promise<AgentThread> {
  const el = await fixture<AgentThread>(
    html`<agent-thread no-composer thread-id=${threadId} @answer-error=${(e: CustomEvent) => errors.push(e.detail)}></agent-thread>`,
  );
  await el.restored;
  await settle(el);
  return el;
}

const metricValue = (thread: AgentThread) =>
  $(
    $(
      $($(thread, 'agent-turn'), 'answer-block[data-block-id="q3-revenue"]'),
      '[data-element-id="kpi"]',
    ),
    '.value',
  ).textContent!.trim();

describe('the last good version of a block', () => {
  it('keeps the valid block on screen when an update fails, adds a notice, fires one answer-error, and comes back the same after a reload', async () => {
    const id = uid('last-good');
    const errors: { code: string; message: string }[] = [];
    const live = await openThread(id, errors);
    for (const part of [
      { type: 'start' },
      { type: 'data-answer_ui', id: 'q3-revenue', data: revenueBlock(1_200_000) },
      { type: 'tool-input-start', toolCallId: 'c2', toolName: 'present_answer' },
      {
        type: 'tool-input-available',
        toolCallId: 'c2',
        toolName: 'present_answer',
        input: misaligned(),
      },
      { type: 'finish' },
    ]) {
      live.applyPart(part);
    }
    await settle(live);
    await live.saved();

    expect(metricValue(live)).to.equal('$1,200,000.00');
    const turn = $(live, 'agent-turn');
    expect($$(turn, 'answer-block')).to.have.length(1);
    expect(outline(turn))
      .to.include(NOTICE)
      .and.not.include('Q3 revenue rose 12% to 1.2 M USD; see table.');
    expect(errors.map((e) => e.code)).to.deep.equal(['invalid_update']);
    expect(errors[0]!.message).to.include('q3-revenue').and.include('misaligned_series');
    await expect(live).to.be.accessible();
    live.remove();

    const restoredErrors: { code: string; message: string }[] = [];
    const restored = await openThread(id, restoredErrors);
    expect(metricValue(restored)).to.equal('$1,200,000.00');
    expect(outline($(restored, 'agent-turn'))).to.include(NOTICE);
    expect(restoredErrors).to.deep.equal([]);
  });

  it('an invalid first version still shows its fallback with one answer-error, and no notice', async () => {
    const errors: { code: string; message: string }[] = [];
    const thread = await openThread('', errors);
    for (const part of [
      { type: 'start' },
      { type: 'data-answer_ui', id: 'q3-revenue', data: misaligned() },
      { type: 'finish' },
    ])
      thread.applyPart(part);
    await settle(thread);
    expect(errors.map((e) => e.code)).to.deep.equal(['misaligned_series']);
    const turn = outline($(thread, 'agent-turn'));
    expect(turn).to.include('Q3 revenue rose 12% to 1.2 M USD; see table.').and.not.include(NOTICE);
  });
});
