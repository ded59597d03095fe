import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { Block } from '../../../catalog/index.js';
import type { AnswerErrorEvent } from '../../../base/events.js';
import {
  investigationBlock,
  revenueBlock as fullRevenueBlock,
} from '../../../test-support/blocks.js';
import { $, $$, requestedUrls } from '../../../test-support/dom.js';
import { openProcesses, outline, settle } from '../../../test-support/settle.js';
import '../../define.js';
import type { AgentThread } from '../../elements/thread.js';
import { harness } from '../../../test-support/thread-harness.js';

/*
 * One scripted conversation, streamed once as an AI SDK UI message stream
 * and once as AG-UI events by real back ends on loopback: the thread must
 * show the same thing either way.
 */

type Json = Record<string, unknown>;
type Step =
  | { kind: 'text' | 'reasoning'; id: string; text: string }
  | { kind: 'tool'; id: string; name: string; input: unknown; output: unknown }
  | { kind: 'block'; via: 'call' | 'event'; id: string; block: Block }
  | {
      kind: 'final';
      via: 'call' | 'event';
      id: string;
      report: { text: string; ui_block_ids: string[] };
    };

/** The spec's revenue block without its chart: a chart draws when it is in view, which two threads side by side are not both. */
function revenueBlock(revenue: number): Block {
  const block = fullRevenueBlock(revenue);
  const main = block.elements.main!;
  return {
    ...block,
    elements: { main: { ...main, children: ['kpi'] } as typeof main, kpi: block.elements.kpi! },
  };
}

const sideBlock: Block = {
  block_id: 'side',
  fallback_text: 'Side note.',
  root: 't',
  elements: { t: { type: 'Text', props: { text: 'A side remark that folds away.' } } },
};

/** Text, reasoning, a tool call, blocks as calls and as events, a same-id update, a final report. */
const conversation = (finalVia: 'call' | 'event'): Step[] => [
  { kind: 'text', id: 't1', text: 'Looking at **Q3** — 第三季度 📈.' },
  { kind: 'reasoning', id: 'r1', text: 'Need the revenue table.' },
  { kind: 'tool', id: 'c1', name: 'query_sales', input: { quarter: 'Q3' }, output: { rows: 3 } },
  { kind: 'block', via: 'call', id: 'c2', block: revenueBlock(1_000_000) },
  { kind: 'text', id: 't2', text: 'Updating with the audited figure.' },
  { kind: 'block', via: 'event', id: 'e1', block: revenueBlock(1_200_000) },
  { kind: 'block', via: 'event', id: 'e2', block: investigationBlock() },
  { kind: 'block', via: 'call', id: 'c3', block: sideBlock },
  {
    kind: 'final',
    via: finalVia,
    id: 'c4',
    report: {
      text: '## Report\nRevenue rose **12%**.',
      ui_block_ids: ['q3-revenue', 'field-check'],
    },
  },
];

const halves = (text: string) => [
  text.slice(0, Math.floor(text.length / 2)),
  text.slice(Math.floor(text.length / 2)),
];

/** The conversation as AI SDK UI message stream parts. */
function asAiSdkParts(steps: Step[]): Json[] {
  const call = (id: string, name: string, input: unknown, output?: unknown): Json[] => [
    { type: 'tool-input-start', toolCallId: id, toolName: name },
    ...halves(JSON.stringify(input)).map((inputTextDelta) => ({
      type: 'tool-input-delta',
      toolCallId: id,
      inputTextDelta,
    })),
    { type: 'tool-input-available', toolCallId: id, toolName: name, input },
    ...(output === undefined ? [] : [{ type: 'tool-output-available', toolCallId: id, output }]),
  ];
  const parts = steps.flatMap((step): Json[] => {
    switch (step.kind) {
      case 'text':
      case 'reasoning':
        return [
          { type: `${step.kind}-start`, id: step.id },
          ...halves(step.text).map((delta) => ({ type: `${step.kind}-delta`, id: step.id, delta })),
          { type: `${step.kind}-end`, id: step.id },
        ];
      case 'tool':
        return call(step.id, step.name, step.input, step.output);
      case 'block':
        return step.via === 'call'
          ? call(step.id, 'present_answer', step.block, { ok: true })
          : [{ type: 'data-answer_ui', id: step.block.block_id, data: step.block }];
      case 'final':
        return step.via === 'call'
          ? call(step.id, 'final_answer', step.report)
          : [{ type: 'data-final_answer', data: step.report }];
    }
  });
  return [{ type: 'start' }, ...parts, { type: 'finish' }];
}

