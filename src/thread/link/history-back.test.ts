import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { $$ } from '../../test-support/dom.js';
import { openProcesses, outline, settle } from '../../test-support/settle.js';
import '../define.js';
import type { AgentThread } from '../elements/thread.js';
import type { AnswerBlock } from '../../components/block/block.js';
import { harness } from '../../test-support/thread-harness.js';

/*
 * What the thread sends back, as a back end written for `useChat` with the
 * AI SDK alone reads it (test/servers/plain.ts: `validateUIMessages`,
 * then `convertToModelMessages`, no answer-ui helper on the history side).
 * The second turn's prompt is where the back end shows what it was sent:
 * the model must find its own tool calls with their results, its block
 * and its report there, also after a reload.
 */

type Content = {
  type: string;
  toolName?: string;
  toolCallId?: string;
  input?: unknown;
  output?: { type: string; value?: unknown };
  text?: string;
};
type PromptMessage = { role: string; content: string | Content[] };
interface Log {
  requests: { messages: { role: string; parts: { type: string }[] }[] }[];
  prompts: PromptMessage[][];
  saved: unknown[][];
  fates: string[];
}

const LATE_TEXT = 'A late word after the report.';
let serial = 0;
const uid = (name: string) => `${name}-${Date.now().toString(36)}-${serial++}`;

/** The server's log of the chat; empty until the server has seen the chat's first request. */
const log = async (chatId: string): Promise<Log> =>
  ((await (
    await fetch(`/api/plain/log?chat=${encodeURIComponent(chatId)}`)
  ).json()) as Log | null) ?? { requests: [], prompts: [], saved: [], fates: [] };

async function thread(threadId: string, api: string): Promise<AgentThread> {
  const el = await fixture<AgentThread>(
    html`<agent-thread api=${api} thread-id=${threadId}></agent-thread>`,
  );
  await el.restored;
  return el;
}

/** The prompt of the first model call of the turn that asked `question`. */
function promptFor(prompts: PromptMessage[][], question: string): PromptMessage[] {
  const asked = (prompt: PromptMessage[]) => {
    const user = prompt.findLast((m) => m.role === 'user');
    return Array.isArray(user?.content) && user.content.some((part) => part.text === question);
  };
  const prompt = prompts.find(asked);
  if (!prompt) throw new Error(`no model call for "${question}"`);
  return prompt;
}

const contents = (prompt: PromptMessage[], role: string) =>
  prompt.flatMap((m) => (m.role === role && Array.isArray(m.content) ? m.content : []));

/** Each tool call the prompt holds, with the kind of result it came back with. */
function callsWithResults(prompt: PromptMessage[]) {
  const results = new Map(contents(prompt, 'tool').map((part) => [part.toolCallId, part.output]));
  return contents(prompt, 'assistant')
    .filter((part) => part.type === 'tool-call')
    .map((call) => ({
      name: call.toolName,
      input: call.input,
      result: results.get(call.toolCallId),
    }));
}

/** What the model of the turn that asked `question` was told of the first turn. */
function expectFirstTurnIn(prompt: PromptMessage[]) {
  const assistant = contents(prompt, 'assistant');
  expect(assistant.filter((p) => p.type === 'text').map((p) => p.text)).to.include(
    'Checking the sales.',
  );
  expect(assistant.filter((p) => p.type === 'reasoning').map((p) => p.text)).to.include(
    'The sales table first, then the logs.',
  );
  const calls = callsWithResults(prompt);
  expect(calls.map((c) => [c.name, c.result?.type])).to.deep.equal([
    ['query_sales', 'json'],
    ['read_logs', 'error-text'],
    ['present_answer', 'json'],
    ['final_answer', 'json'],
  ]);
  expect(calls[0]!.result!.value).to.deep.equal({ rows: 3, total: 1_200_000 });
  expect(calls[2]!.input, 'the block it showed').to.deep.include({ block_id: 'q3-revenue' });
  expect(calls[2]!.result!.value).to.deep.include({ ok: true, block_id: 'q3-revenue' });
  expect(calls[3]!.input, 'the report it gave').to.deep.equal({
    text: 'Revenue rose **12%** in Q3.',
    ui_block_ids: ['q3-revenue'],
  });
  expect(calls[3]!.result!.value).to.deep.include({ ok: true });
  expect(JSON.stringify(prompt), 'nothing that came after the report').not.to.include(LATE_TEXT);
}

