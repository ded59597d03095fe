/**
 * A back end written for `useChat` with nothing of answer-ui on its history
 * side (src/test-support/plain-agent.ts), for the browser tests of what the
 * thread sends back. Each chat id (the body's `id`) has an agent of its own.
 *
 * POST /api/plain/chat             the chat route ({ id, messages, trigger }), AI SDK 6
 * POST /api/plain/7/chat           the same on AI SDK 7
 * GET  /api/plain/log?chat=ID      { requests, prompts, saved, fates }: every request body, every
 *                                  prompt the model was given, the messages each run saved when it
 *                                  ended, and whether each response was sent to its end or cut off
 */
import type { Context, Next } from 'koa';
import { sendResponse } from '../../playground/node-http.js';
import { chatAgents, readChatBody } from './chat-agents.js';

type AgentModule = typeof import('../../src/test-support/plain-agent.js');

/** Koa-style middleware, as @web/test-runner takes it. */
export function middleware() {
  const agents = chatAgents(
    new URL('../../src/test-support/plain-agent.ts', import.meta.url),
    (module: AgentModule) => module.plainAgent(),
  );

  return async (ctx: Context, next: Next) => {
    if (!ctx.path.startsWith('/api/plain/')) return next();
    ctx.respond = false;
    const chat = /^\/api\/plain\/(?:(7)\/)?chat$/.exec(ctx.path);
    if (chat && ctx.method === 'POST') {
      const body = await readChatBody(ctx);
      if (!body) return;
      const agent = await agents.for(chat[1] ?? '6', body.id);
      agent.requests.push(body);
      // A client that leaves early closes the connection before the response has ended.
      ctx.res.once('close', () =>
        agent.fates.push(ctx.res.writableFinished ? 'read to the end' : 'cancelled'),
      );
      return sendResponse(ctx.res, await agent.chat(body));
    }
    if (ctx.path === '/api/plain/log' && ctx.method === 'GET') {
      const agent = agents.get(ctx.query.chat);
      const log = agent
        ? {
            requests: agent.requests,
            prompts: agent.prompts(),
            saved: agent.saved,
            fates: agent.fates,
          }
        : null;
      return sendResponse(ctx.res, Response.json(log));
    }
    ctx.respond = true;
    return next();
  };
}