/** The same conversation as AG-UI events (the server adds RUN_STARTED and RUN_FINISHED). */
function asAgUiEvents(steps: Step[]): Json[] {
  const call = (id: string, name: string, input: unknown, output?: unknown): Json[] => [
    { type: 'TOOL_CALL_START', toolCallId: id, toolCallName: name, parentMessageId: 'm-tools' },
    ...halves(JSON.stringify(input)).map((delta) => ({
      type: 'TOOL_CALL_ARGS',
      toolCallId: id,
      delta,
    })),
    { type: 'TOOL_CALL_END', toolCallId: id },
    ...(output === undefined
      ? []
      : [
          {
            type: 'TOOL_CALL_RESULT',
            messageId: `${id}-result`,
            toolCallId: id,
            content: JSON.stringify(output),
          },
        ]),
  ];
  return steps.flatMap((step): Json[] => {
    switch (step.kind) {
      case 'text':
        return [
          { type: 'TEXT_MESSAGE_START', messageId: step.id, role: 'assistant' },
          ...halves(step.text).map((delta) => ({
            type: 'TEXT_MESSAGE_CONTENT',
            messageId: step.id,
            delta,
          })),
          { type: 'TEXT_MESSAGE_END', messageId: step.id },
        ];
      case 'reasoning':
        return [
          { type: 'REASONING_START', messageId: step.id },
          { type: 'REASONING_MESSAGE_START', messageId: step.id, role: 'reasoning' },
          ...halves(step.text).map((delta) => ({
            type: 'REASONING_MESSAGE_CONTENT',
            messageId: step.id,
            delta,
          })),
          { type: 'REASONING_MESSAGE_END', messageId: step.id },
          { type: 'REASONING_END', messageId: step.id },
        ];
      case 'tool':
        return call(step.id, step.name, step.input, step.output);
      case 'block':
        return step.via === 'call'
          ? call(step.id, 'present_answer', step.block, { ok: true })
          : [{ type: 'CUSTOM', name: 'answer_ui', value: step.block }];
      case 'final':
        return step.via === 'call'
          ? call(step.id, 'final_answer', step.report)
          : [{ type: 'CUSTOM', name: 'final_answer', value: step.report }];
    }
  });
}

// Every script this page fetches is listed, however many the test runner loaded first.
performance.setResourceTimingBufferSize(100_000);

let serial = 0;
const uniqueId = (name: string) => `${name}-${Date.now().toString(36)}-${serial++}`;

async function aiSdkThread(parts: Json[], threadId = uniqueId('sdk')): Promise<AgentThread> {
  const thread = await fixture<AgentThread>(
    html`<agent-thread api="/api/test-chat" thread-id=${threadId}></agent-thread>`,
  );
  thread.requestOptions = { body: { test: { script: parts } } };
  await thread.restored;
  return thread;
}

async function agUiThread(test: Json, threadId = uniqueId('agui')): Promise<AgentThread> {
  const thread = await fixture<AgentThread>(
    html`<agent-thread protocol="ag-ui" api="/api/ag-ui" thread-id=${threadId}></agent-thread>`,
  );
  thread.requestOptions = { body: { test } };
  await thread.restored;
  return thread;
}

async function lastInput(threadId: string): Promise<Json> {
  return (await (
    await fetch(`/api/ag-ui/last?threadId=${encodeURIComponent(threadId)}`)
  ).json()) as Json;
}

/** What a person sees of the conversation (the message list, without the composer's draft state). */
/** What a reader sees of the conversation, with every "View process" opened. */
async function seen(thread: AgentThread): Promise<string> {
  await settle(thread);
  await openProcesses(thread);
  return outline($(thread, '.messages'));
}

