/**
 * A chat back end for the browser tests, mounted on the test runner's own
 * HTTP server (loopback). It encodes scripted parts with the AI SDK's real
 * UI message stream encoder, records what the client POSTed, and can fail
 * on purpose: an HTTP error, a connection dropped mid-stream, a slow stream.
 *
 * POST /api/test-chat  body: { id, messages, trigger, test: { script, delayMs?, status?, dropAfter?, raw? } }
 * GET  /api/test-chat/last?id=…  → the last request body for that chat id
 */
import { createUIMessageStream, createUIMessageStreamResponse } from 'ai';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function readBody(req) {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

export function testChatServer() {
  const lastById = new Map();
  return async (ctx, next) => {
    if (ctx.path === '/api/test-chat/last') {
      ctx.body = JSON.stringify(lastById.get(ctx.query.id) ?? null);
      ctx.type = 'application/json';
      return;
    }
    if (ctx.path !== '/api/test-chat' || ctx.method !== 'POST') return next();
    const last = JSON.parse(await readBody(ctx.req));
    lastById.set(last.id, last);
    const { script = [], delayMs = 0, status, dropAfter, raw } = last.test ?? {};
    if (status) {
      ctx.status = status;
      ctx.body = 'scripted failure';
      return;
    }
    ctx.respond = false;
    const res = ctx.res;
    if (raw !== undefined) {
      // Bytes exactly as given, for malformed-stream tests.
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(raw);
      return;
    }
    const stream = createUIMessageStream({
      async execute({ writer }) {
        for (const part of script) {
          if (delayMs) await sleep(delayMs);
          writer.write(part);
        }
      },
    });
    const response = createUIMessageStreamResponse({ stream });
    res.writeHead(200, Object.fromEntries(response.headers));
    let events = 0;
    const aborted = new Promise((resolve) => res.on('close', resolve));
    for await (const chunk of response.body) {
      if (res.destroyed) break;
      // Wait until each chunk is handed to the socket, so a drop below happens after it.
      await new Promise((resolve) => res.write(chunk, resolve));
      events += 1;
      if (dropAfter !== undefined && events >= dropAfter) {
        // Simulates a lost connection: no finish part, no [DONE], just gone. The
        // pause lets the browser read what was sent first: a network error
        // discards chunks a stream has queued but not yet handed out.
        await sleep(500);
        res.socket?.destroy();
        return;
      }
    }
    res.end();
    await Promise.race([aborted, sleep(0)]);
  };
}
