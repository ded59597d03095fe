import { expect } from '@open-wc/testing';
import { $, $$ } from '../../../test-support/dom.js';
import { outline, settle } from '../../../test-support/settle.js';
import { agUiText, uid } from '../../../test-support/parts.js';
import { AG_UI_1_RUN } from '../../../test-support/ag-ui-1.js';
import { openAgUiThread, runInput } from '../../../test-support/ag-ui-thread.js';
import '../../define.js';

/*
 * What AG-UI 1.0 added to a run besides its outcome, against the scripted
 * back end (test/servers/ag-ui.mjs): a subagent's work folds under its
 * name and its error does not end the run; an activity is a compact step;
 * encrypted values and subagent attribution go back with the next runs,
 * also after a reload, and activities never do.
 */

type Input = { messages: Record<string, unknown>[] };

const textOf = (el: Element) => outline(el).replace(/\s+/g, ' ');

/** What the next run sends of the first answer. */
const FIRST_ANSWER = [
  {
    id: 'r1',
    role: 'reasoning',
    content: 'Check the log.',
    subagentRunId: 'sa-1',
    encryptedValue: 'e-r1',
  },
  {
    id: 'm-sub',
    role: 'assistant',
    subagentRunId: 'sa-1',
    content: 'Reading the log.',
    toolCalls: [
      {
        id: 'c1',
        type: 'function',
        function: { name: 'read_log', arguments: '{"pump":7}' },
        encryptedValue: 'e-c1',
      },
    ],
  },
  { id: 'res-c1', role: 'tool', toolCallId: 'c1', content: 'valve 7 stuck', subagentRunId: 'sa-1' },
  { id: 'm-main', role: 'assistant', content: 'Valve 7 needs a repair.' },
];

describe('<agent-thread protocol="ag-ui"> subagents, activities and encrypted values (AG-UI 1.0)', () => {
  it('folds a subagent, shows an activity, sends back encrypted values and attribution after reload', async () => {
    const threadId = uid('agui-subagent');
    let thread = await openAgUiThread(threadId, { events: AG_UI_1_RUN });
    await thread.send('Why is pump 7 down?');
    await settle(thread);
    const turn = $$(thread, 'agent-turn')[0]!;

    // The subagent failed, but the run went on to its answer.
    const subagent = $<HTMLDetailsElement>(turn, 'details.step.activity.failed');
    expect(textOf(subagent)).to.include('researcher');
    expect(textOf(subagent)).to.include('Log server quota reached');
    expect(subagent.open, 'its work is folded').to.equal(false);
    expect(subagent.querySelectorAll('answer-markdown').length).to.be.greaterThan(0);
    expect(textOf(subagent)).to.include('read_log');
    expect(textOf(turn)).to.include('Valve 7 needs a repair.');
    expect(textOf(turn)).not.to.include('The agent reported an error');
    expect(thread.messages.at(-1)).to.deep.include({ status: 'complete' });
    // The subagent's own text is not part of the answer.
    const topLevel = $$(turn, ':host > answer-markdown').map((el) => textOf(el));
    expect(topLevel.join(' ')).not.to.include('Reading the log.');

    const activity = $(turn, 'div.step.activity');
    expect(textOf(activity)).to.include('plan');
    expect(textOf(activity)).to.include('repair');
    await expect(thread).to.be.accessible();

    thread.requestOptions = { body: { test: { events: agUiText('m2', 'Ordered the valve.') } } };
    await thread.send('Order a new valve');
    const second = await runInput<Input>(threadId, 2);
    expect(second.messages.slice(1, 5)).to.deep.equal(FIRST_ANSWER);
    expect(second.messages.some((m) => m.role === 'activity')).to.equal(false);

    await thread.saved();
    thread.remove();
    thread = await openAgUiThread(threadId, { events: agUiText('m3', 'Done.') });
    const restored = $$(thread, 'agent-turn')[0]!;
    expect(textOf($(restored, 'details.step.activity.failed'))).to.include('researcher');
    expect(textOf($(restored, 'div.step.activity'))).to.include('plan');
    await thread.send('Thanks');
    const third = await runInput<Input>(threadId, 3);
    expect(third.messages.slice(1, 5)).to.deep.equal(FIRST_ANSWER);
  });

  it('keeps an encrypted value that comes after the report sealed the turn, and sends it back', async () => {
    const threadId = uid('agui-late-encrypted');
    const thread = await openAgUiThread(threadId, {
      events: [
        ...agUiText('m1', 'Valve 7 is stuck.'),
        { type: 'CUSTOM', name: 'final_answer', value: { text: 'Valve 7.', ui_block_ids: [] } },
        {
          type: 'REASONING_ENCRYPTED_VALUE',
          subtype: 'message',
          entityId: 'm1',
          encryptedValue: 'e-m1',
        },
      ],
    });
    await thread.send('Why?');
    thread.requestOptions = { body: { test: { events: agUiText('m2', 'Yes.') } } };
    await runInput<Input>(threadId, 1);
    await thread.send('Sure?');
    const second = await runInput<Input>(threadId, 2);
    expect(second.messages.find((m) => m.id === 'm1')).to.deep.include({
      content: 'Valve 7 is stuck.',
      encryptedValue: 'e-m1',
    });
  });
});
