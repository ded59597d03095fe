/**
 * Loopback routes for the end-to-end test of the whole loop, mounted on the
 * test runner's own HTTP server: the README's back end with a scripted
 * model, once per AI SDK major, each chat with an agent of its own.
 *
 * POST /api/loop/{6|7}                  the chat route ({ id, messages, trigger })
 * GET  /api/loop/{6|7}/{chatId}/stream  the resume route
 * POST /api/loop/{6|7}/{chatId}/stop    the stop route
 * GET  /api/loop/{6|7}/{chatId}/prompts every prompt the chat's model was given
 *
 * A message that asks to "drop" has its connection cut after the first block
 * starts, as a network failure would.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { importOnMajor } from '../../src/test-support/ai-majors.js';
import { sendResponse, toRequest } from '../../playground/node-http.js';

type LoopAgent = ReturnType<typeof import('./loop-agent.js').loopAgent>;

const ROUTE = /^\/api\/loop\/(6|7)(?:\/([^/]+)\/(stream|stop|prompts))?$/;

/** Koa-style middleware, as @web/test-runner takes it. */
export function middleware() {
  const agents = new Map<string, LoopAgent>();
  // ?ai=7: scripts/dev/ai-major-hooks.mjs gives that copy ai@7.
  const load = (major: string) =>
    importOnMajor<typeof import('./loop-agent.js')>(
      new URL('./loop-agent.ts', import.meta.url),
      major,
    );
  const agentFor = async (major: string, chatId: string) => {
    const key = `${major}/${chatId}`;
    if (!agents.has(key)) agents.set(key, (await load(major)).loopAgent());
    return agents.get(key)!;
  };

  return async (
    ctx: {
      path: string;
      method: string;
      req: IncomingMessage;
      res: ServerResponse;
      respond: boolean;
    },
    next: () => Promise<unknown>,
  ) => {
    const match = ROUTE.exec(ctx.path);
    if (!match) return next();
    const [, major, chatId, action] = match as unknown as [
      string,
      string,
      string | undefined,
      string | undefined,
    ];
    ctx.respond = false;
    const request = await toRequest(ctx.req);
    if (!chatId) {
      const body = (await request.clone().json()) as {
        id: string;
        messages: { parts: { type: string; text?: string }[] }[];
      };
      const agent = await agentFor(major, body.id);
      const asked =
        body.messages
          .at(-1)
          ?.parts.map((part) => part.text ?? '')
          .join(' ') ?? '';
      const dropWhen = /drop/i.test(asked)
        ? (sent: string) => sent.includes('"type":"tool-input-start"')
        : undefined;
      await sendResponse(ctx.res, await agent.backend.POST(request), { dropWhen });
      return;
    }
    const agent = await agentFor(major, decodeURIComponent(chatId));
    if (action === 'stream')
      return sendResponse(ctx.res, await agent.backend.GET(decodeURIComponent(chatId)));
    if (action === 'stop')
      return sendResponse(ctx.res, agent.backend.STOP(decodeURIComponent(chatId)));
    return sendResponse(ctx.res, Response.json(agent.prompts()));
  };
}
