/**
 * A back end that misbehaves, for the hostile-back-end suite
 * (src/thread/link/hostile-back-end.test.ts). The chat route answers the
 * reader's first question ("Go") in the way its case names, and any later
 * question as a good back end does, so a test can check that the thread
 * still works after it.
 *
 * POST /api/hostile/{case}       the chat route ({ id, messages }) for one misbehaviour
 * GET  /api/hostile/log?chat=ID  { requests, fates }: the requests' count, and whether each
 *                                response was sent to its end or cut off by the client
 *
 * The cases are listed in CASES below.
 */
import type { ServerResponse } from 'node:http';
import type { Context, Next } from 'koa';
import { sendResponse } from '../../playground/node-http.js';
import { readChatBody } from './chat-agents.js';

type Fate = 'read to the end' | 'cancelled';
interface Log {
  requests: number;
  fates: Fate[];
}

const event = (part: unknown) => `data: ${JSON.stringify(part)}\n\n`;
const text = (delta: string) => event({ type: 'text-delta', id: 't', delta });
const START = event({ type: 'start' }) + event({ type: 'text-start', id: 't' });
const FINISH =
  event({ type: 'text-end', id: 't' }) + event({ type: 'finish' }) + 'data: [DONE]\n\n';

/** A value nested `depth` arrays deep, written without recursion. */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** Writes `chunk`, waiting when the socket's buffer is full; false once the client has gone. */
async function write(res: ServerResponse, chunk: string | Uint8Array): Promise<boolean> {
  if (res.destroyed) return false;
  if (res.write(chunk)) return true;
  await new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done).off('close', done);
      resolve();
    };
    res.on('drain', done).on('close', done);
  });
  return !res.destroyed;
}

const stream = (res: ServerResponse) =>
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });

