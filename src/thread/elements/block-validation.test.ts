import { expect, fixture, html } from '@open-wc/testing';
import { $, $$ } from '../../test-support/dom.js';
import { settle } from '../../test-support/settle.js';
import '../define.js';
import type { AgentThread } from './thread.js';
import { uid } from '../../test-support/parts.js';

/*
 * A streamed block is validated once, by the conversation: one
 * answer-error for an invalid block, and none again when the thread is
 * restored (the saved fallback is shown as it is).
 */

const invalidBlock = {
  block_id: 'broken-chart',
  fallback_text: 'Sales rose each month.',
  root: 'c',
  elements: {
    c: {
      type: 'Chart',
      props: {
        title: 'Sales',
        kind: 'line',
        labels: ['Jan', 'Feb'],
        series: [{ name: 'EU', values: [1] }],
      },
    },
  },
};

async function openThread(threadId: string, errors: string[]): Promise<AgentThread> {
  const el = await fixture<AgentThread>(
    html`<agent-thread thread-id=${threadId} @answer-error=${(e: CustomEvent) => errors.push(e.detail.code)}></agent-thread>`,
  );
  await el.restored;
  await settle(el);
  return el;
}

describe('block validation in a thread', () => {
  it('reports an invalid block once, from the thread, and shows its fallback; a reload shows the fallback without reporting it again', async () => {
    const id = uid('invalid');
    const liveErrors: string[] = [];
    const live = await openThread(id, liveErrors);
    for (const part of [
      { type: 'start' },
      { type: 'data-answer_ui', id: 'broken-chart', data: invalidBlock },
      { type: 'finish' },
    ])
      live.applyPart(part);
    await settle(live);
    await live.saved();
    expect(liveErrors).to.deep.equal(['misaligned_series']);
    const block = $($(live, 'agent-turn'), 'answer-block');
    expect($(block, '.fallback').textContent).to.equal('Sales rose each month.');
    expect($$(block, 'answer-chart')).to.have.length(0);
    live.remove();

    const restoredErrors: string[] = [];
    const restored = await openThread(id, restoredErrors);
    const again = $($(restored, 'agent-turn'), 'answer-block');
    expect($(again, '.fallback').textContent).to.equal('Sales rose each month.');
    expect(restoredErrors).to.deep.equal([]);
    restored.remove();
  });
});
