import { BLOCK_PART, FINAL_ANSWER_PART, FORM_ANSWER_PART, textOf, type ThreadMessage } from '../conversation/index.js';

/** A message as the AI SDK's `useChat` sends it (`UIMessage`). */
export interface UIMessage {
  id: string;
  role: 'user' | 'assistant';
  parts: ({ type: 'text'; text: string } | { type: string; id?: string; data: unknown })[];
}

/** Extra request settings for hosts that need authentication or more context. */
export interface RequestOptions {
  /** Headers sent with every request, or a function returning them (e.g. a fresh token). */
  headers?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
  /** Extra fields merged into the request body. */
  body?: Record<string, unknown>;
  credentials?: RequestCredentials;
}

/** The conversation as AI SDK UI messages: text parts, answer blocks and final reports as data parts. */
export function toUIMessages(messages: readonly ThreadMessage[]): UIMessage[] {
  return messages.flatMap((message): UIMessage[] => {
    if (message.role === 'user') {
      const parts: UIMessage['parts'] = [{ type: 'text', text: message.text }];
      if (message.data !== undefined) parts.push({ type: FORM_ANSWER_PART, data: message.data });
      return [{ id: message.id, role: 'user', parts }];
    }
    const parts: UIMessage['parts'] = [];
    for (const item of message.items) {
      if (item.kind === 'text' && item.parts.length) parts.push({ type: 'text', text: textOf(item) });
      else if (item.kind === 'block') parts.push({ type: BLOCK_PART, id: item.blockId, data: item.block });
    }
    if (message.final) parts.push({ type: FINAL_ANSWER_PART, data: { text: message.final.text, ui_block_ids: message.final.blockIds } });
    return parts.length ? [{ id: message.id, role: 'assistant', parts }] : [];
  });
}

const headersOf = async (options: RequestOptions) => (typeof options.headers === 'function' ? await options.headers() : options.headers);

/** POSTs the chat like the AI SDK's default chat transport: `{ id, messages, trigger }`. */
export async function postChat(
  api: string,
  chatId: string,
  messages: readonly ThreadMessage[],
  options: RequestOptions,
  signal: AbortSignal,
): Promise<Response> {
  return fetch(api, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await headersOf(options)) },
    body: JSON.stringify({ ...options.body, id: chatId, messages: toUIMessages(messages), trigger: 'submit-message' }),
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
