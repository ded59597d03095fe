/**
 * An AG-UI back end for the browser tests: it encodes scripted events with
 * the AG-UI encoder (`@ag-ui/encoder`) and records each `RunAgentInput` it
 * was sent.
 *
 * POST /api/ag-ui  body: a RunAgentInput plus
 *                  { test: { events, outcome?, delayMs?, keepOpen?, status?, raw?, dropAfter? } }
 *   events: the run's events without RUN_STARTED / RUN_FINISHED, which the server adds
 *           (an event list that starts with RUN_STARTED is sent as it is);
 *   outcome: the RUN_FINISHED outcome (AG-UI 1.0), e.g. { type: 'interrupt', interrupts };
 *   keepOpen: the connection stays open after the last event (until the client leaves);
 *   dropAfter: the connection is cut after that many events;
 *   raw: bytes exactly as given, for malformed-stream tests;
 *   history: messages the server holds: a MESSAGES_SNAPSHOT of them and the input's messages opens the run;
 *   an event { type: 'MESSAGES_SNAPSHOT', withInput: true, messages } is sent with the input's messages first.
 * GET  /api/ag-ui/last?threadId=…  → the last RunAgentInput for that thread (without `test`)
 * GET  /api/ag-ui/{threadId}/stream → 204, counted: AG-UI has no resume, so a client should never ask
 * GET  /api/ag-ui/resumes?threadId=… → how many times that was asked for that thread
 * GET  /api/ag-ui/ended?threadId=…&count=n → once n runs of that thread have ended (sent to the end,
 *   cut, or left by the client): how many events each sent. A test asserts that nothing more
 *   happens after the server says the stream ended.
 */
import { EventEncoder } from '@ag-ui/encoder';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function readBody(req) {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

/** The run's events, between RUN_STARTED and RUN_FINISHED unless the script brings its own. */
function runOf(input, { events = [], history, outcome }) {
  if (events[0]?.type === 'RUN_STARTED') return events;
  const ids = { threadId: input.threadId, runId: input.runId };
  const snapshot = history
    ? [{ type: 'MESSAGES_SNAPSHOT', messages: [...history, ...input.messages] }]
    : [];
  const withInput = ({ withInput, ...event }) =>
    withInput ? { ...event, messages: [...input.messages, ...event.messages] } : event;
  return [
    { type: 'RUN_STARTED', ...ids },
    ...snapshot,
    ...events.map(withInput),
    { type: 'RUN_FINISHED', ...ids, ...(outcome ? { outcome } : {}) },
  ];
}

export function middleware() {
  const lastByThread = new Map();
  const resumesByThread = new Map();
  const endedByThread = new Map();
  const waiting = new Set();
  const end = (threadId, sent) => {
    endedByThread.set(threadId, [...(endedByThread.get(threadId) ?? []), sent]);
    for (const waiter of waiting) waiter();
  };
  const ended = (threadId, count) =>
    new Promise((resolve) => {
      const check = () => {
        const runs = endedByThread.get(threadId) ?? [];
        if (runs.length < count) return;
        waiting.delete(check);
        resolve(runs);
      };
      waiting.add(check);
      check();
    });
  return async (ctx, next) => {
    if (ctx.path === '/api/ag-ui/ended') {
      ctx.type = 'application/json';
      ctx.body = JSON.stringify(await ended(ctx.query.threadId, Number(ctx.query.count ?? 1)));
      return;
    }
    const resume = /^\/api\/ag-ui\/([^/]+)\/stream$/.exec(ctx.path);
    if (resume && ctx.method === 'GET') {
      const threadId = decodeURIComponent(resume[1]);
      resumesByThread.set(threadId, (resumesByThread.get(threadId) ?? 0) + 1);
      ctx.status = 204;
      return;
    }
    if (ctx.path === '/api/ag-ui/resumes') {
      ctx.type = 'application/json';
      ctx.body = JSON.stringify(resumesByThread.get(ctx.query.threadId) ?? 0);
      return;
    }
    if (ctx.path === '/api/ag-ui/last') {
      ctx.type = 'application/json';
      ctx.body = JSON.stringify(lastByThread.get(ctx.query.threadId) ?? null);
      return;
    }
    if (ctx.path !== '/api/ag-ui' || ctx.method !== 'POST') return next();
    const { test = {}, ...input } = JSON.parse(await readBody(ctx.req));
    lastByThread.set(input.threadId, input);
    if (test.status) {
      ctx.status = test.status;
      ctx.body = 'scripted failure';
      return;
    }
    const encoder = new EventEncoder({ accept: ctx.get('accept') });
    ctx.respond = false;
    const res = ctx.res;
    res.writeHead(200, { 'content-type': encoder.getContentType(), 'cache-control': 'no-cache' });
    if (test.raw !== undefined) {
      res.end(test.raw);
      return;
    }
    const closed = new Promise((resolve) => res.on('close', resolve));
    let sent = 0;
    // Logged once the response has left (or the client left), not when this handler returns.
    void closed.then(() => end(input.threadId, sent));
    for (const event of runOf(input, test)) {
      if (res.destroyed) return;
      if (test.delayMs) await sleep(test.delayMs);
      await new Promise((resolve) => res.write(encoder.encodeSSE(event), resolve));
      sent += 1;
      if (test.dropAfter !== undefined && sent >= test.dropAfter) {
        // A lost connection: the browser reads what was sent first, then the socket goes.
        await sleep(300);
        res.socket?.destroy();
        return;
      }
    }
    // A client that reads RUN_FINISHED as the end of the run leaves; the cap only bounds a test that fails.
    if (test.keepOpen) await Promise.race([closed, sleep(30_000)]);
    if (!res.destroyed) res.end();
    return;
  };
}
