import { expect } from 'chai';
import { aiMajors, type AiSdk } from '../test-support/ai-majors.js';
import { investigationBlock, revenueBlock } from '../test-support/blocks.js';
import type { ScriptedStep } from '../test-support/scripted-model.js';
import { deserializeThread } from './restore.js';
import { serializeThread } from './serialize.js';
import {
  answerApproval,
  pendingApprovals,
  readPart,
  takeLateResult,
  ThreadState,
  toUIMessages,
  type ToolItem,
} from '../conversation/index.js';

/*
 * What a thread built from real AI SDK streams sends back, checked by the
 * SDK's own code on each major: `validateUIMessages` takes it, and
 * `convertToModelMessages` gives the model every tool call with its
 * result, the blocks and the reports, whether they came as tool calls or
 * as data parts. Each answer is streamed by `streamText` with a scripted
 * model, and read the way `<agent-thread>` reads it.
 */

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const report = (ids: string[]) => ({ text: `Report on ${ids.join(' and ')}.`, ui_block_ids: ids });

function plainTools(sdk: AiSdk) {
  const { tool, jsonSchema } = sdk.ai;
  const object = jsonSchema<Record<string, unknown>>({ type: 'object' });
  return {
    query_sales: tool({
      description: 'Reads sales.',
      inputSchema: object,
      execute: async () => ({ rows: 3 }),
    }),
    read_logs: tool({
      description: 'Reads logs.',
      inputSchema: object,
      execute: async (): Promise<{ lines: string[] }> => {
        throw new Error('The logs are not available.');
      },
    }),
    delete_file: tool({
      description: 'Deletes a file.',
      inputSchema: object,
      needsApproval: true,
      execute: async () => ({ deleted: true }),
    }),
  };
}

/**
 * Reads an answer's UI message stream into the thread state as `<agent-thread>` does (parts as they
 * come over the wire).
 */
async function read(state: ThreadState, stream: ReadableStream<unknown>) {
  if (!state.openTurn) state.openNewTurn();
  const reader = stream.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    const part = readPart(JSON.parse(JSON.stringify(chunk.value)) as unknown);
    if (!part) continue;
    if (!state.openTurn) takeLateResult(state, part);
    else state.apply(part);
  }
}

/**
 * One answer of `steps` to the conversation so far, on the server the way
 * a `useChat` back end runs it. `blocksAs: 'data'` hides the answer calls
 * (`withoutAnswerToolCalls`), so blocks and report arrive as data parts.
 */
async function answer(
  sdk: AiSdk,
  state: ThreadState,
  steps: ScriptedStep[],
  blocksAs: 'calls' | 'data' = 'calls',
) {
  const { ai, agent } = sdk;
  const history = await ai.convertToModelMessages(
    toUIMessages(state.messages) as Parameters<typeof ai.convertToModelMessages>[0],
  );
  const model = sdk.scriptedSteps(steps);
  const stream = ai.createUIMessageStream({
    execute: ({ writer }) => {
      const result = ai.streamText({
        model,
        messages: history,
        tools: { ...plainTools(sdk), ...agent.answerTools(writer) },
        stopWhen: agent.answerStopWhen(),
      });
      const parts = result.toUIMessageStream({ sendReasoning: true, sendSources: true });
      writer.merge(blocksAs === 'data' ? agent.withoutAnswerToolCalls(parts) : parts);
    },
  });
  await read(state, stream);
  return model;
}

/**
 * A conversation with everything a stream carries: calls, errors, blocks and reports both ways,
 * sources, files, an approval, a form answer.
 */
async function conversation(sdk: AiSdk) {
  const state = new ThreadState();
  state.addUser('How did Q3 go?');
  await answer(sdk, state, [
    [
      { reasoning: 'Sales first.' },
      { text: 'Checking.' },
      { tool: 'query_sales', input: { quarter: 'Q3' } },
      { tool: 'read_logs', input: { site: 4 } },
    ],
    [
      { tool: 'present_answer', input: revenueBlock() },
      { tool: 'final_answer', input: report(['q3-revenue']) },
    ],
  ]);
  state.addUser('Check pump station 4.');
  await answer(
    sdk,
    state,
    [
      [
        { text: 'From the inspection log [1].' },
        { source: { url: 'https://example.com/log', title: 'Inspection log' } },
        { file: { mediaType: 'image/png', base64: PNG } },
        { tool: 'present_answer', input: investigationBlock() },
      ],
      [{ tool: 'final_answer', input: report(['field-check']) }],
    ],
    'data',
  );
  state.addUser('Crew: Team B', {
    blockId: 'field-check',
    elementId: 'ask',
    values: { crew: 'Team B' },
  });
  state.addUser('Delete the draft.');
  await answer(sdk, state, [[{ tool: 'delete_file', input: { path: '/draft.pdf' } }]]);
  const [approval] = pendingApprovals(state.messages) as [ToolItem];
  const turn = answerApproval(state.messages, approval, true)!;
  state.continueTurn(turn);
  await answer(sdk, state, [[{ text: 'Deleted.' }]]);
  return state;
}

