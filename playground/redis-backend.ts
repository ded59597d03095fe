/**
 * One of several server processes behind one chat route, for
 * redis-resume.node.test.ts: the README's back end (answer-backend.ts) with
 * the answers in flight kept by the `resumable-stream` package (Redis at
 * REDIS_URL) instead of in memory, so any process can serve the resume route.
 * The model is scripted and paced, so an answer takes a second or two.
 *
 * POST /api/chat              the chat route ({ id, messages, trigger }, as useChat sends it)
 * GET  /api/chat/{id}/stream  the resume route: the answer in flight from its start, or 204
 *
 * `tsx playground/redis-backend.ts` listens on a free loopback port and
 * prints `{"port":N}` as its first line.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { createResumableStreamContext } from 'resumable-stream';
import { q3TrendChartBlock } from '../src/test-support/blocks.js';
import { scriptedModel, turnOf } from '../src/test-support/scripted-model.js';
import { answerBackend } from './answer-backend.js';
import { sendResponse, toRequest } from './node-http.js';

/** The text the model streams before its block, a few words per delta. */
export const ANSWER_TEXT =
  'Here is the quarter at a glance. Revenue rose in each of the three months, ' +
  'led by the new accounts in September, while churn fell slightly. ' +
  'The figures are invented for this test; the block below shows them as a chart.';

/** The block the model presents after its text. */
export const BLOCK = q3TrendChartBlock;

export const REPORT = 'Revenue rose 10% over the quarter (test data).';

/** Milliseconds between the model's stream parts. */
export const CHUNK_DELAY_MS = 30;

/** Step 1 writes text and presents the block; step 2 (after the tool result) reports. */
export const model = () =>
  scriptedModel(
    (call) =>
      turnOf(call.prompt).step === 0
        ? [{ text: ANSWER_TEXT }, { tool: 'present_answer', input: BLOCK }]
        : [{ tool: 'final_answer', input: { text: REPORT, ui_block_ids: [BLOCK.block_id] } }],
    { chunkDelayMs: CHUNK_DELAY_MS },
  );

const RESUME = /^\/api\/chat\/([^/]+)\/stream$/;

async function main() {
  // A long-running server has nothing to keep alive: `waitUntil: null`.
  const backend = answerBackend({
    model: model(),
    streams: createResumableStreamContext({ waitUntil: null }),
  });
  const server = createServer((req, res) => {
    const path = req.url?.split('?')[0] ?? '';
    const resume = RESUME.exec(path);
    const answer = async () => {
      if (req.method === 'GET' && resume)
        return sendResponse(res, await backend.GET(decodeURIComponent(resume[1]!)));
      if (req.method === 'POST' && path === '/api/chat')
        return sendResponse(res, await backend.POST(await toRequest(req)));
      res.writeHead(404).end();
    };
    answer().catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(500).end(String(error));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port }));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
