import { expect } from 'chai';
import { convertToModelMessages, validateUIMessages, type UIMessage } from 'ai7';
import {
  answerApproval,
  pendingApprovals,
  readPart,
  ThreadState,
  toUIMessages,
  type AssistantTurn,
} from '../../src/conversation/index.js';
import {
  APPROVAL_REASON,
  CITATIONS,
  DRAFT_TEXT,
  PNG_DATA_URL,
  STEERING_TEXT,
  TOOL_CALL_METADATA,
} from '../../src/test-support/ai7-agent.js';
import { referenceTurns, type ReferenceTurn } from '../../src/test-support/ai7-reference.js';
import { sourcesOf } from '../../src/thread/extras/sources-of.js';
import { middleware } from './ai7.js';
import { onLoopback } from './on-loopback.js';
import { deserializeThread } from '../../src/store/restore.js';
import { serializeThread } from '../../src/store/serialize.js';

/*
 * The thread's conversation against AI SDK 7's own client (the `Chat` that
 * `useChat` wraps, ai7-reference.ts) on the same AI SDK 7 back end: for a
 * retried step, a signed approval, a steering message and the newer parts
 * (reasoning-file, custom, text providerMetadata and citations), what the
 * thread holds and sends back is what the reference holds and sends back,
 * live and after a save and restore, and the back end takes it
 * (`validateUIMessages`, `convertToModelMessages`).
 */

/** A UI message part with only what a back end reads: the stream state of a text is the client's own. */
function comparable(part: Record<string, unknown>): Record<string, unknown> {
  const out = JSON.parse(JSON.stringify(part)) as Record<string, unknown>;
  if (out.type === 'text' || out.type === 'reasoning') delete out.state;
  // A reasoning part's stream id is useChat's bookkeeping; AI SDK 7 does not read it back.
  if (out.type === 'reasoning') delete out.id;
  return out;
}

/** The thread's messages as the AI SDK 7 types name them. */
const asUI = (state: ThreadState | ReturnType<typeof reloaded>) =>
  toUIMessages(state instanceof ThreadState ? state.messages : state) as unknown as UIMessage[];

const messagesOf = (messages: readonly { id: string; role: string; parts: unknown[] }[]) =>
  messages.map(({ id, role, parts }) => ({
    id,
    role,
    parts: parts.map((part) => comparable(part as Record<string, unknown>)),
  }));

/** The thread's conversation after the reader asked `question` and the turn's chunks streamed. */
function threadAfter(question: string, turn: ReferenceTurn, messageId: string): ThreadState {
  const state = new ThreadState();
  state.addUser(question, undefined, undefined, messageId);
  for (const chunk of turn.chunks) state.apply(readPart(chunk)!);
  return state;
}

/** The conversation as saved and read back, as a reload gives it. */
const reloaded = (state: ThreadState) => deserializeThread(serializeThread(state.messages));

describe('AI SDK 7: the thread holds and sends back what useChat does', function () {
  this.timeout(20_000);
  let api: string;
  let close: () => Promise<void>;

  before(async () => {
    const served = await onLoopback(middleware());
    api = `${served.base}/api/ai7/chat`;
    close = served.close;
  });

  after(() => close());

  /**
   * Plays `scenario` with the reference client, then checks the thread's own
   * history (live and reloaded) against what the reference sent next.
   */
  async function compare(scenario: string) {
    const { turns } = await referenceTurns({ api, scenario });
    const [first, second] = turns as [ReferenceTurn, ReferenceTurn];
    const question = first.sent.messages.at(-1)!;
    const state = threadAfter(scenario, first, question.id);
    const sentNext = second.sent.messages;
    return { first, second, state, sentNext };
  }

  it('a retried step leaves no trace: held, saved and sent back as useChat holds it', async () => {
    const { first, second, state, sentNext } = await compare('retry');
    const turn = state.messages[1] as AssistantTurn;
    expect(JSON.stringify(turn.items)).not.to.include(DRAFT_TEXT);
    const ours = asUI(state);
    expect(messagesOf(ours)).to.deep.equal(messagesOf([...first.sent.messages, first.held!]));
    expect(messagesOf(asUI(reloaded(state)))).to.deep.equal(messagesOf(ours));
    // The next turn's request: the history the reference sent, which the back end took.
    expect(messagesOf(ours)).to.deep.equal(messagesOf(sentNext.slice(0, 2)));
    expect(second.status).to.equal(200);
    await validateUIMessages({ messages: ours });
    await convertToModelMessages(ours);
  });

  it('a signed approval goes back with every field of its request, the signature and the reason', async () => {
    const { first, second, state } = await compare('approve');
    const [tool] = pendingApprovals(state.messages);
    expect(tool?.approval).to.include({ requestReason: APPROVAL_REASON });
    expect(tool?.approval?.signature).to.be.a('string').and.not.be.empty;
    // The reader approves: what goes back is what useChat sends once the approval is answered.
    const restored = new ThreadState();
    restored.messages = reloaded(state);
    for (const conversation of [state, restored]) {
      const [waiting] = pendingApprovals(conversation.messages);
      answerApproval(conversation.messages, waiting!, true);
      expect(messagesOf(asUI(conversation))).to.deep.equal(messagesOf(second.sent.messages));
    }
    expect(second.status).to.equal(200);
    expect(first.held?.parts.some((part) => part.type === 'tool-delete_file')).to.equal(true);
  });

  it("the reader's steering message is held in the turn and goes back where useChat puts it", async () => {
    const { first, state, sentNext } = await compare('steer');
    const turn = state.messages[1] as AssistantTurn;
    expect(turn.items.find((item) => item.kind === 'steering')).to.include({
      text: STEERING_TEXT,
    });
    // The provider's data on the call goes back with it (useChat's callProviderMetadata).
    expect(turn.items.find((item) => item.kind === 'tool')).to.deep.include({
      callProviderMetadata: TOOL_CALL_METADATA,
    });
    const ours = asUI(state);
    expect(messagesOf(ours)).to.deep.equal(messagesOf([...first.sent.messages, first.held!]));
    expect(messagesOf(asUI(reloaded(state)))).to.deep.equal(messagesOf(ours));
    expect(messagesOf(ours)).to.deep.equal(messagesOf(sentNext.slice(0, 2)));
    const model = await convertToModelMessages(ours);
    expect(model.map((message) => message.role)).to.deep.equal([
      'user',
      'assistant',
      'tool',
      'user',
      'assistant',
    ]);
  });

  it('reasoning files, custom parts, provider metadata and citations are kept and sent back', async () => {
    const { first, state, sentNext } = await compare('extras');
    const turn = state.messages[1] as AssistantTurn;
    expect(turn.items.find((item) => item.kind === 'file')).to.include({
      url: PNG_DATA_URL,
      reasoning: true,
    });
    // A citation's source is listed with the answer's sources.
    expect(sourcesOf(turn).map((source) => source.sourceId)).to.deep.equal([
      CITATIONS[0]!.source.id,
    ]);
    const ours = asUI(state);
    expect(messagesOf(ours)).to.deep.equal(messagesOf([...first.sent.messages, first.held!]));
    expect(messagesOf(asUI(reloaded(state)))).to.deep.equal(messagesOf(ours));
    expect(messagesOf(ours)).to.deep.equal(messagesOf(sentNext.slice(0, 2)));
  });
});
