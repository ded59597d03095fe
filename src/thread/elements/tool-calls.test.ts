import { expect, fixture, html } from '@open-wc/testing';
import { investigationBlock, revenueBlock } from '../../test-support/blocks.js';
import { $, $$ } from '../../test-support/dom.js';
import { openProcesses, outline, settle } from '../../test-support/settle.js';
import '../define.js';
import type { AgentThread } from './thread.js';
import { type Part } from '../../test-support/parts.js';

/*
 * A back end that streams the model's own tool calls (no data parts):
 * `present_answer` calls are blocks and `final_answer` the report, exactly
 * as their data parts would be.
 */

/** A tool call as the AI SDK streams it: start, the input in pieces, then the whole input. */
function toolCall(toolCallId: string, toolName: string, input: unknown): Part[] {
  const json = JSON.stringify(input);
  const half = Math.floor(json.length / 2);
  return [
    { type: 'tool-input-start', toolCallId, toolName },
    { type: 'tool-input-delta', toolCallId, inputTextDelta: json.slice(0, half) },
    { type: 'tool-input-delta', toolCallId, inputTextDelta: json.slice(half) },
    { type: 'tool-input-available', toolCallId, toolName, input },
    { type: 'tool-output-available', toolCallId, output: { ok: true } },
  ];
}

describe('answer tool calls in the stream', () => {
  it('shows present_answer calls as blocks and final_answer as the report, with no tool steps for them', async () => {
    const thread = await fixture<AgentThread>(html`<agent-thread no-composer></agent-thread>`);
    const parts: Part[] = [
      { type: 'start' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Looking at the ledger.' },
      { type: 'text-end', id: 't' },
      ...toolCall('c1', 'present_answer', revenueBlock()),
      ...toolCall('c2', 'present_answer', investigationBlock()),
      ...toolCall('c3', 'present_answer', revenueBlock(1_500_000)),
      ...toolCall('c4', 'final_answer', { text: 'Revenue rose.', ui_block_ids: ['q3-revenue'] }),
    ];
    parts.forEach((part) => thread.applyPart(part));
    await settle(thread);

    expect(thread.busy, 'the report ends the turn').to.equal(false);
    const turn = $(thread, 'agent-turn');
    const reportBlocks = $$(turn, '.report answer-block');
    expect(reportBlocks.map((b) => b.dataset.blockId)).to.deep.equal(['q3-revenue']);
    // The same id updated the block in place: one element, the later figure.
    expect($$(turn, 'answer-block[data-block-id="q3-revenue"]')).to.have.length(1);
    expect(outline(reportBlocks[0]!)).to.include('$1,500,000.00');
    await openProcesses(turn);
    const process = $(turn, 'details.process');
    expect(process.querySelector('answer-block[data-block-id="field-check"]')).to.exist;
    expect(outline(turn)).not.to.include('present_answer').and.not.to.include('final_answer');
  });
});
