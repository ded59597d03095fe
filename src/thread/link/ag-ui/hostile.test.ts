import { expect, fixture, html } from '@open-wc/testing';
import type { AnswerErrorEvent } from '../../../base/events.js';
import { $ } from '../../../test-support/dom.js';
import { outline, settle } from '../../../test-support/settle.js';
import '../../define.js';
import type { AgentThread } from '../../elements/thread.js';

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
});
