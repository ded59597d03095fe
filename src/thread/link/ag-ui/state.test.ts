import { expect, fixture, html } from '@open-wc/testing';
import type { Block } from '../../../catalog/index.js';
import type { AnswerStateEvent } from '../../events.js';
import { $, $$ } from '../../../test-support/dom.js';
import { openProcesses, outline, settle } from '../../../test-support/settle.js';
import '../../define.js';
import type { AgentThread } from '../../elements/thread.js';
import { agUiText } from '../../../test-support/parts.js';

let serial = 0;
const uniqueId = (name: string) => `${name}-${Date.now().toString(36)}-${serial++}`;

async function agUiThread(
  test: Record<string, unknown>,
  threadId = uniqueId('agui-state'),
): Promise<AgentThread> {
  const thread = await fixture<AgentThread>(
    html`<agent-thread protocol="ag-ui" api="/api/ag-ui" thread-id=${threadId}></agent-thread>`,
  );
  thread.requestOptions = { body: { test } };
  await thread.restored;
  return thread;
}

const sideBlock: Block = {
  block_id: 'side',
  fallback_text: 'Side note.',
  root: 't',
  elements: { t: { type: 'Text', props: { text: 'Shown in an earlier answer.' } } },
};

describe('<agent-thread protocol="ag-ui"> state and history', () => {
  it('keeps STATE_SNAPSHOT and STATE_DELTA as agentState, fires answer-state, and sends the state back', async () => {
    const threadId = uniqueId('agui-state');
    const thread = await agUiThread(
      {
        events: [
          { type: 'STATE_SNAPSHOT', snapshot: { step: 'search', found: [] } },
          ...agUiText('m1', 'Searching.'),
          {
            type: 'STATE_DELTA',
            delta: [
              { op: 'replace', path: '/step', value: 'report' },
              { op: 'add', path: '/found/-', value: 'q3' },
            ],
          },
        ],
      },
      threadId,
    );
    const heard: unknown[] = [];
    thread.addEventListener('answer-state', (event: AnswerStateEvent) =>
      heard.push(structuredClone(event.detail.state)),
    );
    expect(thread.agentState).to.deep.equal({});
    await thread.send('Find Q3');
    expect(heard).to.deep.equal([
      { step: 'search', found: [] },
      { step: 'report', found: ['q3'] },
    ]);
    expect(thread.agentState).to.deep.equal({ step: 'report', found: ['q3'] });

    thread.requestOptions = { body: { test: { events: agUiText('m2', 'Again.') } } };
    await thread.send('Again');
    const input = (await (await fetch(`/api/ag-ui/last?threadId=${threadId}`)).json()) as {
      state: unknown;
    };
    expect(input.state).to.deep.equal({ step: 'report', found: ['q3'] });

    // Another thread, or a new conversation, starts from no state.
    thread.threadId = uniqueId('agui-other');
    await thread.restored;
    expect(thread.agentState).to.deep.equal({});
    thread.agentState = { restored: true };
    await thread.newConversation();
    expect(thread.agentState).to.deep.equal({});
  });

  it('a MESSAGES_SNAPSHOT replaces the conversation, on screen and in storage', async () => {
    const threadId = uniqueId('agui-history');
    const history = [
      { id: 'u-old', role: 'user', content: 'Earlier question' },
      {
        id: 'a-old',
        role: 'assistant',
        content: 'Earlier answer',
        toolCalls: [
          {
            id: 'tc1',
            type: 'function',
            function: { name: 'present_answer', arguments: JSON.stringify(sideBlock) },
          },
        ],
      },
      { id: 'tc1-result', role: 'tool', toolCallId: 'tc1', content: 'shown' },
      {
        id: 'a-old-2',
        role: 'assistant',
        toolCalls: [
          {
            id: 'tc2',
            type: 'function',
            function: {
              name: 'final_answer',
              arguments: '{"text":"Earlier report","ui_block_ids":["side"]}',
            },
          },
        ],
      },
    ];
    const thread = await agUiThread(
      { history, events: agUiText('m1', 'Current answer.') },
      threadId,
    );
    await thread.send('Now?');
    await settle(thread);
    expect(thread.messages.map((m) => (m.role === 'user' ? m.text : m.id))).to.deep.equal([
      'Earlier question',
      'a-old',
      'Now?',
      thread.messages[3]!.id,
    ]);
    const [earlier, current] = $$(thread, 'agent-turn');
    expect(outline($(earlier!, '.report')))
      .to.include('Earlier report')
      .and.include('Shown in an earlier answer.');
    await openProcesses(earlier!);
    expect(outline($(earlier!, 'details.process'))).to.include('Earlier answer');
    expect(outline(current!)).to.include('Current answer.');
    expect(thread.messages.at(-1)).to.include({ status: 'complete' });
    await thread.saved();
    const shown = outline($(thread, '.messages'));
    thread.remove();

    const again = await agUiThread({}, threadId);
    await settle(again);
    await openProcesses(again);
    expect(outline($(again, '.messages'))).to.equal(shown);
  });

  it('a MESSAGES_SNAPSHOT that repeats the answer streaming now shows it once, with the blocks that came as CUSTOM events', async () => {
    const thread = await agUiThread({
      events: [
        ...agUiText('m1', 'Live answer.'),
        { type: 'CUSTOM', name: 'answer_ui', value: sideBlock },
        // The server's view at the end of the run: what it was sent, and the text it streamed.
        {
          type: 'MESSAGES_SNAPSHOT',
          withInput: true,
          messages: [{ id: 'm1', role: 'assistant', content: 'Live answer.' }],
        },
      ],
    });
    await thread.send('Question');
    await settle(thread);
    expect(thread.messages.map((m) => m.role)).to.deep.equal(['user', 'assistant']);
    expect(thread.messages.at(-1)).to.include({ status: 'complete' });
    const shown = outline($(thread, '.messages'));
    expect(shown.split('Live answer.')).to.have.length(2);
    expect(shown).to.include('Shown in an earlier answer.');
  });
});
