import { expect, fixture, html } from '@open-wc/testing';
import type { AnswerErrorEvent } from '../../../base/events.js';
import { $ } from '../../../test-support/dom.js';
import { outline, settle } from '../../../test-support/settle.js';
import '../../define.js';
import type { AgentThread } from '../../elements/thread.js';
import type { AssistantTurn, InterruptItem } from '../../../conversation/index.js';

/*
 * A back end that sends what it should not: broken JSON, events with the
 * wrong field types, events over the size limit, patches aimed at
 * prototypes, a block far over the limit. The turn goes on with what it
 * can use; nothing outside the thread changes.
 */

const line = (event: unknown) =>
  `data: ${typeof event === 'string' ? event : JSON.stringify(event)}\n\n`;

function hostileStream(): string {
  return [
    line({ type: 'RUN_STARTED', threadId: 't', runId: 'r' }),
    line('{"type": "TEXT_MESSAGE_START", '),
    line({ type: 'TEXT_MESSAGE_CONTENT', messageId: 5, delta: 7 }),
    line([1, 2, 3]),
    line(null),
    line({ type: 42 }),
    line({ type: 'CUSTOM', name: 'answer_ui', value: 'not a block' }),
    line('{"type":"STATE_SNAPSHOT","snapshot":{"__proto__":{"polluted":true},"ok":1}}'),
    line({ type: 'STATE_DELTA', delta: [{ op: 'add', path: '/__proto__/polluted', value: true }] }),
    line({
      type: 'STATE_DELTA',
      delta: [{ op: 'add', path: '/constructor/prototype/polluted', value: true }],
    }),
    line({ type: 'STATE_DELTA', delta: 'not a patch' }),
    line({ type: 'MESSAGES_SNAPSHOT', messages: 'not a list' }),
    line({ type: 'TOOL_CALL_START', toolCallId: 'big', toolCallName: 'present_answer' }),
    line({
      type: 'TOOL_CALL_ARGS',
      toolCallId: 'big',
      delta: `{"block_id":"big","fallback_text":"${'x'.repeat(1_500_000)}"}`,
    }),
    line({ type: 'TOOL_CALL_END', toolCallId: 'big' }),
    line({ type: 'CUSTOM', name: 'something_else', value: { __proto__: { polluted: true } } }),
    line({ type: 'SOMETHING_NEWER', payload: 1 }),
    `data: ${'y'.repeat(4.2 * 1024 * 1024)}\n\n`,
    line({ type: 'TEXT_MESSAGE_START', messageId: 'ok', role: 'assistant' }),
    line({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'ok', delta: 'Still answering.' }),
    line({ type: 'TEXT_MESSAGE_END', messageId: 'ok' }),
    line({ type: 'RUN_FINISHED', threadId: 't', runId: 'r' }),
  ].join('');
}

describe('<agent-thread protocol="ag-ui"> and a hostile back end', () => {
  it('reports malformed events once, refuses prototype patches, and keeps the page as it was', async () => {
    const outside = document.body.children.length;
    const title = document.title;
    const thread = await fixture<AgentThread>(
      html`<agent-thread protocol="ag-ui" api="/api/ag-ui"></agent-thread>`,
    );
    thread.requestOptions = { body: { test: { raw: hostileStream() } } };
    const errors: { code: string; message: string }[] = [];
    thread.addEventListener('answer-error', (event: AnswerErrorEvent) => errors.push(event.detail));
    await thread.send('Go');
    await settle(thread);

    expect(errors.filter((e) => e.code === 'malformed_line')).to.have.length(1);
    // The two blocks that are not blocks are rejected as blocks, each once.
    expect(errors.filter((e) => e.code !== 'malformed_line')).to.have.length(2);
    expect(thread.messages.at(-1)).to.include({ status: 'complete' });
    const shown = outline($(thread, '.messages'));
    expect(shown).to.include('Still answering.');
    expect(shown).not.to.include('polluted');
    expect(thread.agentState).to.deep.equal({ ok: 1 });
    expect(Object.getPrototypeOf(thread.agentState)).to.equal(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    expect(Object.prototype).not.to.have.property('polluted');
    expect(document.body.children.length).to.equal(outside + 1);
    expect(document.title).to.equal(title);
  });

  it('takes AG-UI 1.0 events with wrong or outsized fields without breaking the turn', async () => {
    const thread = await fixture<AgentThread>(
      html`<agent-thread protocol="ag-ui" api="/api/ag-ui"></agent-thread>`,
    );
    const deepSchema = { type: 'object', properties: { a: { type: 'object' } } };
    thread.requestOptions = {
      body: {
        test: {
          raw: [
            line({ type: 'RUN_STARTED', threadId: 't', runId: 'r' }),
            line({ type: 'SUBAGENT_STARTED', subagentRunId: 's', name: { evil: true } }),
            line({ type: 'SUBAGENT_ERROR', subagentRunId: 's' }),
            line({
              type: 'ACTIVITY_SNAPSHOT',
              messageId: 'a',
              activityType: 'plan',
              content: { steps: [] },
            }),
            line({
              type: 'ACTIVITY_DELTA',
              messageId: 'a',
              activityType: 'plan',
              patch: [{ op: 'add', path: '/__proto__/x', value: 1 }],
            }),
            line({
              type: 'REASONING_ENCRYPTED_VALUE',
              subtype: 'message',
              entityId: 'ok',
              encryptedValue: 'z'.repeat(300_000),
            }),
            line({
              type: 'TEXT_MESSAGE_START',
              messageId: 'ok',
              role: 'assistant',
              subagentRunId: 7,
            }),
            line({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'ok', delta: 'Still answering.' }),
            line({ type: 'TEXT_MESSAGE_END', messageId: 'ok' }),
            line({
              type: 'RUN_FINISHED',
              threadId: 't',
              runId: 'r',
              outcome: {
                type: 'interrupt',
                interrupts: [
                  { id: 5 },
                  { id: 'i1', reason: 'x'.repeat(10_000), responseSchema: deepSchema },
                  ...Array.from({ length: 40 }, (_, i) => ({ id: `more-${i}`, reason: 'r' })),
                ],
              },
            }),
          ].join(''),
        },
      },
    };
    const errors: { code: string }[] = [];
    thread.addEventListener('answer-error', (event: AnswerErrorEvent) => errors.push(event.detail));
    await thread.send('Go');
    await settle(thread);

    expect(errors.map((e) => e.code)).to.deep.equal(['malformed_line']);
    const turn = thread.messages.at(-1) as AssistantTurn;
    expect(turn.status).to.equal('complete');
    expect(outline($(thread, '.messages'))).to.include('Still answering.');
    // No subagent step from events that named none; the activity as it was before the refused patch.
    expect(turn.items.filter((i) => i.kind === 'activity').map((i) => i.key)).to.deep.equal([
      'activity:a',
    ]);
    const text = turn.items.find((i) => i.key === 'text:ok')!;
    expect(text).not.to.have.property('encryptedValue');
    expect(text).not.to.have.property('subagentRunId');
    // The first 16 interrupts are read, the one without an id left out; a schema that is no flat
    // object gets a text answer.
    const interrupts = turn.items.filter((i): i is InterruptItem => i.kind === 'interrupt');
    expect(interrupts).to.have.length(15);
    expect(interrupts[0]).to.deep.include({ interruptId: 'i1', textAnswer: true });
    expect(interrupts[0]!.reason).to.have.length.below(201);
    expect(({} as Record<string, unknown>).x).to.equal(undefined);
  });
});
