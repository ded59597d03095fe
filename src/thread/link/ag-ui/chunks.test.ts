import { expect, fixture, html } from '@open-wc/testing';
import { investigationBlock } from '../../../test-support/blocks.js';
import { $ } from '../../../test-support/dom.js';
import { openProcesses, outline, settle } from '../../../test-support/settle.js';
import '../../define.js';
import type { AgentThread } from '../../elements/thread.js';

/*
 * The chunk events are shorthand: a back end that sends them must be shown
 * exactly as one that sends the start / content / end sequences.
 */

const stream = (events: unknown[]) =>
  new Response(events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('')).body!;

async function shown(events: unknown[]): Promise<string> {
  const thread = await fixture<AgentThread>(
    html`<agent-thread protocol="ag-ui" no-composer></agent-thread>`,
  );
  await thread.consume(stream(events));
  await settle(thread);
  await openProcesses(thread);
  return outline($(thread, '.messages'));
}

const block = JSON.stringify(investigationBlock());
const report = JSON.stringify({ text: 'All **checked**.', ui_block_ids: ['field-check'] });
const run = (events: unknown[]) => [
  { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
  ...events,
  { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
];

describe('AG-UI chunk events', () => {
  it('show as the start, content and end events they stand for; text of another role is not part of the answer', async () => {
    const expected = await shown(
      run([
        { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
        { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Checking the ' },
        { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'station.' },
        { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
        { type: 'REASONING_MESSAGE_START', messageId: 'r1', role: 'reasoning' },
        { type: 'REASONING_MESSAGE_CONTENT', messageId: 'r1', delta: 'Valve first.' },
        { type: 'REASONING_MESSAGE_END', messageId: 'r1' },
        { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'present_answer' },
        { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: block },
        { type: 'TOOL_CALL_END', toolCallId: 'c1' },
        { type: 'TOOL_CALL_START', toolCallId: 'c2', toolCallName: 'final_answer' },
        { type: 'TOOL_CALL_ARGS', toolCallId: 'c2', delta: report },
        { type: 'TOOL_CALL_END', toolCallId: 'c2' },
      ]),
    );
    expect(expected)
      .to.include('Checking the station.')
      .and.include('Valve first.')
      .and.include('All')
      .and.include('Pump station 4');
    const chunked = await shown(
      run([
        { type: 'TEXT_MESSAGE_CHUNK', messageId: 'u1', role: 'user', delta: 'ECHOED QUESTION' },
        { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm1', role: 'assistant', delta: 'Checking the ' },
        { type: 'TEXT_MESSAGE_CHUNK', delta: 'station.' },
        { type: 'REASONING_MESSAGE_CHUNK', messageId: 'r1', delta: 'Valve first.' },
        {
          type: 'TOOL_CALL_CHUNK',
          toolCallId: 'c1',
          toolCallName: 'present_answer',
          delta: block.slice(0, 40),
        },
        { type: 'TOOL_CALL_CHUNK', delta: block.slice(40) },
        { type: 'TOOL_CALL_CHUNK', toolCallId: 'c2', toolCallName: 'final_answer', delta: report },
        { type: 'STEP_FINISHED', stepName: 'answer' },
      ]),
    );
    expect(chunked).to.equal(expected);
    expect(chunked).not.to.include('ECHOED');
  });
});
