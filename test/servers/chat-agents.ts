/**
 * What the per-chat test back ends (parts.ts, plain.ts) share: an agent of
 * their own for each chat id, loaded on the AI SDK major its route names,
 * and the chat route's body read as `useChat` sends it. Exports no
 * `middleware()`: the test runner mounts only the modules that do.
 */
import type { Context } from 'koa';
import { importOnMajor } from '../../src/test-support/ai-majors.js';
import { sendResponse, toRequest } from '../../playground/node-http.js';

export interface ChatBody {
  id: string;
  messages?: unknown;
}

/**
 * The agents of one back end by chat id: `make` builds one from the module
 * at `agentModule`, loaded once per major (`?ai=7` gives that copy ai@7, see
 * scripts/dev/ai-major-hooks.mjs).
 */
export function chatAgents<M, A>(agentModule: URL, make: (module: M) => A) {
  const agents = new Map<string, A>();
  return {
    get: (chatId: unknown): A | undefined =>
      typeof chatId === 'string' ? agents.get(chatId) : undefined,
    async for(major: string, chatId: string): Promise<A> {
      if (!agents.has(chatId)) agents.set(chatId, make(await importOnMajor<M>(agentModule, major)));
      return agents.get(chatId)!;
    },
  };
}

/** The chat route's JSON body, or undefined once a 400 saying what is missing has been sent. */
export async function readChatBody(ctx: Context): Promise<ChatBody | undefined> {
  const body = (await (await toRequest(ctx.req)).json().catch(() => undefined)) as
    { id?: unknown; messages?: unknown } | undefined;
  if (typeof body?.id === 'string') return body as ChatBody;
  await sendResponse(
    ctx.res,
    Response.json({ error: 'The body needs the chat `id`.' }, { status: 400 }),
  );
  return undefined;
}
