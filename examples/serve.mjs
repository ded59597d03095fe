/**
 * The examples' small back end, on loopback: it serves a built example (a
 * folder of static files) and answers `<agent-thread api="/api/chat">` the
 * way an AI SDK chat route does, with a UI message stream: it repeats the
 * reader's message and shows its length as an answer block. No model, no
 * dependencies.
 *
 *   node ../serve.mjs dist [--port 4173]
 *
 * The Vite examples mount `chatRoute` on their dev server (`npm run dev`).
 */
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json',
};

/** The text of the last user message of a `useChat` request body. */
function lastUserText(body) {
  const last = [...(body?.messages ?? [])].reverse().find((m) => m.role === 'user');
  return (last?.parts ?? [])
    .filter((part) => part.type === 'text')
    .map((part) => part.text)
    .join('');
}

/** The answer to one request, as AI SDK UI message stream parts. */
export function answerParts(body, turn) {
  const text = lastUserText(body).trim() || '(nothing)';
  return [
    { type: 'start', messageId: `answer-${turn}` },
    { type: 'start-step' },
    { type: 'text-start', id: 'text' },
    { type: 'text-delta', id: 'text', delta: 'You said: ' },
    { type: 'text-delta', id: 'text', delta: `“${text}”` },
    { type: 'text-end', id: 'text' },
    {
      type: 'data-answer_ui',
      id: `echo-${turn}`,
      data: {
        block_id: `echo-${turn}`,
        fallback_text: `Your message had ${text.length} characters.`,
        root: 'length',
        elements: {
          length: {
            type: 'Metric',
            props: { label: 'Characters in your message', value: text.length },
          },
        },
      },
    },
    { type: 'finish-step' },
    { type: 'finish' },
  ];
}

async function readJson(request) {
  let raw = '';
  for await (const chunk of request) raw += chunk;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/**
 * `POST /api/chat` as a Node (or Connect) handler; calls `next()` for any
 * other request. `onRequest` sees each request body (the tests read them).
 */
export function chatRoute({ onRequest } = {}) {
  let turns = 0;
  return async (request, response, next) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path !== '/api/chat' || request.method !== 'POST') return next();
    const body = await readJson(request);
    if (!body || !Array.isArray(body.messages)) {
      response.writeHead(400, { 'content-type': 'text/plain' });
      return response.end('expected a JSON body { id, messages, trigger }');
    }
    onRequest?.(body);
    turns += 1;
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      'x-vercel-ai-ui-message-stream': 'v1',
    });
    for (const part of answerParts(body, turns))
      response.write(`data: ${JSON.stringify(part)}\n\n`);
    response.end('data: [DONE]\n\n');
  };
}

/** Serves the files under `root` (index.html for any path that is not a file). */
function staticFiles(root) {
  const base = resolve(root);
  return async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    let file = normalize(join(base, path));
    if (file !== base && !file.startsWith(base + sep)) {
      response.writeHead(403);
      return response.end();
    }
    const isFile = await stat(file).then(
      (s) => s.isFile(),
      () => false,
    );
    if (!isFile) file = join(base, 'index.html');
    try {
      const content = await readFile(file);
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      });
      response.end(content);
    } catch {
      response.writeHead(404);
      response.end();
    }
  };
}

/** Starts the back end on 127.0.0.1; resolves with its URL and a `close()`. */
export function startServer({ root, port = 0, onRequest } = {}) {
  const chat = chatRoute({ onRequest });
  const files = staticFiles(root);
  const server = createServer((request, response) => {
    void chat(request, response, () => files(request, response));
  });
  return new Promise((done) => {
    server.listen(port, '127.0.0.1', () => {
      done({
        url: `http://127.0.0.1:${server.address().port}`,
        close: () => new Promise((closed) => server.close(() => closed())),
      });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [root = 'dist'] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const at = process.argv.indexOf('--port');
  const port = at > 0 ? Number(process.argv[at + 1]) : 4173;
  const { url } = await startServer({ root, port });
  console.log(`${root} and its back end on ${url}`);
}
