/**
 * A chat back end for the browser tests, mounted on the test runner's own
 * HTTP server (loopback). It encodes scripted parts with the AI SDK's real
 * UI message stream encoder, records what the client POSTed, and can fail
 * on purpose: an HTTP error, a connection dropped mid-stream, a slow stream.
 *
 * Each answer is generated on its own, whoever listens, and recorded per
 * chat id, as a resumable stream store keeps it: a client whose connection
 * dropped, or who reloaded, asks for it again from the start.
 *
 * POST /api/test-chat  body: { id, messages, trigger, test: { script, delayMs?, status?, dropAfter?, resumeDropAfter?, raw? } }
 *   dropAfter: the POST's connection is cut after that many events (the answer goes on);
 *   resumeDropAfter: so is every replay's.
 * GET  /api/test-chat/{id}/stream[?resumeDelayMs=…&resumeStatus=…]  → 204 when nothing is recorded for
 *   that chat id, else the recorded answer from its start, then live until it ends
 * GET  /api/test-chat/last?id=…  → the last request body for that chat id
 * GET  /api/test-chat/resumes?id=…  → how many times that chat's answer was asked for again
 * GET  /api/test-chat/ended?id=…&what=post|resume|generated&count=n  → once n responses of that
 *   kind for that chat id have ended (sent to the end, cut, or left by the client), or n answers
 *   were generated to their end: the log of that chat id, `[{ what, status }]`. A test asserts
 *   that nothing more happens after the server says the stream ended.
 */
import {
  createUIMessageStream,
  createUIMessageStreamResponse,
  UI_MESSAGE_STREAM_HEADERS,
} from 'ai';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long a finished answer can still be replayed, as a resumable stream store keeps it. */
const KEEP_FINISHED_MS = 60_000;

async function readBody(req) {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

/** One answer as it is generated: the encoded events so far, and a way to wait for more. */
class Recording {
  chunks = [];
  finishedAt = undefined;
  waiting = [];

  constructor(resumeDropAfter) {
    this.resumeDropAfter = resumeDropAfter;
  }

  async generate(script, delayMs) {
    const stream = createUIMessageStream({
      async execute({ writer }) {
        for (const part of script) {
          if (delayMs) await sleep(delayMs);
          writer.write(part);
        }
      },
    });
    for await (const chunk of createUIMessageStreamResponse({ stream }).body) {
      this.chunks.push(chunk);
      this.wake();
    }
    this.finishedAt = Date.now();
    this.wake();
  }

  changed() {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  wake() {
    const waiting = this.waiting;
    this.waiting = [];
    waiting.forEach((resolve) => resolve());
  }
}

/** Streams a recording from its start to one client; cuts the connection after `cutAfter` events when given. */
async function send(res, recording, cutAfter) {
  res.writeHead(200, UI_MESSAGE_STREAM_HEADERS);
  const closed = new Promise((resolve) => res.on('close', resolve));
  let sent = 0;
  while (!res.destroyed) {
    if (sent < recording.chunks.length) {
      // Wait until each chunk is handed to the socket, so a cut below happens after it.
      await new Promise((resolve) => res.write(recording.chunks[sent], resolve));
      sent += 1;
      if (cutAfter !== undefined && sent >= cutAfter) {
        // Simulates a lost connection: no finish part, no [DONE], just gone. The
        // pause lets the browser read what was sent first: a network error
        // discards chunks a stream has queued but not yet handed out.
        await sleep(500);
        res.socket?.destroy();
        return;
      }
    } else if (recording.finishedAt !== undefined) {
      res.end();
      return;
    } else await Promise.race([recording.changed(), closed]);
  }
}

/** What ended for each chat id, and who waits for it: the server's word that a stream is over. */
class EndLog {
  entries = new Map();
  waiting = new Set();

  add(id, what, status) {
    if (!this.entries.has(id)) this.entries.set(id, []);
    this.entries.get(id).push({ what, status });
    for (const waiter of this.waiting) waiter();
  }

  /** The log of `id` once it holds `count` entries of kind `what`. */
  until(id, what, count) {
    return new Promise((resolve) => {
      const check = () => {
        const log = this.entries.get(id) ?? [];
        if (log.filter((entry) => entry.what === what).length < count) return;
        this.waiting.delete(check);
        resolve(log);
      };
      this.waiting.add(check);
      check();
    });
  }
}

export function middleware() {
  const ended = new EndLog();
  const lastById = new Map();
  const recordings = new Map();
  const resumesById = new Map();
  const sweep = () => {
    for (const [id, recording] of recordings) {
      if (
        recording.finishedAt !== undefined &&
        Date.now() - recording.finishedAt > KEEP_FINISHED_MS
      )
        recordings.delete(id);
    }
  };

  return async (ctx, next) => {
    if (ctx.path === '/api/test-chat/last') {
      ctx.body = JSON.stringify(lastById.get(ctx.query.id) ?? null);
      ctx.type = 'application/json';
      return;
    }
    if (ctx.path === '/api/test-chat/resumes') {
      ctx.body = JSON.stringify(resumesById.get(ctx.query.id) ?? 0);
      ctx.type = 'application/json';
      return;
    }
    if (ctx.path === '/api/test-chat/ended') {
      const { id, what = 'post', count = '1' } = ctx.query;
      ctx.body = JSON.stringify(await ended.until(id, what, Number(count)));
      ctx.type = 'application/json';
      return;
    }
    const resume = /^\/api\/test-chat\/([^/]+)\/stream$/.exec(ctx.path);
    if (resume && ctx.method === 'GET') {
      const id = decodeURIComponent(resume[1]);
      resumesById.set(id, (resumesById.get(id) ?? 0) + 1);
      // Logged once the response has left (or the client left), not when this handler returns.
      ctx.res.once('close', () => ended.add(id, 'resume', ctx.status));
      const delay = Number(ctx.query.resumeDelayMs) || 0;
      if (delay) await sleep(delay);
      if (ctx.query.resumeStatus) {
        ctx.status = Number(ctx.query.resumeStatus);
        ctx.body = 'scripted failure';
        return;
      }
      sweep();
      const recording = recordings.get(id);
      if (!recording) {
        ctx.status = 204;
        return;
      }
      ctx.respond = false;
      await send(ctx.res, recording, recording.resumeDropAfter);
      return;
    }
    if (ctx.path !== '/api/test-chat' || ctx.method !== 'POST') return next();
    const last = JSON.parse(await readBody(ctx.req));
    lastById.set(last.id, last);
    ctx.res.once('close', () => ended.add(last.id, 'post', ctx.res.statusCode));
    const { script = [], delayMs = 0, status, dropAfter, resumeDropAfter, raw } = last.test ?? {};
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
    sweep();
    const recording = new Recording(resumeDropAfter);
    if (last.id !== undefined) recordings.set(last.id, recording);
    void recording.generate(script, delayMs).then(() => ended.add(last.id, 'generated', 200));
    await send(res, recording, dropAfter);
  };
}
