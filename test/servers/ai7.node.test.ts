import { expect } from 'chai';
import { convertToModelMessages, type UIMessage, type UIMessageChunk } from 'ai7';
import {
  APPROVAL_REASON,
  CITATIONS,
  CUSTOM_KIND,
  CUSTOM_METADATA,
  DELETE_INPUT,
  DRAFT_TEXT,
  EXTRAS_TEXT,
  PNG_BASE64,
  PNG_DATA_URL,
  RETRIED_TEXT,
  STEERING_ID,
  STEERING_TEXT,
  TEXT_METADATA,
} from '../../src/test-support/ai7-agent.js';
import { referenceTurns, type ReferenceOptions } from '../../src/test-support/ai7-reference.js';
import { middleware } from './ai7.js';
import { onLoopback } from './on-loopback.js';

/*
 * The AI SDK 7 back end for the browser tests (ai7.ts), driven by AI SDK 7's
 * own client (ai7-reference.ts: the `Chat` useChat wraps, with the default
 * transport) on Koa as the test runner mounts it. What passes here is what a
 * useChat page on AI SDK 7 holds and sends back.
 */

interface Log {
  requests: { messages: UIMessage[] }[];
  prompts: { role: string; content: unknown }[][];
  saved: UIMessage[][];
  errors: string[];
  executed: string[];
  fates: string[];
}

