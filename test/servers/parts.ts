/**
 * A back end that carries everything an AI SDK stream can (sources, files,
 * tool approvals, steps), for the browser tests of SPEC §4b: the real
 * `streamText` with a scripted model, so approvals, denials and sources run
 * as they do with a real provider. Each chat id (the body's `id`) has an
 * agent of its own.
 *
 * POST /api/parts/chat             the chat route ({ id, messages, trigger, messageId? }, as useChat sends it), AI SDK 6
 * POST /api/parts/7/chat           the same on AI SDK 7
 * GET  /api/parts/requests?chat=ID every request body that chat's route received, in order
 * GET  /api/parts/prompts?chat=ID  every prompt that chat's model was given, in order
 *
 * The agent (src/test-support/parts-agent.ts) says what the model does.
 */
import type { Context, Next } from 'koa';
import { sendResponse } from '../../playground/node-http.js';
import { chatAgents, readChatBody } from './chat-agents.js';

type AgentModule = typeof import('../../src/test-support/parts-agent.js');

/** Koa-style middleware, as @web/test-runner takes it. */
export function middleware() {
  const agents = chatAgents(
    new URL('../../src/test-support/parts-agent.ts', import.meta.url),
    (module: AgentModule) => module.partsAgent(),
  );

  return async (ctx: Context, next: Next) => {
    if (!ctx.path.startsWith('/api/parts/')) return next();
    ctx.respond = false;
    const chatId = ctx.query.chat;
    const chat = /^\/api\/parts\/(?:(7)\/)?chat$/.exec(ctx.path);
    if (chat && ctx.method === 'POST') {
      const body = await readChatBody(ctx);
      if (!body) return;
      const agent = await agents.for(chat[1] ?? '6', body.id);
      agent.requests.push(body);
      return sendResponse(ctx.res, await agent.chat(body));
    }
    if (ctx.path === '/api/parts/requests' && ctx.method === 'GET')
      return sendResponse(ctx.res, Response.json(agents.get(chatId)?.requests ?? []));
    if (ctx.path === '/api/parts/prompts' && ctx.method === 'GET')
      return sendResponse(ctx.res, Response.json(agents.get(chatId)?.prompts() ?? []));
    ctx.respond = true;
    return next();
  };
}
