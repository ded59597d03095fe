import { expect } from '@open-wc/testing';
import { $, $$ } from '../../../test-support/dom.js';
import { outline, settle } from '../../../test-support/settle.js';
import { agUiText, uid } from '../../../test-support/parts.js';
import { getByRole } from '../../../test-support/thread-harness.js';
import { openAgUiThread, runInput } from '../../../test-support/ag-ui-thread.js';
import '../../define.js';
import type { AgentThread } from '../../elements/thread.js';

/*
 * How an AG-UI 1.0 run ends (`RUN_FINISHED.outcome`), as the reader sees
 * it and as the next run's `RunAgentInput` carries it back, live and after
 * a reload, against the scripted back end (test/servers/ag-ui.mjs).
 */

type Input = { messages: Record<string, unknown>[]; resume?: unknown };

/** What a person sees of an element, through shadow roots. */
const textOf = (el: Element) => outline(el).replace(/\s+/g, ' ');
const lastTurn = (thread: AgentThread) => $$(thread, 'agent-turn').at(-1)!;
const interruptForm = (thread: AgentThread) =>
  $($(lastTurn(thread), 'answer-interrupt answer-block'), 'answer-follow-up-form');

async function reload(thread: AgentThread, threadId: string, test: Record<string, unknown>) {
  await thread.saved();
  thread.remove();
  return openAgUiThread(threadId, test);
}

const bookingInterrupt = {
  id: 'int-1',
  reason: 'input_required',
  message: 'Which window should the crew take?',
  responseSchema: {
    type: 'object',
    properties: {
      window: { type: 'string', enum: ['Tue', 'Sat'], title: 'Window' },
      crew: { type: 'integer', title: 'Crew size', minimum: 1 },
      urgent: { type: 'boolean', title: 'Urgent' },
    },
    required: ['window'],
  },
};

