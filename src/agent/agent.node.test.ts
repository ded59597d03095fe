import { expect } from 'chai';
import { createUIMessageStream, stepCountIs, streamText, type UIMessageChunk } from 'ai';
import { MockLanguageModelV3, convertArrayToReadableStream } from 'ai/test';
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { revenueBlock } from '../test-support/blocks.js';
import { answerTools, withoutAnswerToolCalls, writeBlock } from './index.js';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 10, text: 10, reasoning: 0 },
};

/** A model that answers each call with the next scripted tool call. */
function scriptedModel(calls: { toolName: string; input: unknown }[]) {
  let step = 0;
  return new MockLanguageModelV3({
    doStream: async () => {
      const call = calls[step++];
      const parts: LanguageModelV3StreamPart[] = call
        ? [
            { type: 'stream-start', warnings: [] },
            { type: 'tool-call', toolCallId: `call-${step}`, toolName: call.toolName, input: JSON.stringify(call.input) },
            { type: 'finish', usage, finishReason: { unified: 'tool-calls', raw: 'tool_calls' } },
          ]
        : [
            { type: 'stream-start', warnings: [] },
            { type: 'text-start', id: 't' },
            { type: 'text-delta', id: 't', delta: 'Done.' },
            { type: 'text-end', id: 't' },
            { type: 'finish', usage, finishReason: { unified: 'stop', raw: 'stop' } },
          ];
      return { stream: convertArrayToReadableStream(parts) } as never;
    },
  });
}

async function collect(stream: ReadableStream<UIMessageChunk>): Promise<UIMessageChunk[]> {
  const parts: UIMessageChunk[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return parts;
    parts.push(value);
  }
}

describe('answer-ui/agent', () => {
  it('returns the validator errors to a model whose block is invalid, and streams only the repaired block', async () => {
    const broken = revenueBlock() as unknown as { elements: Record<string, { props: Record<string, unknown> }> };
    broken.elements.trend!.props.series = [{ name: '2025', values: [1, 2] }];
    broken.elements.kpi!.props.onclick = 'steal()';
    const model = scriptedModel([
      { toolName: 'present_answer', input: broken },
      { toolName: 'present_answer', input: revenueBlock() },
      { toolName: 'final_answer', input: { text: 'Revenue rose 12%.', ui_block_ids: ['q3-revenue'] } },
    ]);
    const stream = createUIMessageStream({
      execute({ writer }) {
        const result = streamText({ model, prompt: 'How did Q3 go?', tools: answerTools(writer), stopWhen: stepCountIs(5) });
        writer.merge(withoutAnswerToolCalls(result.toUIMessageStream()));
      },
    });
    const parts = await collect(stream);
    const blocks = parts.filter((p) => p.type === 'data-answer_ui') as { id: string; data: unknown }[];
    expect(blocks).to.have.length(1);
    expect(blocks[0]!.data).to.deep.equal(revenueBlock());
    expect(parts.filter((p) => p.type === 'data-final_answer')).to.deep.equal([
      { type: 'data-final_answer', data: { text: 'Revenue rose 12%.', ui_block_ids: ['q3-revenue'] } },
    ]);
    expect(parts.some((p) => 'toolName' in p && (p as { toolName: string }).toolName === 'present_answer')).to.equal(false);
    // The second call saw the errors of the first as the tool's result.
    const secondPrompt = JSON.stringify(model.doStreamCalls[1]!.prompt);
    expect(secondPrompt).to.include('misaligned_series').and.include('/elements/trend/props/series/0/values').and.include('unknown_prop');
  });

  it('rejects a final answer that names a block not published in the turn', async () => {
    const written: UIMessageChunk[] = [];
    const tools = answerTools({ write: (part) => written.push(part) });
    const outcome = await tools.final_answer.execute!({ text: 'x', ui_block_ids: ['ghost'] }, { toolCallId: 'c', messages: [] });
    expect(outcome).to.deep.include({ ok: false });
    expect((outcome as { errors: { code: string }[] }).errors.map((e) => e.code)).to.deep.equal(['missing_ref']);
    expect(written).to.deep.equal([]);
  });

  it('the part writer refuses invalid blocks', () => {
    const written: UIMessageChunk[] = [];
    expect(writeBlock({ write: (part) => written.push(part) }, { nope: true }).ok).to.equal(false);
    expect(written).to.deep.equal([]);
    expect(writeBlock({ write: (part) => written.push(part) }, revenueBlock()).ok).to.equal(true);
    expect(written).to.have.length(1);
  });
});
