import { expect } from 'chai';
import {
  AbstractChat,
  DefaultChatTransport,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  parseJsonEventStream,
  uiMessageChunkSchema,
  type ChatInit,
  type ChatState,
  type ChatStatus,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import { middleware } from './parts.js';
import { onLoopback } from './on-loopback.js';

/*
 * The browser tests' back end for SPEC §4b (parts.ts),
 * driven by the AI SDK's own client: the `Chat` that useChat wraps, with the
 * default transport, on Koa as the test runner mounts it. What passes here
 * is what a useChat page would send and receive.
 */

/** The state useChat keeps in React, as plain arrays. */
class ArrayState implements ChatState<UIMessage> {
  status: ChatStatus = 'ready';
  error: Error | undefined = undefined;
  messages: UIMessage[] = [];
  pushMessage = (message: UIMessage) => void (this.messages = this.messages.concat(message));
  popMessage = () => void (this.messages = this.messages.slice(0, -1));
  replaceMessage = (index: number, message: UIMessage) =>
    void (this.messages = this.messages.with(index, this.snapshot(message)));
  snapshot = <T>(thing: T): T => structuredClone(thing);
}

class NodeChat extends AbstractChat<UIMessage> {
  constructor(init: Omit<ChatInit<UIMessage>, 'messages'>) {
    super({ ...init, state: new ArrayState() });
  }
}

async function readChunks(stream: ReadableStream<Uint8Array>): Promise<UIMessageChunk[]> {
  const chunks: UIMessageChunk[] = [];
  const reader = parseJsonEventStream({ stream, schema: uiMessageChunkSchema }).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return chunks;
    if (!value.success) throw value.error;
    chunks.push(value.value);
  }
}