for (const [major, api] of [
  ['AI SDK 6', '/api/plain/chat'],
  ['AI SDK 7', '/api/plain/7/chat'],
] as const) {
  describe(`what the thread sends back to a plain AI SDK back end (${major})`, () => {
    it('turn 2 and a turn after a reload see turn 1’s tool calls with their results, its block and its report', async () => {
      const threadId = uid('plain');
      const first = await thread(threadId, api);
      await first.send('How did Q3 go?');
      await settle(first);
      expect($$(first, 'agent-turn')).to.have.length(1);
      await waitUntil(
        async () => (await log(threadId)).fates.length === 1,
        'the first run never ended',
        { timeout: 5000 },
      );
      await first.send('Explain the table.');
      await waitUntil(
        async () => (await log(threadId)).fates.length === 2,
        'the second run never ended',
        { timeout: 5000 },
      );
      let { prompts } = await log(threadId);
      expectFirstTurnIn(promptFor(prompts, 'Explain the table.'));
      await first.saved();
      first.remove();

      const again = await thread(threadId, api);
      expect(again.messages).to.have.length(4);
      await again.send('And after a reload?');
      await waitUntil(
        async () => (await log(threadId)).fates.length === 3,
        'the third run never ended',
        { timeout: 5000 },
      );
      ({ prompts } = await log(threadId));
      const afterReload = promptFor(prompts, 'And after a reload?');
      expectFirstTurnIn(afterReload);
      expect(contents(afterReload, 'assistant').map((p) => p.text)).to.include('Answer number 3.');
      const { requests } = await log(threadId);
      expect(
        requests[2]!.messages.slice(0, 3),
        'after the reload, what went before goes as it went',
      ).to.deep.equal(requests[1]!.messages);
    });

    it('seals the turn at the report but reads the run to its end: the server finishes and saves, nothing after the report shows', async () => {
      const threadId = uid('plain-seal');
      const el = await thread(threadId, api);
      await el.send('How did Q3 go?');
      expect(el.busy, 'the composer is free once the report is in').to.equal(false);
      await waitUntil(async () => (await log(threadId)).fates.length === 1, 'the run never ended', {
        timeout: 5000,
      });
      const { fates, saved } = await log(threadId);
      expect(fates).to.deep.equal(['read to the end']);
      expect(saved, 'the run saved its messages when it ended').to.have.length(1);
      await settle(el);
      await openProcesses(el);
      expect(outline(el)).to.include('Revenue rose').and.not.include(LATE_TEXT);
      await el.saved();
      expect(JSON.stringify(el.messages)).not.to.include(LATE_TEXT);
    });

    it('a block and its report in one step: one model call, both shown, the turn complete', async () => {
      const threadId = uid('plain-one-step');
      const el = await thread(threadId, api);
      await harness(el).send('Show it all in one step.');
      await waitUntil(async () => (await log(threadId)).fates.length === 1, 'the run never ended', {
        timeout: 5000,
      });
      expect((await log(threadId)).prompts, 'model calls').to.have.length(1);
      await settle(el);
      const blocks = $$<AnswerBlock>($$(el, 'agent-turn')[0]!, 'answer-block');
      expect(blocks.map((b) => (b.block as { block_id?: string }).block_id)).to.deep.equal([
        'q3-revenue',
      ]);
      expect(outline(el)).to.include('Revenue rose');
      expect(el.messages.at(-1)).to.include({ status: 'complete' });
    });

    it('a report that came before its block is refused and repaired: the block and the report shown once', async () => {
      const threadId = uid('plain-report-first');
      const el = await thread(threadId, api);
      await harness(el).send('Give the report first.');
      await waitUntil(async () => (await log(threadId)).fates.length === 1, 'the run never ended', {
        timeout: 5000,
      });
      const { prompts } = await log(threadId);
      expect(prompts, 'model calls').to.have.length(2);
      const refused = callsWithResults(prompts[1]!).find((c) => c.name === 'final_answer');
      expect(refused?.result?.value).to.deep.include({ ok: false });
      await settle(el);
      const blocks = $$<AnswerBlock>($$(el, 'agent-turn')[0]!, 'answer-block');
      expect(blocks.map((b) => (b.block as { block_id?: string }).block_id)).to.deep.equal([
        'q3-revenue',
      ]);
      expect(outline(el).split('Revenue rose')).to.have.length(2);
      expect(el.messages.at(-1)).to.include({ status: 'complete' });
    });

    it('Stop still cancels the run at once', async () => {
      const threadId = uid('plain-stop');
      const el = await thread(threadId, api);
      const sent = el.send('Go slow, please.');
      // The model streams a word every 60 ms: the first arrive well before the last (the 40th).
      await waitUntil(() => outline(el).includes('Word 1.'), 'nothing arrived', { timeout: 5000 });
      await harness(el).stop();
      await sent;
      expect(el.busy).to.equal(false);
      await waitUntil(
        async () => (await log(threadId)).fates.length === 1,
        'the server never saw the response end',
        { timeout: 8000 },
      );
      expect((await log(threadId)).fates).to.deep.equal(['cancelled']);
      expect(el.messages.at(-1)).to.include({ status: 'stopped' });
    });
  });
}
