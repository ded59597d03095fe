/**
 * `npm start`: the playground. Serves playground/index.html through Vite and
 * the README's back end (answer-backend.ts) on /api/chat: POST for an
 * answer, GET /api/chat/{id}/stream to resume one in flight. Without a model
 * it plays scripted rehearsal scenarios through a scripted model; with
 * ANSWER_UI_MODEL, ANSWER_UI_BASE_URL (an OpenAI-compatible endpoint) and
 * ANSWER_UI_API_KEY it asks that model. Both go through streamText and the
 * present_answer / final_answer tools.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createServer as createViteServer } from 'vite';
import { answerBackend } from './answer-backend.js';
import { sendResponse, toRequest } from './node-http.js';
import { dropsConnection, rehearsalModel, rehearsalTools } from './scenarios.js';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The model named by the environment, if any. */
export function configuredModel() {
  const {
    ANSWER_UI_MODEL: model,
    ANSWER_UI_BASE_URL: baseURL,
    ANSWER_UI_API_KEY: apiKey,
  } = process.env;
  if (!model || !baseURL) return undefined;
  return createOpenAICompatible({ name: 'configured', baseURL, apiKey })(model);
}

export const SYSTEM = `You answer questions for the reader of a chat. Show structured results with the present_answer tool (one block per call; call it again with the same block_id to update a block), and end every answer with final_answer naming the blocks that belong with your report. If a tool returns errors, fix the block and call the tool again.`;

const RESUME = /^\/api\/chat\/([^/]+)\/stream$/;
const STOP = /^\/api\/chat\/([^/]+)\/stop$/;

/** The user's last message text, to tell whether a rehearsal cuts its connection. */
async function lastUserText(request: Request): Promise<string> {
  const body = (await request
    .clone()
    .json()
    .catch(() => ({}))) as { messages?: { parts?: { text?: unknown }[] }[] };
  const parts = Array.isArray(body.messages) ? (body.messages.at(-1)?.parts ?? []) : [];
  return Array.isArray(parts)
    ? parts.map((part) => (typeof part.text === 'string' ? part.text : '')).join(' ')
    : '';
}

/** Starts the playground on `port` (0 picks a free one); resolves with its URL and a close function. */
export async function startPlayground(port = Number(process.env.PORT ?? 5173)) {
  const model = configuredModel();
  const backend = model
    ? answerBackend({ model, system: SYSTEM })
    : answerBackend({ model: rehearsalModel(), system: SYSTEM, tools: rehearsalTools });
  const vite = await createViteServer({
    root,
    configFile: false,
    logLevel: 'warn',
    appType: 'spa',
    server: { middlewareMode: true },
    // The elements use TypeScript's legacy decorators (see tsconfig.json).
    oxc: {
      decorator: { legacy: true },
      typescript: { removeClassFieldsWithoutInitializer: true },
      assumptions: { setPublicClassFields: true },
    },
  } as Parameters<typeof createViteServer>[0]);

  async function api(req: IncomingMessage, res: ServerResponse) {
    const request = await toRequest(req);
    const resume = RESUME.exec(new URL(request.url).pathname);
    if (request.method === 'GET' && resume)
      return sendResponse(res, await backend.GET(decodeURIComponent(resume[1]!)));
    const stop = STOP.exec(new URL(request.url).pathname);
    if (request.method === 'POST' && stop)
      return sendResponse(res, backend.STOP(decodeURIComponent(stop[1]!)));
    const dropWhen = model ? undefined : dropsConnection(await lastUserText(request));
    return sendResponse(res, await backend.POST(request), { dropWhen });
  }

  const server = createServer((req, res) => {
    const path = req.url?.split('?')[0] ?? '';
    if (
      (req.method === 'POST' && path === '/api/chat') ||
      (req.method === 'GET' && RESUME.test(path)) ||
      (req.method === 'POST' && STOP.test(path))
    ) {
      api(req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500).end(`The demo agent failed: ${String(error)}`);
        else res.destroy();
      });
      return;
    }
    vite.middlewares(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://localhost:${typeof address === 'object' && address ? address.port : port}/`;
  return {
    url,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await vite.close();
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const playground = await startPlayground();
  // Ctrl+C (or a service manager's SIGTERM) closes the server and Vite, and the process ends with 0.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void playground.close().then(() => process.exit(0)));
  }
  const { url } = playground;
  console.log(
    `answer-ui playground: ${url}${configuredModel() ? ` (model: ${process.env.ANSWER_UI_MODEL})` : ' (scripted rehearsal agent)'}`,
  );
}