const dataAsText = (part: { type: string; data: unknown }) => ({
  type: 'text' as const,
  text: `${part.type} ${JSON.stringify(part.data)}`,
});

for (const { name, module: sdk } of await aiMajors()) {
  describe(`what the thread sends back, checked by ${name}`, () => {
    let state: ThreadState;
    before(async () => {
      state = await conversation(sdk);
    });

    it('passes validateUIMessages, before and after a reload', async () => {
      const messages = toUIMessages(state.messages);
      expect(await sdk.ai.validateUIMessages({ messages })).to.deep.equal(messages);
      const restored = deserializeThread(
        JSON.parse(JSON.stringify(serializeThread(state.messages))),
      );
      expect(toUIMessages(restored), 'a restored thread sends what it sent before').to.deep.equal(
        messages,
      );
    });

    it('keeps each assistant message’s parts in stream order, as useChat holds them', () => {
      const [, first] = toUIMessages(state.messages);
      expect(first!.parts.map((p) => p.type)).to.deep.equal([
        'step-start',
        'reasoning',
        'text',
        'tool-query_sales',
        'tool-read_logs',
        'step-start',
        'tool-present_answer',
        'tool-final_answer',
      ]);
      const calls = first!.parts.filter((p) => p.type.startsWith('tool-'));
      expect(calls.map((p) => p.state)).to.deep.equal([
        'output-available',
        'output-error',
        'output-available',
        'output-available',
      ]);
    });

    it('gives the model every tool call with its result, and the blocks and reports however they came', async () => {
      const model = await sdk.ai.convertToModelMessages(
        toUIMessages(state.messages) as Parameters<typeof sdk.ai.convertToModelMessages>[0],
        {
          convertDataPart: dataAsText,
        },
      );
      const content = model.flatMap((m) =>
        Array.isArray(m.content) ? (m.content as { type: string; [key: string]: unknown }[]) : [],
      );
      const calls = content.filter((p) => p.type === 'tool-call');
      const results = new Map(
        content
          .filter((p) => p.type === 'tool-result')
          .map((p) => [p.toolCallId, p.output as { type: string; value: unknown }]),
      );
      expect(calls.map((c) => [c.toolName, results.get(c.toolCallId)?.type])).to.deep.equal([
        ['query_sales', 'json'],
        ['read_logs', 'error-text'],
        ['present_answer', 'json'],
        ['final_answer', 'json'],
        ['delete_file', 'json'],
      ]);
      expect(calls[2]!.input).to.deep.equal(revenueBlock());
      expect(calls[3]!.input).to.deep.equal(report(['q3-revenue']));
      expect(results.get(calls[4]!.toolCallId)!.value).to.deep.equal({ deleted: true });
      expect(
        content.some((p) => p.type === 'tool-approval-response' && p.approved === true),
      ).to.equal(true);
      const texts = content.filter((p) => p.type === 'text').map((p) => p.text as string);
      // The block and report that came as data parts reach the model through `convertDataPart`.
      expect(
        texts.some((t) => t.startsWith('data-answer_ui') && t.includes('"field-check"')),
      ).to.equal(true);
      expect(
        texts.some(
          (t) => t.startsWith('data-final_answer') && t.includes('Report on field-check.'),
        ),
      ).to.equal(true);
      expect(texts.some((t) => t.startsWith('data-answer_form') && t.includes('Team B'))).to.equal(
        true,
      );
      expect(texts).to.include.members(['Checking.', 'From the inspection log [1].', 'Deleted.']);
      expect(content.some((p) => p.type === 'reasoning' && p.text === 'Sales first.')).to.equal(
        true,
      );
      expect(content.some((p) => p.type === 'file' && p.mediaType === 'image/png')).to.equal(true);
    });

    it('the project’s own toModelMessages reads the same history: blocks as compact text, calls and results kept', async () => {
      const model = await sdk.agent.toModelMessages(toUIMessages(state.messages));
      const text = JSON.stringify(model);
      expect(text)
        .to.include('[Answer block \\"q3-revenue\\" shown to the reader]')
        .and.include('[Answer block \\"field-check\\" shown to the reader]');
      expect(text).to.include('Report on q3-revenue.').and.include('Report on field-check.');
      const content = model.flatMap((m) =>
        Array.isArray(m.content) ? (m.content as { type: string; toolName?: string }[]) : [],
      );
      expect(content.filter((p) => p.type === 'tool-call').map((c) => c.toolName)).to.deep.equal([
        'query_sales',
        'read_logs',
        'delete_file',
      ]);
    });
  });
}