describe('<agent-thread protocol="ag-ui">', () => {
  // First in this page: nothing below has asked for the AG-UI reader yet.
  it('is not loaded by a thread on the AI SDK path', async () => {
    const sdk = await aiSdkThread(
      asAiSdkParts([{ kind: 'text', id: 't1', text: 'Plain answer.' }]),
    );
    await sdk.send('Hello');
    expect(await seen(sdk)).to.include('Plain answer.');
    const agUiCode = ['ag-ui/reader', 'ag-ui/translate', 'ag-ui/json-patch', 'ag-ui/messages'];
    expect(
      requestedUrls().filter((url) => agUiCode.some((name) => url.includes(name))),
    ).to.deep.equal([]);
    const agui = await agUiThread({
      events: asAgUiEvents([{ kind: 'text', id: 't1', text: 'Plain answer.' }]),
    });
    await agui.send('Hello');
    expect(requestedUrls().filter((url) => url.includes('ag-ui/reader'))).to.have.length(1);
  });

  for (const finalVia of ['call', 'event'] as const) {
    it(`shows the same conversation as the AI SDK path (report as a ${finalVia === 'call' ? 'final_answer call' : 'CUSTOM event'})`, async () => {
      const steps = conversation(finalVia);
      const sdk = await aiSdkThread(asAiSdkParts(steps));
      const agui = await agUiThread({ events: asAgUiEvents(steps) });
      await sdk.send('How did Q3 go?');
      await agui.send('How did Q3 go?');

      const expected = await seen(sdk);
      expect(expected)
        .to.include('Revenue rose')
        .and.include('$1,200,000.00')
        .and.include('query_sales')
        .and.include('View process');
      expect(await seen(agui)).to.equal(expected);
      expect(agui.messages.at(-1)).to.include({ status: 'complete', closed: true });
      const turn = $(agui, 'agent-turn');
      // The same-id update kept one element for the block; the report names two blocks, in order.
      expect($$(turn, 'answer-block[data-block-id="q3-revenue"]')).to.have.length(1);
      expect($$(turn, '.report answer-block').map((b) => b.dataset.blockId)).to.deep.equal([
        'q3-revenue',
        'field-check',
      ]);
    });
  }

  it('RUN_ERROR shows a notice in the turn and fires answer-error; what arrived stays', async () => {
    const text: Step[] = [{ kind: 'text', id: 't1', text: 'Half an answer' }];
    const sdk = await aiSdkThread([
      { type: 'start' },
      ...asAiSdkParts(text).slice(1, -1),
      { type: 'error', errorText: 'overloaded: model overloaded' },
    ]);
    const agui = await agUiThread({
      events: [
        { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
        ...asAgUiEvents(text),
        { type: 'RUN_ERROR', message: 'model overloaded', code: 'overloaded' },
      ],
    });
    await sdk.send('Go');
    const error = oneEvent(agui, 'answer-error') as Promise<AnswerErrorEvent>;
    await agui.send('Go');
    const { detail } = await error;
    expect(detail).to.deep.equal({ code: 'stream_error', message: 'overloaded: model overloaded' });
    expect(agui.messages.at(-1)).to.include({ status: 'error', closed: true });
    const shown = await seen(agui);
    expect(shown).to.include('Half an answer').and.include('model overloaded');
    expect(shown).to.equal(await seen(sdk));
  });

  it('RUN_FINISHED ends the turn although the connection stays open', async () => {
    const agui = await agUiThread({
      events: asAgUiEvents([{ kind: 'text', id: 't1', text: 'Done already.' }]),
      keepOpen: true,
    });
    const started = performance.now();
    await agui.send('Quick one');
    expect(performance.now() - started).to.be.below(5000);
    expect(agui.busy).to.equal(false);
    expect(agui.messages.at(-1)).to.include({ status: 'complete', closed: true });
    expect(await seen(agui)).to.include('Done already.');
  });

  it('sends a RunAgentInput with the conversation in AG-UI form, saves the thread and restores it', async () => {
    const threadId = uniqueId('agui-saved');
    const steps = conversation('call');
    const first = await agUiThread({ events: asAgUiEvents(steps) }, threadId);
    await first.send('How did Q3 go?');
    await first.saved();
    const live = await seen(first);
    first.remove();

    const again = await agUiThread(
      { events: asAgUiEvents([{ kind: 'text', id: 'n1', text: 'Second answer.' }]) },
      threadId,
    );
    expect(await seen(again)).to.equal(live);
    await again.send('And Q4?');
    const input = await lastInput(threadId);
    expect(input)
      .to.include({ threadId })
      .and.to.have.keys(
        'threadId',
        'runId',
        'messages',
        'state',
        'tools',
        'context',
        'forwardedProps',
      );
    expect(input.state).to.deep.equal({});
    expect(input.tools).to.deep.equal([]);
    const messages = input.messages as Json[];
    expect(messages[0]).to.include({ role: 'user', content: 'How did Q3 go?' });
    // What the back end streamed goes back under its own ids: each text and reasoning message,
    // every call in the message that made it, each result in the tool message it came in.
    expect(messages.slice(1, 5).map((m) => [m.id, m.role])).to.deep.equal([
      ['t1', 'assistant'],
      ['r1', 'reasoning'],
      ['m-tools', 'assistant'],
      ['c1-result', 'tool'],
    ]);
    expect(messages[2]).to.include({ content: 'Need the revenue table.' });
    const calls = messages.flatMap(
      (m) =>
        (m.toolCalls as
          { id: string; function: { name: string; arguments: string } }[] | undefined) ?? [],
    );
    expect(calls.slice(0, 4).map((c) => [c.id, c.function.name])).to.deep.equal([
      ['c1', 'query_sales'],
      ['c2', 'present_answer'],
      ['c3', 'present_answer'],
      ['c4', 'final_answer'],
    ]);
    const results = messages.filter(
      (m) => m.role === 'tool' && ['c1', 'c2', 'c3'].includes(m.toolCallId as string),
    );
    expect(results.map((m) => [m.id, m.toolCallId, m.content])).to.deep.equal([
      ['c1-result', 'c1', JSON.stringify({ rows: 3 })],
      ['c2-result', 'c2', JSON.stringify({ ok: true })],
      ['c3-result', 'c3', JSON.stringify({ ok: true })],
    ]);
    expect(
      JSON.parse(calls[1]!.function.arguments),
      'the call goes back with the block it carried',
    ).to.deep.equal(revenueBlock(1_000_000));
    // The blocks that came as CUSTOM events were never calls: they go back as calls of their own, each with a result.
    expect(calls.slice(4).map((c) => c.function.name)).to.deep.equal([
      'present_answer',
      'present_answer',
    ]);
    expect(JSON.parse(calls[4]!.function.arguments)).to.deep.equal(revenueBlock(1_200_000));
    expect(messages.filter((m) => m.toolCallId === calls[4]!.id)).to.have.length(1);
    expect(new Set(messages.map((m) => m.id)).size, 'no id twice').to.equal(messages.length);
    expect(messages.at(-1)).to.include({ role: 'user', content: 'And Q4?' });
    expect(await seen(again)).to.include('Second answer.');
  });
  it('a dropped connection is not resumed (AG-UI has no resume): the turn keeps what arrived and says the connection was lost', async () => {
    const agui = await agUiThread({
      events: asAgUiEvents([{ kind: 'text', id: 't1', text: 'Cut off here.' }]),
      dropAfter: 3,
    });
    agui.resume = true;
    const error = oneEvent(agui, 'answer-error') as Promise<AnswerErrorEvent>;
    await agui.send('Go');
    expect((await error).detail.code).to.equal('connection_lost');
    expect(agui.messages.at(-1)).to.include({ status: 'interrupted' });
    expect(await seen(agui))
      .to.include('"Cut of"')
      .and.not.include('here');
    const resumes = await (
      await fetch(`/api/ag-ui/resumes?threadId=${encodeURIComponent(agui.threadId!)}`)
    ).json();
    expect(resumes).to.equal(0);
  });

  it('Stop ends a run in flight; what arrived is kept', async () => {
    const steps: Step[] = [1, 2, 3, 4, 5, 6].map((n) => ({
      kind: 'text',
      id: `t${n}`,
      text: `Part ${n}.`,
    }));
    const agui = await agUiThread({ events: asAgUiEvents(steps), delayMs: 60 });
    const sent = agui.send('Go slowly');
    await waitUntil(() => outline(agui).includes('Part 1.'), 'nothing arrived');
    await harness(agui).stop();
    await sent;
    expect(agui.messages.at(-1)).to.include({ status: 'stopped' });
    // The server says the run's stream ended (the client left it), so nothing more can arrive.
    await fetch(`/api/ag-ui/ended?threadId=${encodeURIComponent(agui.threadId!)}`);
    expect(await seen(agui)).not.to.include('Part 6.');
  });
});
