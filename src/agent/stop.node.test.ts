import { expect } from 'chai';
import { aiMajors, type AiSdk } from '../test-support/ai-majors.js';
import { revenueBlock } from '../test-support/blocks.js';
import type { ScriptedStep } from '../test-support/scripted-model.js';
import { repairRequest } from '../conversation/index.js';
import type { ToolOutcome } from './tools.js';

const report = { text: 'Revenue rose 12%.', ui_block_ids: ['q3-revenue'] };

/** A side-effecting tool that counts how often it really ran. */
function sendEmail(sdk: AiSdk) {
  const sent: unknown[] = [];
  const tool = sdk.ai.tool({
    description: 'Sends an email.',
    inputSchema: sdk.ai.jsonSchema<{ to: string }>({
      type: 'object',
      properties: { to: { type: 'string' } },
    }),
    execute: async (input) => {
      sent.push(input);
      return { sent: true };
    },
  });
  return { tool, sent };
}

/** Runs one turn of `steps` to its end; returns the model (its calls) and what the email tool did. */
async function run(sdk: AiSdk, steps: ScriptedStep[], maxSteps?: number) {
  const model = sdk.scriptedSteps(steps);
  const email = sendEmail(sdk);
  const written: { type: string }[] = [];
  const result = sdk.ai.streamText({
    model,
    prompt: 'How did Q3 go? Mail the team afterwards.',
    tools: {
      ...sdk.agent.answerTools({ write: (part) => written.push(part) }),
      send_email: email.tool,
    },
    stopWhen: sdk.agent.answerStopWhen(maxSteps),
  });
  const text = await result.text;
  return {
    calls: model.doStreamCalls.length,
    prompts: model.doStreamCalls.map((call) => call.prompt),
    sent: email.sent,
    written: written.map((p) => p.type),
    text,
  };
}

for (const { name, module: sdk } of await aiMajors()) {
  describe(`answerStopWhen, ${name}`, () => {
    it('ends the run at the step whose final answer was accepted: no further model call, no later tool', async () => {
      const outcome = await run(sdk, [
        [{ tool: 'present_answer', input: revenueBlock() }],
        [{ text: 'Here is the summary.' }, { tool: 'final_answer', input: report }],
        [{ tool: 'send_email', input: { to: 'team@example.com' } }],
        [{ text: 'I also mailed the team.' }],
      ]);
      expect(outcome.calls).to.equal(2);
      expect(outcome.sent).to.deep.equal([]);
      expect(outcome.written).to.deep.equal(['data-answer_ui', 'data-final_answer']);
      expect(outcome.text).to.equal('Here is the summary.');
    });

    it('runs a tool called in the same step as the report, and nothing after it', async () => {
      const outcome = await run(sdk, [
        [{ tool: 'present_answer', input: revenueBlock() }],
        [
          { tool: 'send_email', input: { to: 'team@example.com' } },
          { tool: 'final_answer', input: report },
        ],
        [{ tool: 'send_email', input: { to: 'everyone@example.com' } }],
      ]);
      expect(outcome.calls).to.equal(2);
      expect(outcome.sent).to.deep.equal([{ to: 'team@example.com' }]);
    });

    it('takes one model call for a block and its report made in one step', async () => {
      const outcome = await run(sdk, [
        [
          { text: 'Q3 in one view.' },
          { tool: 'present_answer', input: revenueBlock() },
          { tool: 'final_answer', input: report },
        ],
        [{ tool: 'send_email', input: { to: 'team@example.com' } }],
      ]);
      expect(outcome.calls).to.equal(1);
      expect(outcome.written).to.deep.equal(['data-answer_ui', 'data-final_answer']);
      expect(outcome.sent).to.deep.equal([]);
    });

    it('refuses a report whose input came before its block’s, with an error the model repairs', async () => {
      const outcome = await run(sdk, [
        [
          { tool: 'final_answer', input: report },
          { tool: 'present_answer', input: revenueBlock() },
        ],
        [{ tool: 'final_answer', input: report }],
        [{ tool: 'send_email', input: { to: 'team@example.com' } }],
      ]);
      expect(outcome.calls).to.equal(2);
      expect(outcome.written).to.deep.equal(['data-answer_ui', 'data-final_answer']);
      // What the model read before its second step: the refusal, and the block shown.
      const results = outcome.prompts[1]!.flatMap((message) =>
        message.role === 'tool' ? message.content : [],
      );
      const outcomeOf = (name: string) => {
        const result = results.find(
          (part) => part.type === 'tool-result' && part.toolName === name,
        );
        const output = result?.type === 'tool-result' ? result.output : undefined;
        return output?.type === 'json' ? (output.value as unknown as ToolOutcome) : undefined;
      };
      const refusal = outcomeOf('final_answer');
      expect(refusal?.ok).to.equal(false);
      expect(refusal?.message).to.equal(repairRequest('final answer'));
      expect(refusal && !refusal.ok && refusal.errors.map((e) => [e.code, e.path])).to.deep.equal([
        ['missing_ref', '/ui_block_ids/0'],
      ]);
      expect(outcomeOf('present_answer')?.ok).to.equal(true);
    });

    it('gives the model another step when its final answer was rejected, so it can repair it', async () => {
      const outcome = await run(sdk, [
        [
          {
            tool: 'final_answer',
            input: { text: 'See the chart.', ui_block_ids: ['never-published'] },
          },
        ],
        [{ tool: 'present_answer', input: revenueBlock() }],
        [{ tool: 'final_answer', input: report }],
        [{ tool: 'send_email', input: { to: 'team@example.com' } }],
      ]);
      expect(outcome.calls).to.equal(3);
      expect(outcome.sent).to.deep.equal([]);
      expect(outcome.written).to.deep.equal(['data-answer_ui', 'data-final_answer']);
    });

    it('stops at the step cap when the model never reports', async () => {
      const lookAgain: ScriptedStep = [{ tool: 'send_email', input: { to: 'me@example.com' } }];
      const outcome = await run(
        sdk,
        Array.from({ length: 10 }, () => lookAgain),
        3,
      );
      expect(outcome.calls).to.equal(3);
      expect(outcome.sent).to.have.length(3);
    });
  });
}