describe('<agent-thread protocol="ag-ui"> run outcomes (AG-UI 1.0)', () => {
  it('an interrupt’s schema is a form; its answer resumes the next run; both survive a reload', async () => {
    const threadId = uid('agui-interrupt');
    let thread = await openAgUiThread(threadId, {
      events: agUiText('m1', 'The repair can be booked.'),
      outcome: { type: 'interrupt', interrupts: [bookingInterrupt] },
    });
    await thread.send('Book the repair');
    await settle(thread);
    expect(textOf(lastTurn(thread))).to.include('The repair can be booked.');
    expect(textOf(lastTurn(thread))).not.to.include('Stopped');
    let form = interruptForm(thread);
    expect(textOf(form)).to.include('Which window should the crew take?');
    expect(textOf($(thread, '[role=status][aria-live=polite]'))).to.include(
      'The agent asks: Which window should the crew take?',
    );
    await expect(thread).to.be.accessible();

    // The reader answers like any form; the answer goes as `resume`, not as a message of theirs.
    thread.requestOptions = { body: { test: { events: agUiText('m2', 'Booked for Saturday.') } } };
    $<HTMLSelectElement>(form, 'select').value = 'Sat';
    $<HTMLInputElement>(form, 'input[type=number]').value = '3';
    $<HTMLInputElement>(form, 'input[type=checkbox]').click();
    getByRole(form, 'button', 'Submit').click();
    const second = await runInput<Input>(threadId, 2);
    expect(second.resume).to.deep.equal([
      {
        interruptId: 'int-1',
        status: 'resolved',
        payload: { window: 'Sat', crew: 3, urgent: true },
      },
    ]);
    expect(second.messages.map((m) => [m.role, m.id])).to.deep.equal([
      ['user', thread.messages[0]!.id],
      ['assistant', 'm1'],
    ]);
    await settle(thread);
    expect(textOf(lastTurn(thread))).to.include('Booked for Saturday.');
    expect(thread.messages.filter((m) => m.role === 'user')).to.have.length(1);

    // After a reload the answered form shows its answers, and the next run resumes nothing.
    thread = await reload(thread, threadId, { events: agUiText('m3', 'Anything else?') });
    form = $(
      $($$(thread, 'agent-turn')[0]!, 'answer-interrupt answer-block'),
      'answer-follow-up-form',
    );
    expect(textOf(form)).to.include('Submitted');
    expect(textOf(form)).to.include('Sat');
    expect($$(form, 'button')).to.deep.equal([]);
    await thread.send('Thanks');
    const third = await runInput<Input>(threadId, 3);
    expect(third.resume).to.equal(undefined);
    expect(third.messages.filter((m) => m.role === 'assistant').map((m) => m.id)).to.deep.equal([
      'm1',
      'm2',
    ]);
  });

  it('an interrupt without a schema shows its message; a question asked instead abandons it', async () => {
    const threadId = uid('agui-plain-interrupt');
    const thread = await openAgUiThread(threadId, {
      events: [],
      outcome: {
        type: 'interrupt',
        interrupts: [{ id: 'int-2', reason: 'confirm', message: 'Waiting for the site lead.' }],
      },
    });
    await thread.send('Start the job');
    await settle(thread);
    expect(textOf(lastTurn(thread))).to.include('Waiting for the site lead.');
    expect($$(lastTurn(thread), 'answer-follow-up-form')).to.deep.equal([]);

    thread.requestOptions = { body: { test: { events: agUiText('m2', 'Started anyway.') } } };
    await thread.send('Go ahead without them');
    expect((await runInput<Input>(threadId, 2)).resume).to.deep.equal([
      { interruptId: 'int-2', status: 'cancelled' },
    ]);
  });

  it('a cancelled run shows as stopped; calls left for the app show as waiting, also after a reload', async () => {
    const threadId = uid('agui-cancelled');
    let thread = await openAgUiThread(threadId, {
      events: agUiText('m1', 'Half an answer.'),
      outcome: { type: 'cancelled' },
    });
    await thread.send('Go');
    await settle(thread);
    expect(textOf(lastTurn(thread))).to.include('Stopped.');
    expect(thread.messages.at(-1)).to.deep.include({ status: 'stopped' });

    thread.requestOptions = {
      body: {
        test: {
          events: [
            ...agUiText('m2', 'Pick a file in the app.'),
            {
              type: 'TOOL_CALL_START',
              toolCallId: 'c1',
              toolCallName: 'pick_file',
              parentMessageId: 'm2',
            },
            { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"kind":"pdf"}' },
            { type: 'TOOL_CALL_END', toolCallId: 'c1' },
          ],
          outcome: { type: 'success', pendingToolCallIds: ['c1'] },
        },
      },
    };
    await thread.send('Attach the report');
    await settle(thread);
    const step = () => $(lastTurn(thread), '.step.waiting');
    expect(textOf(step())).to.include('pick_file');
    expect(textOf(step())).to.include('waiting for the app');
    expect($$(lastTurn(thread), '.step.failed')).to.deep.equal([]);
    expect(textOf(lastTurn(thread))).not.to.include('Stopped');

    thread = await reload(thread, threadId, { events: [] });
    expect(textOf(step())).to.include('waiting for the app');
  });

  it('a run ending on an interrupt with its response left open is let go of, and resumes', async () => {
    const threadId = uid('agui-interrupt-open');
    const thread = await openAgUiThread(threadId, { events: agUiText('m2', 'Booked.') });
    const encoder = new TextEncoder();
    let cancelled = false;
    const source = new ReadableStream<Uint8Array>({
      cancel: () => {
        cancelled = true;
      },
      start(controller) {
        for (const event of [
          { type: 'RUN_STARTED', threadId, runId: 'r1' },
          ...agUiText('m1', 'The repair can be booked.'),
          {
            type: 'RUN_FINISHED',
            threadId,
            runId: 'r1',
            outcome: { type: 'interrupt', interrupts: [bookingInterrupt] },
          },
        ])
          controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
      },
    });
    await thread.consume(source);
    expect(cancelled, 'RUN_FINISHED ends the run though the response stays open').to.equal(true);
    await settle(thread);
    const form = interruptForm(thread);
    $<HTMLSelectElement>(form, 'select').value = 'Tue';
    getByRole(form, 'button', 'Submit').click();
    const next = await runInput<Input>(threadId, 1);
    expect(next.resume).to.deep.equal([
      {
        interruptId: 'int-1',
        status: 'resolved',
        payload: { window: 'Tue', crew: null, urgent: false },
      },
    ]);
  });
});
