import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../define.js';
import type { AgentThread } from './thread.js';
import type { AgentTurn } from '../extras/turn.js';
import type { BlockItem } from '../../conversation/index.js';
import type { AnswerBlock } from '../../components/block/block.js';
import { $, $$, textOf } from '../../test-support/dom.js';
import { settle } from '../../test-support/settle.js';
import { harness } from '../../test-support/thread-harness.js';

/*
 * "View process" of a turn with many steps renders them a slice a frame,
 * so opening it never makes one long frame, and in the end shows them all:
 * a step scrolled into view reads as it should, and a step that changes
 * after it was shown shows the change.
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
    const turn = $$<AgentTurn>(thread, 'agent-turn')[0]!;
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

    // Far down the process, a step reads once the reader scrolls to it.
    const metricOf = (i: number) => $(turn, `answer-block[data-block-id="step-${i}"]`);
    const last = $(metricOf(STEPS - 1), 'answer-metric');
    last.scrollIntoView();
    await waitUntil(() => textOf(last).includes(`Step ${STEPS - 1}`), 'the last step reads empty');

    // The first step, shown long ago, changes: the turn shows the change once told (as the thread
    // tells it, with requestUpdate()).
    const item = turn.turn!.items.find(
      (i): i is BlockItem => i.kind === 'block' && i.blockId === 'step-0',
    )!;
    item.block = {
      ...metric(0),
      elements: { m: { type: 'Metric', props: { label: 'Step 0', value: 4242 } } },
    };
    turn.requestUpdate();
    await settle(thread);
    const firstStep = $(metricOf(0), 'answer-metric');
    firstStep.scrollIntoView();
    await waitUntil(() => /4,?242/.test(textOf(firstStep)), `step 0 reads ${textOf(firstStep)}`);
  });
});
