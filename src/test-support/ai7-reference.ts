/**
 * What AI SDK 7's own client makes of a back end, in Node: the `Chat` that
 * `useChat` wraps (`AbstractChat`, here over plain arrays instead of React
 * state), with the default transport (`DefaultChatTransport`), imported from
 * `ai7` (ai@7) directly. `referenceTurns` plays two turns of a scenario of
 * ai7-agent.ts against a chat route (test/servers/ai7.ts's
 * `/api/ai7/chat`) and returns, for each, the body the client sent, the
 * chunks it got back, and the messages it holds afterwards: the reference
 * for what `<agent-thread>` should hold and send back on AI SDK 7.
 */
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
} from 'ai7';

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

/** AI SDK 7's `Chat` without a UI framework. */
export class ReferenceChat extends AbstractChat<UIMessage> {
  constructor(init: Omit<ChatInit<UIMessage>, 'messages'>) {
    super({ ...init, state: new ArrayState() });
  }
}

/** The body the default transport posts: `{ id, messages, trigger, messageId }`. */
export interface SentBody {
  id: string;
  messages: UIMessage[];
  trigger: 'submit-message' | 'regenerate-message';
  messageId?: string;
  [key: string]: unknown;
}

export interface ReferenceTurn {
  /** The body the client posted for this turn (after `rewrite`, when one was given). */
  sent: SentBody;
  /** The response's status. */
  status: number;
  /** The UI message chunks of the response (empty when it was not a stream). */
  chunks: UIMessageChunk[];
  /** The response body when it was not a stream (an error's JSON). */
  errorBody?: string;
  /** The chat's status once the turn was over: `ready`, or `error` when the request failed. */
  chatStatus: ChatStatus;
  /** The chat's error, if the turn ended in one. */
  error?: string;
  /** Every message the client holds after the turn. */
  messages: UIMessage[];
  /** The last message it holds: the turn's answer. */
  held: UIMessage | undefined;
}

export interface ReferenceOptions {
  /** The chat route, e.g. `http://127.0.0.1:8000/api/ai7/chat`. */
  api: string;
  /** The reader's first message: a scenario of ai7-agent.ts ("retry", "approve", "steer", "extras") or any text. */
  scenario: string;
  /** The reader's second message (default "next"); "approve" answers the approval instead. */
  next?: string;
  /** "approve": whether the reader approves (default true). */
  approved?: boolean;
  /** Changes the body of a request before it is sent (turn: 0 or 1), e.g. to drop a field. */
  rewrite?: (body: SentBody, turn: number) => SentBody;
  /** The chat id (default: a new one). */
  chatId?: string;
  /** The fetch to use (default: the global one). */
  fetch?: typeof fetch;
  /** Milliseconds to wait for a turn (default 10 s). */
  timeoutMs?: number;
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

let chats = 0;

/**
 * Two turns of `scenario` as AI SDK 7's client plays them: `sendMessage({ text: scenario })`;
 * then, for "approve", `addToolApprovalResponse` for the request it holds and the send that
 * `lastAssistantMessageIsCompleteWithApprovalResponses` makes once it is answered, else
 * `sendMessage({ text: next })`.
 */
export async function referenceTurns(
  options: ReferenceOptions,
): Promise<{ chatId: string; turns: ReferenceTurn[] }> {
  const baseFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const exchanges: {
    sent: SentBody;
    response: Promise<{ status: number; chunks: UIMessageChunk[]; errorBody?: string }>;
  }[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    let sent = JSON.parse(String(init?.body)) as SentBody;
    if (options.rewrite) sent = options.rewrite(sent, exchanges.length);
    const response = await baseFetch(input, { ...init, body: JSON.stringify(sent) });
    const isStream = response.ok && response.body !== null;
    if (!isStream) {
      const errorBody = await response.text();
      exchanges.push({
        sent,
        response: Promise.resolve({ status: response.status, chunks: [], errorBody }),
      });
      return new Response(errorBody, response);
    }
    const [ours, theirs] = response.body.tee();
    exchanges.push({
      sent,
      response: readChunks(ours).then((chunks) => ({ status: response.status, chunks })),
    });
    return new Response(theirs, response);
  };
  const chatId = options.chatId ?? `ai7-reference-${++chats}-${Date.now()}`;
  const chat = new ReferenceChat({
    id: chatId,
    transport: new DefaultChatTransport({ api: options.api, fetch: recordingFetch }),
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
  });

  /** Until the client has made `count` requests and is at rest again. */
  async function settled(count: number): Promise<ReferenceTurn> {
    const deadline = Date.now() + timeoutMs;
    while (exchanges.length < count || chat.status === 'submitted' || chat.status === 'streaming') {
      if (Date.now() > deadline)
        throw new Error(`turn ${count}: the chat is still ${chat.status} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const exchange = exchanges[count - 1]!;
    const response = await exchange.response;
    const messages = structuredClone(chat.messages);
    return {
      sent: exchange.sent,
      ...response,
      chatStatus: chat.status,
      ...(chat.error ? { error: chat.error.message } : {}),
      messages,
      held: messages.at(-1),
    };
  }

  const turns: ReferenceTurn[] = [];
  await chat.sendMessage({ text: options.scenario });
  turns.push(await settled(1));
  const pending = chat.lastMessage?.parts.flatMap((part) =>
    'approval' in part && part.state === 'approval-requested' && part.approval
      ? [part.approval.id]
      : [],
  );
  if (options.scenario === 'approve' && pending?.length) {
    for (const id of pending)
      await chat.addToolApprovalResponse({ id, approved: options.approved ?? true });
  } else {
    await chat.sendMessage({ text: options.next ?? 'next' });
  }
  turns.push(await settled(2));
  return { chatId, turns };
}
