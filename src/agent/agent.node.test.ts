import { expect } from 'chai';
import type { UIMessageChunk } from 'ai';
import { aiMajors, type AiSdk } from '../test-support/ai-majors.js';
import { revenueBlock } from '../test-support/blocks.js';
import type { ScriptedStep } from '../test-support/scripted-model.js';

async function collect(stream: ReadableStream<UIMessageChunk>): Promise<UIMessageChunk[]> {
  const parts: UIMessageChunk[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return parts;
    parts.push(value);
  }
}

/** One turn through streamText, the answer tools and the tool-call filter, as a back end runs it. */
function runTurn(
  { ai, agent }: AiSdk,
  model: Parameters<AiSdk['ai']['streamText']>[0]['model'],
  extraTools = {},
) {
  const stream = ai.createUIMessageStream({
    execute({ writer }) {
      const result = ai.streamText({
        model,
        prompt: 'How did Q3 go?',
        tools: { ...agent.answerTools(writer), ...extraTools },
        stopWhen: agent.answerStopWhen(6),
      });
      writer.merge(agent.withoutAnswerToolCalls(result.toUIMessageStream()));
    },
  });
  return collect(stream);
}

const toolParts = (parts: UIMessageChunk[], type: string) =>
  parts.filter((p) => p.type === type) as { toolCallId: string; toolName?: string }[];

for (const { name, module: sdk } of await aiMajors()) {
  describe(`answer-ui/agent tools, ${name}`, () => {
    it('returns the validator errors to a model whose block is invalid, and streams only the repaired block', async () => {
      const broken = revenueBlock() as unknown as {
        elements: Record<string, { props: Record<string, unknown> }>;
      };
      broken.elements.trend!.props.series = [{ name: '2025', values: [1, 2] }];
      broken.elements.kpi!.props.onclick = 'steal()';
      const model = sdk.scriptedSteps([
        [{ tool: 'present_answer', input: broken }],
        [{ tool: 'present_answer', input: revenueBlock() }],
        [
          {
            tool: 'final_answer',
            input: { text: 'Revenue rose 12%.', ui_block_ids: ['q3-revenue'] },
          },
        ],
      ]);
      const parts = await runTurn(sdk, model);
      const blocks = parts.filter((p) => p.type === 'data-answer_ui') as {
        id: string;
        data: unknown;
      }[];
      expect(blocks).to.have.length(1);
      expect(blocks[0]!.data).to.deep.equal(revenueBlock());
      expect(parts.filter((p) => p.type === 'data-final_answer')).to.deep.equal([
        {
          type: 'data-final_answer',
          data: { text: 'Revenue rose 12%.', ui_block_ids: ['q3-revenue'] },
        },
      ]);
      // The second call saw the errors of the first as the tool's result.
      const secondPrompt = JSON.stringify(model.doStreamCalls[1]!.prompt);
      expect(secondPrompt)
        .to.include('misaligned_series')
        .and.include('/elements/trend/props/series/0/values')
        .and.include('unknown_prop');
    });

    it('lets only the start of a present_answer call through, for the placeholder; nothing of final_answer; other tools whole', async () => {
      const steps: ScriptedStep[] = [
        [{ text: 'Looking it up.' }, { tool: 'lookup', input: { quarter: 'Q3' } }],
        [{ tool: 'present_answer', input: revenueBlock() }],
        [
          {
            tool: 'final_answer',
            input: { text: 'Revenue rose 12%.', ui_block_ids: ['q3-revenue'] },
          },
        ],
      ];
      const lookup = sdk.ai.tool({
        inputSchema: sdk.ai.jsonSchema<{ quarter: string }>({
          type: 'object',
          properties: { quarter: { type: 'string' } },
        }),
        execute: async () => ({ revenue: 1_200_000 }),
      });
      const parts = await runTurn(sdk, sdk.scriptedSteps(steps), { lookup });
      const starts = toolParts(parts, 'tool-input-start');
      expect(starts.map((p) => p.toolName)).to.deep.equal(['lookup', 'present_answer']);
      const presentId = starts[1]!.toolCallId;
      const lookupId = starts[0]!.toolCallId;
      expect(
        parts.filter((p) => 'toolCallId' in p && p.toolCallId === presentId).map((p) => p.type),
      ).to.deep.equal(['tool-input-start']);
      expect(
        parts.filter((p) => 'toolCallId' in p && p.toolCallId === lookupId).map((p) => p.type),
      ).to.include.members([
        'tool-input-start',
        'tool-input-delta',
        'tool-input-available',
        'tool-output-available',
      ]);
      expect(parts.some((p) => 'toolName' in p && p.toolName === 'final_answer')).to.equal(false);
      // The placeholder comes before the block it stands for.
      const order = parts
        .map((p) => p.type)
        .filter((t) => t === 'tool-input-start' || t === 'data-answer_ui');
      expect(order).to.deep.equal(['tool-input-start', 'tool-input-start', 'data-answer_ui']);
    });

    it('rejects a final answer that names a block not published in the turn', async () => {
      const written: UIMessageChunk[] = [];
      const tools = sdk.agent.answerTools({ write: (part) => written.push(part) });
      const outcome = await tools.final_answer.execute!(
        { text: 'x', ui_block_ids: ['ghost'] },
        { toolCallId: 'c', messages: [] },
      );
      expect(outcome).to.deep.include({ ok: false });
      expect((outcome as { errors: { code: string }[] }).errors.map((e) => e.code)).to.deep.equal([
        'missing_ref',
      ]);
      expect(written).to.deep.equal([]);
    });

    it('the part writer refuses invalid blocks', () => {
      const written: UIMessageChunk[] = [];
      expect(
        sdk.agent.writeBlock({ write: (part) => written.push(part) }, { nope: true }).ok,
      ).to.equal(false);
      expect(written).to.deep.equal([]);
      expect(
        sdk.agent.writeBlock({ write: (part) => written.push(part) }, revenueBlock()).ok,
      ).to.equal(true);
      expect(written).to.have.length(1);
    });
  });
}