/** Each misbehaviour, answering the first question. */
const CASES: Record<string, (res: ServerResponse) => Promise<void>> = {
  /** Text that never ends, 64 KB at a time, until the client closes. */
  async 'endless-text'(res) {
    stream(res);
    await write(res, START);
    const delta = text('All work and no play. '.repeat(2_900));
    while (await write(res, delta)) await new Promise((resolve) => setImmediate(resolve));
  },
  /** A data part nested 7,000 arrays deep, between two good parts. */
  async 'deep-data'(res) {
    stream(res);
    await write(res, START + text('Before the data. '));
    await write(res, `data: {"type":"data-weather","data":${nested(7_000)}}\n\n`);
    await write(res, text('After the data.') + FINISH);
    res.end();
  },
  /**
   * Lines that are not JSON, then the rest of a good answer: 2,000,000 lines (about 50 MB),
   * more than loopback's socket buffers hold, so the answer's end is written only if the client
   * reads on.
   */
  async 'bad-lines'(res) {
    stream(res);
    await write(res, START + text('Before the flood. '));
    const lines = (from: number) =>
      Array.from({ length: 1_000 }, (_, i) => `data: {not json ${from + i}\n\n`).join('');
    for (let i = 0; i < 2_000_000 && (await write(res, lines(i))); i += 1_000);
    await write(res, text('After the flood.') + FINISH);
    res.end();
  },
  /** Three bad lines among good ones. */
  async 'few-bad-lines'(res) {
    stream(res);
    await write(res, START + text('One. '));
    await write(res, 'data: {oops\n\ndata: <html>\n\n');
    await write(res, text('Two. ') + 'data: nope\n\n' + text('Three.') + FINISH);
    res.end();
  },
  /** A sign-in page with status 200, as a proxy in front of the back end sends. */
  async 'web-page'(res) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Sign in</title><form><input name=user></form>');
  },
  /** A few words, then nothing, with the connection held open. */
  async silent(res) {
    stream(res);
    await write(res, START + text('Thinking'));
    await new Promise((resolve) => res.once('close', resolve));
  },
  /** A 5 MB error page with status 500. */
  async 'error-page'(res) {
    res.writeHead(500, { 'content-type': 'text/html' });
    res.end(`<html><body>${'<p>Internal error</p>'.repeat(250_000)}</body></html>`);
  },
  /** 429 with a retry hint. */
  async 'too-many-requests'(res) {
    res.writeHead(429, { 'retry-after': '30', 'content-type': 'text/plain' });
    res.end('Slow down.');
  },
  /** A line of 20 MB without a line break, then a good answer. */
  async 'endless-line'(res) {
    stream(res);
    await write(res, START + text('Before the long line. ') + 'data: "');
    const chunk = 'x'.repeat(1024 * 1024);
    for (let i = 0; i < 20 && (await write(res, chunk)); i++);
    await write(res, '"\n\n' + text('After the long line.') + FINISH);
    res.end();
  },
  /** Bytes that are not UTF-8 inside a delta, a byte order mark and CRLF line ends. */
  async 'bad-bytes'(res) {
    stream(res);
    await write(res, '\uFEFF' + START.replaceAll('\n', '\r\n'));
    await write(res, 'data: {"type":"text-delta","id":"t","delta":"Bad bytes: ');
    await write(res, new Uint8Array([0xff, 0xfe]));
    await write(res, ' and more."}\r\n\r\n' + FINISH.replaceAll('\n', '\r\n'));
    res.end();
  },
  /** Keys that name Object.prototype, in a data part and in metadata. */
  async 'proto-keys'(res) {
    stream(res);
    await write(res, START + text('Keys. '));
    await write(
      res,
      'data: {"type":"data-weather","data":{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}}\n\n' +
        'data: {"type":"message-metadata","messageMetadata":{"__proto__":{"polluted":true}}}\n\n',
    );
    await write(res, text('Done.') + FINISH);
    res.end();
  },
  /**
   * A generated image of 2.1 MB, more than a whole answer's budget, as an inline `data:` file
   * part (as image back ends send them), then more text: the image has its own budget, so the
   * answer is not cut off as too long.
   */
  async 'large-image'(res) {
    stream(res);
    await write(res, START + text('Here is the image. '));
    const url = `data:image/png;base64,${PNG_BASE64.padEnd(2_100_000, 'A')}`;
    await write(res, event({ type: 'file', url, mediaType: 'image/png' }));
    await write(res, text('After the image.') + FINISH);
    res.end();
  },
  /** A file part over its budget (the test sets `maxFileChars` low), then more text. */
  async 'oversized-file'(res) {
    stream(res);
    await write(res, START + text('Before the file. '));
    const url = `data:application/pdf;base64,${'A'.repeat(300_000)}`;
    const file = event({ type: 'file', url, mediaType: 'application/pdf' });
    await write(res, file + file);
    await write(res, text('After the file.') + FINISH);
    res.end();
  },
  /** Two parts of a type no AI SDK has yet, between two good ones. */
  async 'unknown-parts'(res) {
    stream(res);
    await write(res, START + text('Before. '));
    await write(res, event({ type: 'hologram', id: 'h1' }) + event({ type: 'hologram', id: 'h2' }));
    await write(res, text('After.') + FINISH);
    res.end();
  },
};

/** A 1×1 PNG, padded past the point where it is an image: its size is what counts here. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** The answer of a back end that behaves. */
async function goodAnswer(res: ServerResponse, requests: number) {
  stream(res);
  await write(res, START + text(`Answer number ${requests}.`) + FINISH);
  res.end();
}

const lastUserText = (messages: unknown): string => {
  const last = Array.isArray(messages)
    ? (messages as { role?: string; parts?: { type?: string; text?: string }[] }[]).findLast(
        (m) => m.role === 'user',
      )
    : undefined;
  return last?.parts?.find((p) => p.type === 'text')?.text ?? '';
};

/** Koa-style middleware, as @web/test-runner takes it. */
export function middleware() {
  const logs = new Map<string, Log>();
  return async (ctx: Context, next: Next) => {
    if (!ctx.path.startsWith('/api/hostile/')) return next();
    ctx.respond = false;
    if (ctx.path === '/api/hostile/log' && ctx.method === 'GET')
      return sendResponse(ctx.res, Response.json(logs.get(String(ctx.query.chat)) ?? null));
    const misbehave = CASES[ctx.path.slice('/api/hostile/'.length)];
    if (!misbehave || ctx.method !== 'POST') {
      ctx.respond = true;
      return next();
    }
    const body = await readChatBody(ctx);
    if (!body) return;
    const log = logs.get(body.id) ?? { requests: 0, fates: [] };
    logs.set(body.id, log);
    log.requests += 1;
    const res = ctx.res;
    res.once('close', () => log.fates.push(res.writableFinished ? 'read to the end' : 'cancelled'));
    res.on('error', () => undefined);
    if (lastUserText(body.messages) === 'Go') await misbehave(res);
    else await goodAnswer(res, log.requests);
  };
}
