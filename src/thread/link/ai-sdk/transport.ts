import { toUIMessages, type ThreadMessage } from '../../../conversation/index.js';
import type { ChatRequest } from '../protocol.js';
import { headersOf, type RequestOptions } from '../request-options.js';

export type { UIMessage } from '../../../conversation/index.js';

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
    body: JSON.stringify({
      ...options.body,
      id: chatId,
      messages: toUIMessages(messages),
      ...request,
    }),
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
export async function reconnectChat(
  api: string,
  chatId: string,
  options: RequestOptions,
  signal: AbortSignal,
): Promise<Response | null> {
  const response = await fetch(appendPath(api, `/${encodeURIComponent(chatId)}/stream`), {
    method: 'GET',
    headers: await headersOf(options),
    credentials: options.credentials,
    signal,
  });
  return response.status === 204 ? null : response;
}

/**
 * Asks a back end with resumable streams to stop the answer in flight, as
 * the AI SDK documents it (`POST {api}/{chatId}/stop`): dropping the
 * connection alone only disconnects, and a resumable back end goes on
 * generating for a reader that may reconnect. A back end without the route
 * answers 404, which changes nothing; no answer is awaited.
 */
export function stopChat(api: string, chatId: string, options: RequestOptions): void {
  void headersOf(options)
    .then((headers) =>
      fetch(appendPath(api, `/${encodeURIComponent(chatId)}/stop`), {
        method: 'POST',
        headers,
        credentials: options.credentials,
        keepalive: true,
      }),
    )
    .then((response) => response.body?.cancel())
    .catch(() => undefined);
}
