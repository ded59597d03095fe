import {
  BLOCK_PART,
  FINAL_ANSWER_PART,
  FORM_ANSWER_PART,
  textOf,
  toolCallIdOf,
  type ThreadMessage,
  type ToolItem,
  type TurnItem,
} from '../conversation/index.js';

/** A message as the AI SDK's `useChat` sends it (`UIMessage`). */
export interface UIMessage {
  id: string;
  role: 'user' | 'assistant';
  parts: ({ type: string } & Record<string, unknown>)[];
  metadata?: unknown;
}

/** What a request asks for, as the AI SDK's chat transport says it. */
export interface ChatRequest {
  /** `submit-message` (a new or edited question, or a turn continued after approvals) or `regenerate-message`. */
  trigger: 'submit-message' | 'regenerate-message';
  /** The message the request is about: the edited question, the answer regenerated or continued. */
  messageId?: string;
}

/** Extra request settings for hosts that need authentication or more context. */
export interface RequestOptions {
  /** Headers sent with every request, or a function returning them (e.g. a fresh token). */
  headers?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
  /** Extra fields merged into the request body. */
  body?: Record<string, unknown>;
  credentials?: RequestCredentials;
}

/**
 * A tool call as the AI SDK's tool part, for a call that asked for
 * approval: the server needs the call, its approval request and the
 * reader's answer to run it (or not) and go on. Other tool steps are kept
 * only as summaries and are not sent back.
 */
function toolPart(item: ToolItem): UIMessage['parts'][number] | undefined {
  const { approval } = item;
  if (!approval || approval.approved === undefined) return undefined;
  const state =
    item.status === 'awaiting_approval'
      ? 'approval-responded'
      : item.status === 'denied'
        ? 'output-denied'
        : item.status === 'done'
          ? 'output-available'
          : 'output-error';
  const result = state === 'output-available' ? { output: item.summary } : state === 'output-error' ? { errorText: item.summary || 'failed' } : {};
  return { type: `tool-${item.name}`, toolCallId: toolCallIdOf(item), state, input: item.input ?? {}, approval, ...result };
}

/** The conversation as AI SDK UI messages: text, files, tool approvals, sources, data parts, answer blocks and final reports. */
export function toUIMessages(messages: readonly ThreadMessage[]): UIMessage[] {
  return messages.flatMap((message): UIMessage[] => {
    if (message.role === 'user') {
      // Files first, as `useChat` puts them.
      const parts: UIMessage['parts'] = (message.files ?? []).filter((file) => file.url).map((file) => ({ type: 'file', ...file }));
      parts.push({ type: 'text', text: message.text });
      if (message.data !== undefined) parts.push({ type: FORM_ANSWER_PART, data: message.data });
      return [{ id: message.id, role: 'user', parts }];
    }
    const parts: UIMessage['parts'] = [];
    for (const item of message.items) {
      const part = assistantPart(item);
      if (part) parts.push(part);
    }
    if (message.final) parts.push({ type: FINAL_ANSWER_PART, data: { text: message.final.text, ui_block_ids: message.final.blockIds } });
    const metadata = message.metadata === undefined ? {} : { metadata: message.metadata };
    return parts.length ? [{ id: message.id, role: 'assistant', parts, ...metadata }] : [];
  });
}

function assistantPart(item: TurnItem): UIMessage['parts'][number] | undefined {
  switch (item.kind) {
    case 'text':
      return item.parts.length ? { type: 'text', text: textOf(item) } : undefined;
    case 'block':
      return { type: BLOCK_PART, id: item.blockId, data: item.block };
    case 'tool':
      return toolPart(item);
    case 'step':
      return { type: 'step-start' };
    case 'source': {
      const { sourceId, url, title, mediaType, filename } = item;
      return url === undefined
        ? {
            type: 'source-document',
            sourceId,
            mediaType: mediaType ?? 'application/octet-stream',
            title: title ?? filename ?? sourceId,
            ...(filename ? { filename } : {}),
          }
        : { type: 'source-url', sourceId, url, ...(title ? { title } : {}) };
    }
    case 'file':
      return item.url ? { type: 'file', url: item.url, mediaType: item.mediaType, ...(item.filename ? { filename: item.filename } : {}) } : undefined;
    case 'data':
      return { type: item.type, ...(item.id === undefined ? {} : { id: item.id }), data: item.data };
    default:
      return undefined;
  }
}

const headersOf = async (options: RequestOptions) => (typeof options.headers === 'function' ? await options.headers() : options.headers);

/** POSTs the chat like the AI SDK's default chat transport: `{ id, messages, trigger }`. */
export async function postChat(
  api: string,
  chatId: string,
  messages: readonly ThreadMessage[],
  options: RequestOptions,
  signal: AbortSignal,
  request: ChatRequest = { trigger: 'submit-message' },
): Promise<Response> {
  return fetch(api, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await headersOf(options)) },
    body: JSON.stringify({ ...options.body, id: chatId, messages: toUIMessages(messages), ...request }),
    credentials: options.credentials,
    signal,
  });
}

/** `{api}/{path}`, keeping the endpoint's query and fragment where they were (as the AI SDK joins them). */
function appendPath(api: string, path: string): string {
  const end = api.search(/[?#]/);
  const base = end === -1 ? api : api.slice(0, end);
  return `${base.endsWith('/') ? base.slice(0, -1) : base}${path}${end === -1 ? '' : api.slice(end)}`;
}

/**
 * Asks for the answer in flight as the AI SDK's default chat transport
 * reconnects: `GET {api}/{chatId}/stream`, with the same headers and
 * credentials as a send. Resolves with the response (which streams the
 * answer from its start when it is ok), or `null` when there is no answer
 * to resume (204); rejects when the request cannot be made.
 */
export async function reconnectChat(api: string, chatId: string, options: RequestOptions, signal: AbortSignal): Promise<Response | null> {
  const response = await fetch(appendPath(api, `/${encodeURIComponent(chatId)}/stream`), {
    method: 'GET',
    headers: await headersOf(options),
    credentials: options.credentials,
    signal,
  });
  return response.status === 204 ? null : response;
}