const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('the parts back end for the browser tests (test/servers/parts.ts)', function () {
  this.timeout(10_000);
  let base: string;
  let close: () => Promise<void>;

  before(async () => {
    const served = await onLoopback(middleware());
    base = `${served.base}`;
    close = served.close;
  });

  after(() => close());

  let chatCount = 0;
  /**
   * A chat as useChat runs it, the UI message chunks of every response it got, in order, and
   * `finished(count)`, which resolves once the chat has finished `count` responses.
   */
  function chat() {
    const responses: Promise<UIMessageChunk[]>[] = [];
    let done = 0;
    const waiting: { count: number; resolve: () => void }[] = [];
    const finished = (count: number) =>
      new Promise<void>((resolve) => {
        if (done >= count) resolve();
        else waiting.push({ count, resolve });
      });
    const recordingFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const [ours, theirs] = response.body!.tee();
      responses.push(readChunks(ours));
      return new Response(theirs, response);
    };
    const instance = new NodeChat({
      id: `parts-chat-${++chatCount}-${Date.now()}`,
      transport: new DefaultChatTransport({ api: `${base}/api/parts/chat`, fetch: recordingFetch }),
      sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
      // Called once a response has been read to its end and the chat's status set for it.
      onFinish: () => {
        done++;
        for (const waiter of waiting.filter(({ count }) => done >= count)) waiter.resolve();
      },
    });
    return { chat: instance, responses, finished };
  }

  const getJson = async (path: string, chatId: string) =>
    (await fetch(`${base}/api/parts/${path}?chat=${encodeURIComponent(chatId)}`)).json() as Promise<
      unknown[]
    >;

  /** Until the chat has finished `count` responses, automatic follow-ups (not awaited) included. */
  async function settled(state: ReturnType<typeof chat>, count: number) {
    await state.finished(count);
    expect(state.chat.status, 'the chat is at rest').to.equal('ready');
    return Promise.all(state.responses);
  }

  const textOf = (message: UIMessage | undefined) =>
    message?.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('') ?? '';

  const types = (chunks: UIMessageChunk[]) => chunks.map((chunk) => chunk.type);

  it('streams a search answer citing two url sources, with a generated image file', async () => {
    const state = chat();
    await state.chat.sendMessage({ text: 'Please search for Q3 revenue' });
    const [chunks] = await settled(state, 1);
    expect(chunks!.filter((chunk) => chunk.type === 'source-url')).to.deep.equal([
      {
        type: 'source-url',
        sourceId: 'source-0-1',
        url: 'https://example.com/q3-report',
        title: 'Q3 report',
      },
      {
        type: 'source-url',
        sourceId: 'source-0-2',
        url: 'https://news.example.org/cloud',
        title: 'Cloud news',
      },
    ]);
    const file = chunks!.find((chunk) => chunk.type === 'file');
    expect(file).to.include({ mediaType: 'image/png' });
    expect((file as { url: string }).url).to.match(/^data:image\/png;base64,iVBORw0KGgo/);
    const answer = state.chat.lastMessage!;
    expect(textOf(answer)).to.equal('Revenue grew 12% [1], driven by cloud [2].');
    expect(answer.parts.map((part) => part.type)).to.deep.equal([
      'step-start',
      'text',
      'source-url',
      'source-url',
      'file',
    ]);
  });

  it('streams a document source', async () => {
    const state = chat();
    await state.chat.sendMessage({ text: 'What does the board document say?' });
    const [chunks] = await settled(state, 1);
    expect(chunks!.filter((chunk) => chunk.type === 'source-document')).to.deep.equal([
      {
        type: 'source-document',
        sourceId: 'source-0-1',
        mediaType: 'application/pdf',
        title: 'Board memo',
        filename: 'board-memo.pdf',
      },
    ]);
  });

  /** Asks to delete, checks the approval request, answers it as useChat does, and returns what followed. */
  async function deleteWith(approved: boolean) {
    const state = chat();
    await state.chat.sendMessage({ text: 'Delete the Q3 draft' });
    const [first] = await settled(state, 1);
    // The first response stops at the approval request: nothing runs before the reader answers.
    expect(types(first!).slice(-3)).to.deep.equal([
      'tool-approval-request',
      'finish-step',
      'finish',
    ]);
    expect(first!.at(-1)).to.deep.equal({ type: 'finish', finishReason: 'tool-calls' });
    // A fresh answer's `start` names no message: the client makes up the id.
    expect(first![0]).to.deep.equal({ type: 'start' });
    const request = first!.find((chunk) => chunk.type === 'tool-approval-request') as {
      approvalId: string;
      toolCallId: string;
    };
    const assistant = state.chat.lastMessage!;
    expect(JSON.parse(JSON.stringify(assistant.parts[1]))).to.deep.equal({
      type: 'tool-delete_file',
      toolCallId: request.toolCallId,
      state: 'approval-requested',
      input: { path: '/reports/q3-draft.pdf' },
      approval: { id: request.approvalId },
    });

    // useChat's addToolApprovalResponse, then its automatic send once every approval is answered.
    await state.chat.addToolApprovalResponse({ id: request.approvalId, approved });
    const [, continuation] = await settled(state, 2);
    const [, sent] = (await getJson('requests', state.chat.id)) as {
      trigger: string;
      messageId?: string;
      messages: UIMessage[];
    }[];
    expect(sent!.trigger).to.equal('submit-message');
    expect(sent!.messageId).to.equal(assistant.id);
    expect(sent!.messages.map((message) => message.role)).to.deep.equal(['user', 'assistant']);
    expect(sent!.messages[1]!.id).to.equal(assistant.id);
    expect(sent!.messages[1]!.parts).to.deep.equal([
      { type: 'step-start' },
      {
        type: 'tool-delete_file',
        toolCallId: request.toolCallId,
        state: 'approval-responded',
        input: { path: '/reports/q3-draft.pdf' },
        approval: { id: request.approvalId, approved },
      },
    ]);
    // The continuation goes on with the same assistant message.
    expect(continuation![0]).to.deep.equal({ type: 'start', messageId: assistant.id });
    expect(state.chat.messages.map((message) => message.id)).to.deep.equal([
      state.chat.messages[0]!.id,
      assistant.id,
    ]);
    const prompts = (await getJson('prompts', state.chat.id)) as {
      role: string;
      content: { type: string; output?: { type: string } }[];
    }[][];
    return { state, continuation: continuation!, prompts };
  }

  it('runs an approved tool after the approval round trip, and the model reports it', async () => {
    const { state, continuation, prompts } = await deleteWith(true);
    expect(continuation[1]).to.deep.equal({
      type: 'tool-output-available',
      toolCallId: 'call-0-0',
      output: { deleted: '/reports/q3-draft.pdf' },
    });
    expect(textOf(state.chat.lastMessage)).to.equal('Deleted /reports/q3-draft.pdf.');
    expect(state.chat.lastMessage!.parts[1]).to.include({ state: 'output-available' });
    expect(prompts).to.have.length(2);
    expect(prompts[1]!.at(-1)).to.deep.include({ role: 'tool' });
    expect(prompts[1]!.at(-1)!.content[0]!.output).to.deep.equal({
      type: 'json',
      value: { deleted: '/reports/q3-draft.pdf' },
    });
  });

  it('denies a tool the reader denied, and the model says so', async () => {
    const { state, continuation, prompts } = await deleteWith(false);
    expect(continuation[1]).to.deep.equal({ type: 'tool-output-denied', toolCallId: 'call-0-0' });
    expect(types(continuation)).not.to.include('tool-output-available');
    expect(textOf(state.chat.lastMessage)).to.equal('I did not delete it.');
    expect(state.chat.lastMessage!.parts[1]).to.include({ state: 'output-denied' });
    expect(prompts[1]!.at(-1)!.content[0]!.output).to.deep.include({ type: 'execution-denied' });
  });

  it('hands an attached file to the model as a file part', async () => {
    const state = chat();
    await state.chat.sendMessage({
      text: 'What is this?',
      files: [{ type: 'file', mediaType: 'image/png', filename: 'pixel.png', url: PNG_DATA_URL }],
    });
    await settled(state, 1);
    expect(textOf(state.chat.lastMessage)).to.equal('I received 1 file(s): pixel.png.');
    const [sent] = (await getJson('requests', state.chat.id)) as { messages: UIMessage[] }[];
    expect(sent!.messages[0]!.parts[0]).to.deep.equal({
      type: 'file',
      mediaType: 'image/png',
      filename: 'pixel.png',
      url: PNG_DATA_URL,
    });
    const [prompt] = (await getJson('prompts', state.chat.id)) as { content: unknown[] }[][];
    expect(prompt![0]!.content[0]).to.deep.equal({
      type: 'file',
      mediaType: 'image/png',
      filename: 'pixel.png',
      data: PNG_DATA_URL.split(',')[1],
    });
  });

  it('answers differently on regenerate, sent as useChat sends it', async () => {
    const state = chat();
    await state.chat.sendMessage({ text: 'Hello' });
    await settled(state, 1);
    expect(textOf(state.chat.lastMessage)).to.equal('Answer number 1.');
    // regenerate() names no message; regenerate({ messageId }) names the answer it replaces.
    await state.chat.regenerate();
    await settled(state, 2);
    const second = state.chat.lastMessage!;
    expect(textOf(second)).to.equal('Answer number 2.');
    await state.chat.regenerate({ messageId: second.id });
    await settled(state, 3);
    expect(state.chat.messages).to.have.length(2);
    expect(textOf(state.chat.lastMessage)).to.equal('Answer number 3.');
    const [, plain, named] = (await getJson('requests', state.chat.id)) as {
      trigger: string;
      messageId?: string;
      messages: UIMessage[];
    }[];
    expect(plain!.trigger).to.equal('regenerate-message');
    expect(plain).not.to.have.property('messageId');
    expect(named).to.deep.include({ trigger: 'regenerate-message', messageId: second.id });
    for (const sent of [plain!, named!])
      expect(sent.messages.map((message) => message.role)).to.deep.equal(['user']);
  });

  it('answers empty lists for an unknown chat, refuses a body without a chat id, and passes other paths on', async () => {
    expect(await getJson('requests', 'no-such-chat')).to.deep.equal([]);
    expect(await getJson('prompts', 'no-such-chat')).to.deep.equal([]);
    const response = await fetch(`${base}/api/parts/chat`, {
      method: 'POST',
      body: JSON.stringify({ messages: [] }),
    });
    expect(response.status).to.equal(400);
    expect((await fetch(`${base}/api/elsewhere`)).status).to.equal(404);
  });
});
