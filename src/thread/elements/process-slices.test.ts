import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../define.js';
import type { AgentThread } from './thread.js';
import type { AnswerBlock } from '../../components/block/block.js';
import { $$ } from '../../test-support/dom.js';
import { settle } from '../../test-support/settle.js';
import { harness } from '../../test-support/thread-harness.js';

/*
 * "View process" of a turn with many steps renders them a slice a frame,
 * so opening it never makes one long frame, and in the end shows them all.
 */

const STEPS = 300;

const metric = (i: number) => ({
  block_id: `step-${i}`,
  fallback_text: `Step ${i}`,
  root: 'm',
  elements: { m: { type: 'Metric', props: { label: `Step ${i}`, value: i } } },
});

describe('View process of a long turn', () => {
  it(`renders ${STEPS} steps a slice at a time after it opens, then all of them`, async () => {
    const thread = await fixture<AgentThread>(html`<agent-thread></agent-thread>`);
    void thread.send('Show every step.');
    thread.applyPart({ type: 'start' });
    for (let i = 0; i < STEPS; i++)
      thread.applyPart({ type: 'data-answer_ui', id: `step-${i}`, data: metric(i) });
    thread.applyPart({ type: 'data-final_answer', data: { text: 'All steps.', ui_block_ids: [] } });
    await settle(thread);
    const turn = $$(thread, 'agent-turn')[0]!;
    expect($$(turn, 'answer-block'), 'folded, nothing rendered').to.have.length(0);

    const details = await harness(thread).viewProcess(turn);
    const first = $$(turn, 'answer-block').length;
    expect(first, 'the first frame renders a slice')
      .to.be.above(0)
      .and.below(STEPS / 4);
    expect(details.open).to.equal(true);
    await waitUntil(() => $$(turn, 'answer-block').length === STEPS, 'not every step rendered', {
      timeout: 10_000,
    });
    await settle(thread);
    const labels = $$<AnswerBlock>(turn, 'answer-block').map(
      (b) => (b.block as { block_id: string }).block_id,
    );
    expect(labels, 'in order, each once').to.deep.equal(
      Array.from({ length: STEPS }, (_, i) => `step-${i}`),
    );
  });
});
