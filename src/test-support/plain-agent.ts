/**
 * A back end written for `useChat` with the AI SDK alone on the history
 * side: the messages it is sent are checked with the SDK's own
 * `validateUIMessages` and given to the model with its own
 * `convertToModelMessages`, no answer-ui helper in between. The tools are
 * a plain one and answer-ui's two answer tools, streamed as tool calls
 * (not filtered), and the run saves its messages when it ends (`onFinish`),
 * as a back end that persists the chat does. Loaded once per AI SDK major
 * (`plain-agent.ts?ai=7` runs on ai@7), behind test/servers/plain.ts.
 *
 * What the model does, by the reader's last message:
 * - "Q3": reasons, says it is checking, calls `query_sales` and
 *   `read_logs` (which fails); then publishes the revenue block and its
 *   report in one step. After the report the server writes a late text
 *   part before `finish`, which the thread must not show.
 * - "one step": says a word, publishes the revenue block and reports, all
 *   in its first step: one model call.
 * - "report first": calls `final_answer` before `present_answer` in one
 *   step (refused: the block is not published yet), then reports again.
 * - "slow": text in many slow deltas (to be stopped).
 * - anything else: `Answer number K.`, K counting the chat's model calls.
 */
import {
  convertToModelMessages,
  createUIMessageStream,
  createUIMessageStreamResponse,
  streamText,
  tool,
  validateUIMessages,
  type UIMessage,
} from 'ai';
import { z } from 'zod';
import { answerStopWhen, answerTools } from '../agent/index.js';
import { revenueBlock } from './blocks.js';
import { scriptedModel, turnOf, type ScriptedStep } from './scripted-model.js';

export const LATE_TEXT = 'A late word after the report.';
export const REPORT = { text: 'Revenue rose **12%** in Q3.', ui_block_ids: ['q3-revenue'] };

const plainTools = {
  query_sales: tool({
    description: 'Reads the sales figures of a quarter.',
    inputSchema: z.object({ quarter: z.string() }),
    execute: async () => ({ rows: 3, total: 1_200_000 }),
  }),
  read_logs: tool({
    description: 'Reads the system logs.',
    inputSchema: z.object({ site: z.number() }),
    execute: async (): Promise<{ lines: string[] }> => {
      throw new Error('The logs are not available.');
    },
  }),
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What happened to each response: sent to its end, or cut off by the client. */
export type ResponseFate = 'read to the end' | 'cancelled';

export function plainAgent() {
  const model = scriptedModel(
    (call, callIndex): ScriptedStep => {
      const { userText, step } = turnOf(call.prompt);
      if (/Q3/.test(userText)) {
        if (step === 0) {
          return [
            { reasoning: 'The sales table first, then the logs.' },
            { text: 'Checking the sales.' },
            { tool: 'query_sales', input: { quarter: 'Q3' } },
            { tool: 'read_logs', input: { site: 4 } },
          ];
        }
        return [
          { tool: 'present_answer', input: revenueBlock() },
          { tool: 'final_answer', input: REPORT },
        ];
      }
      if (/one step/.test(userText))
        return [
          { text: 'Q3 in one view.' },
          { tool: 'present_answer', input: revenueBlock() },
          { tool: 'final_answer', input: REPORT },
        ];
      if (/report first/.test(userText))
        return step === 0
          ? [
              { tool: 'final_answer', input: REPORT },
              { tool: 'present_answer', input: revenueBlock() },
            ]
          : [{ tool: 'final_answer', input: REPORT }];
      if (/slow/.test(userText))
        return [{ text: Array.from({ length: 40 }, (_, i) => `Word ${i}.`).join(' ') }];
      return [{ text: `Answer number ${callIndex + 1}.` }];
    },
    { chunkDelayMs: (call) => (/slow/.test(turnOf(call.prompt).userText) ? 60 : 0) },
  );
  const requests: unknown[] = [];
  const saved: UIMessage[][] = [];
  const fates: ResponseFate[] = [];
  return {
    requests,
    saved,
    fates,
    prompts: () => model.doStreamCalls.map((call) => call.prompt),
    async chat(body: { messages?: unknown }): Promise<Response> {
      let messages: UIMessage[];
      try {
        messages = await validateUIMessages({ messages: body.messages });
      } catch (error) {
        return Response.json({ error: String(error) }, { status: 400 });
      }
      const modelMessages = await convertToModelMessages(messages);
      const stream = createUIMessageStream({
        originalMessages: messages,
        execute: async ({ writer }) => {
          const tools = { ...plainTools, ...answerTools(writer) };
          const result = streamText({
            model,
            messages: modelMessages,
            tools,
            stopWhen: answerStopWhen(),
          });
          writer.merge(result.toUIMessageStream({ sendReasoning: true, sendFinish: false }));
          await result.consumeStream();
          const reported = (await result.steps).some((step) =>
            step.toolCalls.some((call) => call.toolName === 'final_answer'),
          );
          // After the report, more parts and a pause before `finish`: a thread that reads to the
          // end sees them, and shows none.
          if (reported) {
            await sleep(300);
            writer.write({ type: 'text-start', id: 'late' });
            writer.write({ type: 'text-delta', id: 'late', delta: LATE_TEXT });
            writer.write({ type: 'text-end', id: 'late' });
          }
          writer.write({ type: 'finish' });
        },
        onFinish: ({ messages: all }) => void saved.push(all),
      });
      return createUIMessageStreamResponse({ stream });
    },
  };
}
