/**
 * `npm start`: the playground. Serves playground/index.html through Vite and
 * answers POST /api/chat like any AI SDK back end for `useChat`. Without a
 * model it runs scripted rehearsal scenarios; with ANSWER_UI_MODEL,
 * ANSWER_UI_BASE_URL (an OpenAI-compatible endpoint) and ANSWER_UI_API_KEY
 * it asks that model, giving it the present_answer / final_answer tools.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { convertToModelMessages, createUIMessageStream, pipeUIMessageStreamToResponse, stepCountIs, streamText, type UIMessage } from 'ai';
import { createServer as createViteServer } from 'vite';
import { answerTools, withoutAnswerToolCalls } from '../src/agent/index.js';
import { chooseScenario } from './scenarios.js';

const root = fileURLToPath(new URL('.', import.meta.url));

interface ChatRequest {
  id?: string;
  messages?: UIMessage[];
}

async function readJson(req: IncomingMessage): Promise<ChatRequest> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return JSON.parse(text) as ChatRequest;
}

function realModel() {
  const { ANSWER_UI_MODEL: model, ANSWER_UI_BASE_URL: baseURL, ANSWER_UI_API_KEY: apiKey } = process.env;
  if (!model || !baseURL) return undefined;
  return createOpenAICompatible({ name: 'configured', baseURL, apiKey })(model);
}

const SYSTEM = `You answer questions for the reader of a chat. Show structured results with the present_answer tool (one block per call; call it again with the same block_id to update a block), and end every answer with final_answer naming the blocks that belong with your report. If a tool returns errors, fix the block and call the tool again.`;

async function chat(req: IncomingMessage, res: ServerResponse) {
  let body: ChatRequest;
  try {
    body = await readJson(req);
  } catch {
    res.writeHead(400).end('expected a JSON body { id, messages, trigger }');
    return;
  }
  const messages = body.messages ?? [];
  const last = messages.at(-1);
  const text = last?.parts.map((p) => (p.type === 'text' ? p.text : '')).join(' ') ?? '';
  const data = (last?.parts.find((p) => p.type === 'data-answer_form') as { data?: unknown } | undefined)?.data;
  const model = realModel();
  const stream = createUIMessageStream({
    async execute({ writer }) {
      if (model) {
        const result = streamText({
          model,
          system: SYSTEM,
          messages: await convertToModelMessages(messages),
          tools: answerTools(writer),
          stopWhen: stepCountIs(8),
        });
        writer.merge(withoutAnswerToolCalls(result.toUIMessageStream()));
        return;
      }
      let dropped = false;
      writer.write({ type: 'start' });
      await chooseScenario(
        text,
        data,
      )({
        writer,
        pause: (ms = 200) => new Promise((resolve) => setTimeout(resolve, ms)),
        drop: () => {
          dropped = true;
          // Late enough that the page has read what was sent: a network error discards unread chunks.
          setTimeout(() => res.destroy(), 500);
        },
      });
      // A dropped connection ends without a finish part: the stream just stops.
      if (dropped) await new Promise((resolve) => res.once('close', resolve));
      else writer.write({ type: 'finish' });
    },
    onError: (error) => `The demo agent failed: ${String(error)}`,
  });
  pipeUIMessageStreamToResponse({ response: res, stream });
}

/** Starts the playground on `port` (0 picks a free one); resolves with its URL and a close function. */
export async function startPlayground(port = Number(process.env.PORT ?? 5173)) {
  const vite = await createViteServer({
    root,
    configFile: false,
    logLevel: 'warn',
    appType: 'spa',
    server: { middlewareMode: true },
    // The elements use TypeScript's legacy decorators (see tsconfig.json).
    oxc: { decorator: { legacy: true }, typescript: { removeClassFieldsWithoutInitializer: true }, assumptions: { setPublicClassFields: true } },
  } as Parameters<typeof createViteServer>[0]);
  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url?.startsWith('/api/chat')) {
      void chat(req, res);
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
  const { url } = await startPlayground();
  console.log(`answer-ui playground: ${url}${realModel() ? ` (model: ${process.env.ANSWER_UI_MODEL})` : ' (scripted rehearsal agent)'}`);
}
