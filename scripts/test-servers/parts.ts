/**
 * A back end that carries everything an AI SDK stream can (sources, files,
 * tool approvals, steps), for the browser tests of SPEC §4b: the real
 * `streamText` with a scripted model, so approvals, denials and sources run
 * as they do with a real provider. Each chat id (the body's `id`) has an
 * agent of its own.
 *
 * POST /api/parts/chat             the chat route ({ id, messages, trigger, messageId? }, as useChat sends it)
 * GET  /api/parts/requests?chat=ID every request body that chat's route received, in order
 * GET  /api/parts/prompts?chat=ID  every prompt that chat's model was given, in order
 *
 * What the model does, by the reader's last message:
 * - file parts attached, or "attached": `I received N file(s): <filenames or media types>.`
 * - "search": text citing two url sources, the sources, and a small PNG file
 * - "document": text citing a document source, and that source
 * - "delete": calls `delete_file`, which needs approval; once answered,
 *   `Deleted /reports/q3-draft.pdf.` or `I did not delete it.`
 * - anything else: `Answer number K.`, K counting this chat's model calls
 *   (so a regenerated answer differs from the first)
 */
import { readFileSync } from 'node:fs';
import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import { stepCountIs, streamText, tool, type UIMessage } from 'ai';
import type { Context, Next } from 'koa';
import { z } from 'zod';
import { toModelMessages } from '../../src/agent/history.js';
import { scriptedModel, turnOf, type ScriptedStep } from '../../src/test-support/scripted-model.js';
import { sendResponse, toRequest } from '../../playground/node-http.js';

export const DELETED_PATH = '/reports/q3-draft.pdf';

const TILE_PNG = readFileSync(new URL('../../src/test-support/tile.png', import.meta.url)).toString('base64');

const tools = {
  delete_file: tool({
    description: 'Deletes a file. The reader approves every deletion first.',
    inputSchema: z.object({ path: z.string() }),
    needsApproval: true,
    execute: async ({ path }) => ({ deleted: path }),
  }),
};

const searchStep: ScriptedStep = [
  { text: 'Revenue grew 12% [1], driven by cloud [2].' },
  { source: { url: 'https://example.com/q3-report', title: 'Q3 report' } },
  { source: { url: 'https://news.example.org/cloud', title: 'Cloud news' } },
  { file: { mediaType: 'image/png', base64: TILE_PNG } },
];

const documentStep: ScriptedStep = [
  { text: 'The board memo sets the Q4 target [1].' },
  { document: { title: 'Board memo', mediaType: 'application/pdf', filename: 'board-memo.pdf' } },
];

type PromptMessage = LanguageModelV3Prompt[number];

/** The newest result the prompt holds for `delete_file`: a tool result, or its denial ('execution-denied'). */
function deleteOutcome(prompt: LanguageModelV3Prompt): 'deleted' | 'denied' | undefined {
  for (const message of [...prompt].reverse()) {
    if (message.role !== 'tool') continue;
    const result = message.content.findLast((part) => part.type === 'tool-result' && part.toolName === 'delete_file');
    if (result?.type === 'tool-result') return result.output.type === 'execution-denied' ? 'denied' : 'deleted';
  }
  return undefined;
}

/** The file parts of the reader's last message, as the model was given them. */
function lastUserFiles(prompt: LanguageModelV3Prompt) {
  const user = prompt.findLast((message): message is Extract<PromptMessage, { role: 'user' }> => message.role === 'user');
  return user?.content.flatMap((part) => (part.type === 'file' ? [part] : [])) ?? [];
}

/** One chat's agent: its model, and everything its route was sent. */
function partsAgent() {
  const model = scriptedModel((call, callIndex): ScriptedStep => {
    const { userText, step } = turnOf(call.prompt);
    const files = lastUserFiles(call.prompt);
    if (files.length || /attached/i.test(userText)) {
      const names = files.map((file) => file.filename ?? file.mediaType);
      return [{ text: `I received ${files.length} file(s): ${names.join(', ') || 'none'}.` }];
    }
    if (/search/i.test(userText)) return searchStep;
    if (/document/i.test(userText)) return documentStep;
    if (/delete/i.test(userText)) {
      // After the tool round (approved and run, or denied), the model says what happened.
      const outcome = step > 0 ? deleteOutcome(call.prompt) : undefined;
      if (outcome === 'deleted') return [{ text: `Deleted ${DELETED_PATH}.` }];
      if (outcome === 'denied') return [{ text: 'I did not delete it.' }];
      return [{ tool: 'delete_file', input: { path: DELETED_PATH } }];
    }
    return [{ text: `Answer number ${callIndex + 1}.` }];
  });
  const requests: unknown[] = [];
  return {
    requests,
    prompts: () => model.doStreamCalls.map((call) => call.prompt),
    async chat(body: { messages?: unknown }): Promise<Response> {
      const messages = Array.isArray(body.messages) ? (body.messages as UIMessage[]) : [];
      const result = streamText({ model, messages: await toModelMessages(messages, { tools }), tools, stopWhen: stepCountIs(5) });
      return result.toUIMessageStreamResponse({ originalMessages: messages, sendSources: true });
    },
  };
}

type PartsAgent = ReturnType<typeof partsAgent>;

/** Koa-style middleware, as @web/test-runner takes it. */
export function middleware() {
  const agents = new Map<string, PartsAgent>();
  const agentFor = (chatId: string) => {
    if (!agents.has(chatId)) agents.set(chatId, partsAgent());
    return agents.get(chatId)!;
  };

  return async (ctx: Context, next: Next) => {
    if (!ctx.path.startsWith('/api/parts/')) return next();
    ctx.respond = false;
    const chatId = typeof ctx.query.chat === 'string' ? ctx.query.chat : '';
    if (ctx.path === '/api/parts/chat' && ctx.method === 'POST') {
      const body = (await (await toRequest(ctx.req)).json().catch(() => undefined)) as { id?: unknown; messages?: unknown } | undefined;
      if (typeof body?.id !== 'string') return sendResponse(ctx.res, Response.json({ error: 'The body needs the chat `id`.' }, { status: 400 }));
      const agent = agentFor(body.id);
      agent.requests.push(body);
      return sendResponse(ctx.res, await agent.chat(body));
    }
    if (ctx.path === '/api/parts/requests' && ctx.method === 'GET') return sendResponse(ctx.res, Response.json(agents.get(chatId)?.requests ?? []));
    if (ctx.path === '/api/parts/prompts' && ctx.method === 'GET') return sendResponse(ctx.res, Response.json(agents.get(chatId)?.prompts() ?? []));
    ctx.respond = true;
    return next();
  };
}
