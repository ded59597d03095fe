/**
 * A back end written for `useChat` on AI SDK 7 (src/test-support/ai7-agent.ts),
 * sending what AI SDK 7 back ends send: a retried step (`reset-step`), a
 * signed approval with its reason, a steering message, a `reasoning-file`, a
 * `custom` part, text `providerMetadata` and `citations`. Each chat id (the
 * body's `id`) has an agent of its own. src/test-support/ai7-reference.ts is
 * what AI SDK 7's own client makes of it.
 *
 * POST /api/ai7/chat            the chat route ({ id, messages, trigger }); 400 with the error text
 *                               when `validateUIMessages` refuses the messages, 500 when the run
 *                               fails before it streams (a tool call sent back without its result,
 *                               an approval without its signature)
 * GET  /api/ai7/log?chat=ID     { requests, prompts, saved, errors, executed, fates }: every request
 *                               body, every prompt the model was given, the messages each run saved
 *                               when it ended, every request that failed (validation, conversion
 *                               or the run), the tools that ran, and whether each response was
 *                               sent to its end or cut off
 */
import type { Context, Next } from 'koa';
import { sendResponse } from '../../playground/node-http.js';
import { ai7Agent, type Ai7Agent } from '../../src/test-support/ai7-agent.js';
import { readChatBody } from './chat-agents.js';

/** Koa-style middleware, as @web/test-runner takes it. */
export function middleware() {
  const agents = new Map<string, Ai7Agent>();

  return async (ctx: Context, next: Next) => {
    if (!ctx.path.startsWith('/api/ai7/')) return next();
    ctx.respond = false;
    if (ctx.path === '/api/ai7/chat' && ctx.method === 'POST') {
      const body = await readChatBody(ctx);
      if (!body) return;
      if (!agents.has(body.id)) agents.set(body.id, ai7Agent());
      const agent = agents.get(body.id)!;
      // A client that leaves early closes the connection before the response has ended.
      ctx.res.once('close', () =>
        agent.fates.push(ctx.res.writableFinished ? 'read to the end' : 'cancelled'),
      );
      return sendResponse(ctx.res, await agent.chat(body));
    }
    if (ctx.path === '/api/ai7/log' && ctx.method === 'GET') {
      const chat = ctx.query.chat;
      const agent = typeof chat === 'string' ? agents.get(chat) : undefined;
      const log = agent
        ? {
            requests: agent.requests,
            prompts: agent.prompts(),
            saved: agent.saved,
            errors: agent.errors,
            executed: agent.executed,
            fates: agent.fates,
          }
        : null;
      return sendResponse(ctx.res, Response.json(log));
    }
    ctx.respond = true;
    return next();
  };
}
