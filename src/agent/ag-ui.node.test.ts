import { EventEncoder } from '@ag-ui/encoder';
import { EventSchema } from '@ag-ui/core/schemas';
import { expect } from 'chai';
import { investigationBlock, revenueBlock } from '../test-support/blocks.js';
import { answerEvents } from './index.js';

/** What an AG-UI client receives: the event encoded by the AG-UI encoder, read back from its SSE line. */
function overTheWire(event: object): unknown {
  const sse = new EventEncoder().encodeSSE(event as Parameters<EventEncoder['encodeSSE']>[0]);
  expect(sse).to.match(/^data: .*\n\n$/s);
  return JSON.parse(sse.slice('data: '.length));
}

describe('answer-ui/agent answerEvents (AG-UI)', () => {
  it('turns a valid block and report into CUSTOM events that are valid AG-UI events', () => {
    const events = answerEvents();
    const block = events.block(revenueBlock());
    const report = events.finalAnswer({ text: 'Revenue rose.', ui_block_ids: ['q3-revenue'] });
    if (!block.ok || !report.ok) throw new Error('expected both to be accepted');
    for (const event of [block.event, report.event])
      expect(EventSchema.safeParse(overTheWire(event)).success).to.equal(true);
    expect(overTheWire(block.event)).to.deep.include({
      type: 'CUSTOM',
      name: 'answer_ui',
      value: revenueBlock(),
    });
    expect(overTheWire(report.event)).to.deep.include({
      type: 'CUSTOM',
      name: 'final_answer',
      value: { text: 'Revenue rose.', ui_block_ids: ['q3-revenue'] },
    });
  });

  it('gives the validator errors for an invalid block, and no event', () => {
    const broken = {
      ...investigationBlock(),
      elements: { ...investigationBlock().elements, extra: { type: 'Script', props: {} } },
    };
    const result = answerEvents().block(broken);
    expect(result.ok).to.equal(false);
    if (result.ok) return;
    expect(result.errors.map((e) => e.code)).to.include('unknown_component');
    expect(result.errors[0]!.path).to.match(/^\/elements\/extra/);
  });

  it('refuses a report naming a block this turn did not publish', () => {
    const events = answerEvents();
    events.block(revenueBlock());
    const result = events.finalAnswer({
      text: 'See the map.',
      ui_block_ids: ['q3-revenue', 'site-map'],
    });
    expect(result.ok).to.equal(false);
    if (!result.ok) expect(result.errors.map((e) => e.code)).to.deep.equal(['missing_ref']);
    // Each turn starts afresh: a new set of events knows no blocks.
    expect(answerEvents().finalAnswer({ text: 'Q3.', ui_block_ids: ['q3-revenue'] }).ok).to.equal(
      false,
    );
  });
});
