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

/** POSTs the chat like the AI SDK's default chat transport: `{ id, messages, trigger }`. */
export async function postChat(
  api: string,
  chatId: string,
  messages: readonly ThreadMessage[],
  options: RequestOptions,
  signal: AbortSignal,
): Promise<Response> {
  const headers = typeof options.headers === 'function' ? await options.headers() : options.headers;
  return fetch(api, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ ...options.body, id: chatId, messages: toUIMessages(messages), trigger: 'submit-message' }),
    credentials: options.credentials,
    signal,
  });
}