const types = (chunks: UIMessageChunk[]) => chunks.map((chunk) => chunk.type);
const partTypes = (message: UIMessage | undefined) => message?.parts.map((part) => part.type);
const json = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('the AI SDK 7 back end for the browser tests (test/servers/ai7.ts)', function () {
  this.timeout(15_000);
  let base: string;
  let close: () => Promise<void>;

  before(async () => {
    const served = await onLoopback(middleware());
    base = `${served.base}`;
    close = served.close;
  });

  after(() => close());

  const play = (scenario: string, options: Partial<ReferenceOptions> = {}) =>
    referenceTurns({ api: `${base}/api/ai7/chat`, scenario, ...options });
  const logOf = async (chatId: string) =>
    (await (await fetch(`${base}/api/ai7/log?chat=${encodeURIComponent(chatId)}`)).json()) as Log;

  describe('retry: a step tried again after reset-step', () => {
    it('streams the dropped attempt, reset-step, then the retried attempt and a second step', async () => {
      const { turns } = await play('retry');
      const chunks = turns[0]!.chunks;
      const squeezed = types(chunks).filter(
        (type, i, all) => !(type.endsWith('-delta') && all[i - 1] === type),
      );
      expect(squeezed).to.deep.equal([
        'start',
        'start-step',
        'text-start',
        'text-delta',
        'text-end',
        'tool-input-start',
        'tool-input-delta',
        'tool-input-available',
        'reset-step',
        'text-start',
        'text-delta',
        'text-end',
        'tool-input-start',
        'tool-input-delta',
        'tool-input-available',
        'tool-output-available',
        'finish-step',
        'start-step',
        'text-start',
        'text-delta',
        'text-end',
        'finish-step',
        'finish',
      ]);
      const calls = chunks.flatMap((chunk) =>
        chunk.type === 'tool-input-start' ? [chunk.toolCallId] : [],
      );
      expect(calls).to.have.length(2);
      expect(calls[0], 'the retried call has a new id').not.to.equal(calls[1]);
    });

    it('leaves no trace of the draft or the dropped call, and the next turn succeeds', async () => {
      const { chatId, turns } = await play('retry');
      const [first, second] = turns;
      const dropped = first!.chunks.find((chunk) => chunk.type === 'tool-input-start') as {
        toolCallId: string;
      };
      const held = first!.held!;
      expect(partTypes(held)).to.deep.equal([
        'step-start',
        'text',
        'tool-lookup',
        'step-start',
        'text',
      ]);
      const heldText = JSON.stringify(held);
      expect(heldText).not.to.include(DRAFT_TEXT);
      expect(heldText).not.to.include(dropped.toolCallId);
      expect(held.parts[1]).to.include({ text: RETRIED_TEXT });
      expect(held.parts[2]).to.include({ state: 'output-available' });

      // The next turn sends the answer as held, and the model is given it.
      expect(second!.sent.messages[1]).to.deep.equal(json(held));
      expect(second!.status).to.equal(200);
      expect(second!.chatStatus).to.equal('ready');
      const log = await logOf(chatId);
      expect(log.errors).to.deep.equal([]);
      expect(log.executed, 'only the retried call ran').to.deep.equal(['lookup']);
      expect(JSON.stringify(log.prompts.at(-1))).not.to.include(dropped.toolCallId);
      expect(second!.held!.parts.at(-1)).to.include({ type: 'text', text: 'Answer number 4.' });
    });

    it('refuses, with a 500 naming the call, a next turn that sends the dropped call back', async () => {
      // What a client that ignored reset-step holds: the dropped attempt's text and call stay in the step.
      const first = await play('retry');
      const call = first.turns[0]!.chunks.find(
        (chunk) => chunk.type === 'tool-input-available',
      ) as {
        toolCallId: string;
        input: unknown;
      };
      const dropped = [
        { type: 'text', text: DRAFT_TEXT, state: 'done' },
        {
          type: 'tool-lookup',
          toolCallId: call.toolCallId,
          state: 'input-available',
          input: call.input,
        },
      ] as UIMessage['parts'];
      const replay = await play('retry', {
        rewrite: (body, turn) => {
          if (turn === 1) body.messages[1]!.parts.splice(1, 0, ...dropped);
          return body;
        },
      });
      const second = replay.turns[1]!;
      expect(second.status).to.equal(500);
      expect(second.chatStatus).to.equal('error');
      expect(second.errorBody).to.match(/Tool result is missing for tool call call-\d+-1/);
      const log = await logOf(replay.chatId);
      expect(log.errors).to.have.length(1);
      expect(log.errors[0]).to.match(/Tool result is missing for tool call/);
    });
  });

  describe('approve: a signed approval with its reason', () => {
    it('runs the tool once the approval comes back with its signature', async () => {
      const { chatId, turns } = await play('approve');
      const [first, second] = turns;
      expect(types(first!.chunks).slice(-3)).to.deep.equal([
        'tool-approval-request',
        'finish-step',
        'finish',
      ]);
      const request = first!.chunks.find((chunk) => chunk.type === 'tool-approval-request') as {
        approvalId: string;
        toolCallId: string;
        reason: string;
        signature: string;
      };
      expect(request.reason).to.equal(APPROVAL_REASON);
      expect(request.signature).to.match(/^[\w-]{43}$/);
      expect(json(first!.held!.parts[1])).to.deep.equal({
        type: 'tool-delete_file',
        toolCallId: request.toolCallId,
        state: 'approval-requested',
        input: DELETE_INPUT,
        approval: {
          id: request.approvalId,
          requestReason: APPROVAL_REASON,
          signature: request.signature,
        },
      });

      // addToolApprovalResponse, then the automatic send: the request's fields go back with the answer.
      expect(second!.sent.trigger).to.equal('submit-message');
      expect(second!.sent.messages).to.have.length(2);
      expect(second!.sent.messages[1]!.parts[1]).to.deep.include({
        state: 'approval-responded',
        approval: {
          id: request.approvalId,
          requestReason: APPROVAL_REASON,
          signature: request.signature,
          approved: true,
        },
      });
      expect(second!.status).to.equal(200);
      const log = await logOf(chatId);
      expect(log.executed).to.deep.equal([`delete_file ${DELETE_INPUT.path}`]);
      expect(log.errors).to.deep.equal([]);
      const held = second!.held!;
      expect(held.id, 'the same answer goes on').to.equal(first!.held!.id);
      expect(partTypes(held)).to.deep.equal([
        'step-start',
        'tool-delete_file',
        'step-start',
        'text',
      ]);
      expect(held.parts[1]).to.include({ state: 'output-available' });
      expect(held.parts.at(-1)).to.include({ text: 'Deleted.' });
    });

    it('refuses an approval sent back without its signature, and runs nothing', async () => {
      const { chatId, turns } = await play('approve', {
        rewrite: (body, turn) => {
          if (turn === 1)
            for (const part of body.messages[1]!.parts)
              if ('approval' in part && part.approval) delete part.approval.signature;
          return body;
        },
      });
      const second = turns[1]!;
      expect(second.status).to.equal(500);
      expect(second.chatStatus).to.equal('error');
      expect(second.errorBody).to.include('missing signature');
      const log = await logOf(chatId);
      expect(log.executed).to.deep.equal([]);
      expect(log.errors).to.have.length(1);
      expect(log.errors[0]).to.match(/signature verification failed/);
    });

    it('runs nothing when the reader denies', async () => {
      const { chatId, turns } = await play('approve', { approved: false });
      expect(turns[1]!.status).to.equal(200);
      expect(turns[1]!.held!.parts[1]).to.include({ state: 'output-denied' });
      expect(turns[1]!.held!.parts.at(-1)).to.include({ text: 'Not deleted.' });
      expect((await logOf(chatId)).executed).to.deep.equal([]);
    });
  });

  describe('steer: the reader’s message added to a running turn', () => {
    it('holds the steering message in the answer, and gives it to the next prompt as a user message', async () => {
      const { chatId, turns } = await play('steer');
      const [first, second] = turns;
      const chunks = first!.chunks;
      const at = types(chunks).indexOf('steering-message');
      expect(types(chunks).slice(at - 1, at + 2)).to.deep.equal([
        'finish-step',
        'steering-message',
        'start-step',
      ]);
      expect(chunks[at]).to.deep.equal({
        type: 'steering-message',
        id: STEERING_ID,
        parts: [{ type: 'text', text: STEERING_TEXT }],
      });
      const held = first!.held!;
      expect(partTypes(held)).to.deep.equal([
        'step-start',
        'text',
        'tool-lookup',
        'steering-message',
        'step-start',
        'text',
      ]);
      expect(second!.sent.messages[1]).to.deep.equal(json(held));

      const log = await logOf(chatId);
      expect(log.errors).to.deep.equal([]);
      // Within the turn: step 2's prompt ends with it.
      expect(log.prompts[1]!.at(-1)).to.deep.equal({
        role: 'user',
        content: [{ type: 'text', text: STEERING_TEXT }],
      });
      // The next turn: where convertToModelMessages puts it, after the tool result, before step 2.
      const next = log.prompts.at(-1)!;
      expect(next.map((message) => message.role)).to.deep.equal([
        'user',
        'assistant',
        'tool',
        'user',
        'assistant',
        'user',
      ]);
      expect(next[3]).to.deep.equal({
        role: 'user',
        content: [{ type: 'text', text: STEERING_TEXT }],
      });
      const converted = await convertToModelMessages(second!.sent.messages);
      expect(converted[3]).to.deep.equal({
        role: 'user',
        content: [{ type: 'text', text: STEERING_TEXT }],
      });
    });
  });

  describe('extras: reasoning-file, custom, text providerMetadata and citations', () => {
    it('holds them all, sends them back, and the model gets what convertToModelMessages gives', async () => {
      const { chatId, turns } = await play('extras');
      const [first, second] = turns;
      const held = first!.held!;
      expect(json(held.parts)).to.deep.equal([
        { type: 'step-start' },
        {
          type: 'reasoning',
          id: (held.parts[1] as { id: string }).id,
          text: 'The chart says more than the table.',
          state: 'done',
        },
        { type: 'reasoning-file', mediaType: 'image/png', url: PNG_DATA_URL },
        { type: 'custom', kind: CUSTOM_KIND, providerMetadata: CUSTOM_METADATA },
        {
          type: 'text',
          text: EXTRAS_TEXT,
          providerMetadata: TEXT_METADATA,
          state: 'done',
          citations: CITATIONS,
        },
      ]);
      const textEnd = first!.chunks.find((chunk) => chunk.type === 'text-end');
      expect(textEnd).to.deep.include({ citations: CITATIONS, providerMetadata: TEXT_METADATA });
      expect(second!.sent.messages[1]).to.deep.equal(json(held));

      // convertToModelMessages keeps the custom part and the metadata (as providerOptions), and
      // leaves the citations out.
      const converted = await convertToModelMessages(second!.sent.messages);
      expect(json(converted[1])).to.deep.equal({
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'The chart says more than the table.' },
          {
            type: 'reasoning-file',
            data: { type: 'url', url: PNG_DATA_URL },
            mediaType: 'image/png',
          },
          { type: 'custom', kind: CUSTOM_KIND, providerOptions: CUSTOM_METADATA },
          { type: 'text', text: EXTRAS_TEXT, providerOptions: TEXT_METADATA },
        ],
      });
      // The model is given the same, the data URL as its data.
      const log = await logOf(chatId);
      expect(log.errors).to.deep.equal([]);
      expect(log.prompts.at(-1)![1]).to.deep.equal({
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'The chart says more than the table.' },
          {
            type: 'reasoning-file',
            data: { type: 'data', data: PNG_BASE64 },
            mediaType: 'image/png',
          },
          { type: 'custom', kind: CUSTOM_KIND, providerOptions: CUSTOM_METADATA },
          { type: 'text', text: EXTRAS_TEXT, providerOptions: TEXT_METADATA },
        ],
      });
    });
  });

  it('answers anything else with "Answer number K." and refuses messages validateUIMessages refuses', async () => {
    const { turns } = await play('hello');
    expect(turns[0]!.held!.parts.at(-1)).to.include({ text: 'Answer number 1.' });
    expect(turns[1]!.held!.parts.at(-1)).to.include({ text: 'Answer number 2.' });
    const response = await fetch(`${base}/api/ai7/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'ai7-invalid', messages: [{ id: 'x', role: 'user', parts: [] }] }),
    });
    expect(response.status).to.equal(400);
    expect(((await response.json()) as { error: string }).error).to.be.a('string').and.not.empty;
    expect((await logOf('ai7-invalid')).errors[0]).to.match(/^validateUIMessages: /);
  });
});
