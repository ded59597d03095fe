/**
 * `npm run bench` (group `tokens`): what answer-ui's contract costs a model,
 * in o200k_base tokens (`gpt-tokenizer`), beside its peers' equivalents:
 *
 * - both answer tools as the AI SDK hands them to a provider (name,
 *   description, `asSchema(inputSchema)` as JSON), per tool and together;
 * - the contract guide's example block and a realistic 48-node block, as the model
 *   writes them (compact JSON), and each as the history text the model reads
 *   back the next turn (`toModelMessages`);
 * - json-render's `catalog.prompt()` for the same nine components
 *   (bench/pages/peers/json-render.ts), and the JSON Schemas an A2UI agent
 *   gives its model for the v0.9 basic catalog.
 *
 *   tsx bench/tokens.bench.ts [--json]   (--json: one JSON object on stdout)
 */
import { readFileSync } from 'node:fs';
import * as ai from 'ai';
import * as agent from '../src/agent/index.js';
import { maximalBlock } from '../src/test-support/blocks.js';
import { scriptedSteps } from '../src/test-support/scripted-model.js';
import { answerToolTokens, tokens } from '../src/test-support/tokens.js';
import { catalog as jsonRenderCatalog } from './pages/peers/json-render.js';

/** A package's installed version (read from node_modules: not every package exports its package.json). */
const version = (name: string) =>
  (JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')) as { version: string })
    .version;

/** The example block of the contract guide (and of the guides' live examples). */
function exampleBlock(): unknown {
  return JSON.parse(readFileSync('docs/examples/q3-revenue.json', 'utf8'));
}

async function historyText(block: unknown): Promise<string> {
  const [message] = await agent.toModelMessages([
    { role: 'assistant', parts: [{ type: 'data-answer_ui', data: block }] },
  ]);
  return (message!.content as { text: string }[])[0]!.text;
}

async function blockCost(block: unknown) {
  const history = await historyText(block);
  return {
    json: tokens(JSON.stringify(block)),
    history: tokens(history),
    historyChars: history.length,
    jsonChars: JSON.stringify(block).length,
  };
}

/** A2UI's v0.9 schemas for the basic catalog, as shipped in @a2ui/web_core, compact. */
function a2uiBasicCatalog(): number {
  const read = (path: string) =>
    JSON.stringify(
      JSON.parse(readFileSync(`node_modules/@a2ui/web_core/src/v0_9/schemas/${path}`, 'utf8')),
    );
  return tokens(
    ['server_to_client.json', 'common_types.json', 'catalogs/basic/catalog.json']
      .map(read)
      .join('\n'),
  );
}

/**
 * The input tokens of one turn that publishes `block` and reports on it,
 * through `streamText` with the answer tools and `answerStopWhen`: each
 * model call pays for the tool definitions and the prompt so far (the
 * question, and from the second call on the calls and results before it).
 */
async function turnCost(block: unknown, oneStep: boolean, toolTokens: number) {
  const report = {
    text: 'Revenue rose 12%.',
    ui_block_ids: [(block as { block_id: string }).block_id],
  };
  const publish = { tool: 'present_answer', input: block };
  const finish = { tool: 'final_answer', input: report };
  const model = scriptedSteps(oneStep ? [[publish, finish]] : [[publish], [finish]]);
  const result = ai.streamText({
    model,
    prompt: 'How did Q3 go?',
    tools: agent.answerTools({ write() {} }),
    stopWhen: agent.answerStopWhen(),
  });
  await result.consumeStream();
  const calls = model.doStreamCalls.map((call) => toolTokens + tokens(JSON.stringify(call.prompt)));
  return { calls: calls.length, inputTokens: calls.reduce((a, b) => a + b, 0) };
}

const tools = await answerToolTokens({ ai, agent } as Parameters<typeof answerToolTokens>[0]);
const toolsTotal = tools.reduce((sum, t) => sum + t.total, 0);
const result = {
  encoding: 'o200k_base',
  tokenizer: `gpt-tokenizer ${version('gpt-tokenizer')}`,
  ai: version('ai'),
  tools,
  toolsTotal,
  exampleBlock: await blockCost(exampleBlock()),
  turn: {
    oneStep: await turnCost(exampleBlock(), true, toolsTotal),
    twoSteps: await turnCost(exampleBlock(), false, toolsTotal),
  },
  block48: await blockCost(maximalBlock({ charts: false, targetBytes: 6_000 })),
  peers: {
    jsonRender: {
      version: version('@json-render/core'),
      prompt: tokens(jsonRenderCatalog.prompt()),
    },
    a2ui: { version: version('@a2ui/web_core'), basicCatalogSchemas: a2uiBasicCatalog() },
  },
};

if (process.argv.includes('--json')) console.log(JSON.stringify(result));
else console.log(JSON.stringify(result, null, 2));
