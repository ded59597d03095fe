/*
 * The agent behind the end-to-end test of the whole loop: the README's back
 * end (answer-backend.ts) with a scripted model that streams as a provider
 * does. Loaded once per AI SDK major (`loop-agent.ts?ai=7` runs on ai@7).
 */
import type { Block } from '../../src/catalog/index.js';
import { scriptedModel, turnOf, type ScriptedStep } from '../../src/test-support/scripted-model.js';
import { answerBackend } from '../../playground/answer-backend.js';

export const chartBlock: Block = {
  block_id: 'q3-chart',
  fallback_text: 'Q3 revenue by month: 380k, 400k and 420k USD.',
  root: 'chart',
  elements: {
    chart: {
      type: 'Chart',
      props: {
        title: 'Q3 revenue',
        kind: 'bar',
        labels: ['Jul', 'Aug', 'Sep'],
        series: [{ name: 'Revenue', values: [380_000, 400_000, 420_000] }],
        unit: 'USD',
      },
    },
  },
};

const firstTurn: ScriptedStep[] = [
  [{ text: 'Here is the quarter, month by month.' }, { tool: 'present_answer', input: chartBlock }],
  [
    {
      tool: 'final_answer',
      input: {
        text: 'Q3 revenue **grew every month**, to 420k USD in September.',
        ui_block_ids: ['q3-chart'],
      },
    },
  ],
];

const secondTurn: ScriptedStep[] = [
  [
    {
      tool: 'final_answer',
      input: { text: 'September was the strongest month: 420k USD.', ui_block_ids: [] },
    },
  ],
];

/** A long answer, for the tests that cut it off part way (a dropped connection, a reload). */
const longTurn: ScriptedStep[] = [
  [
    { text: 'A long answer that the network will interrupt. '.repeat(4) },
    { tool: 'present_answer', input: chartBlock },
  ],
  [
    { text: 'And it goes on after the drop, '.repeat(6) },
    {
      tool: 'final_answer',
      input: { text: 'All of it arrived once.', ui_block_ids: ['q3-chart'] },
    },
  ],
];

/** One chat's agent: the back end and the prompts its model was given. */
export function loopAgent() {
  const model = scriptedModel(
    (call) => {
      const { userText, step } = turnOf(call.prompt);
      if (/drop|slow/i.test(userText)) return longTurn[step];
      const turns = call.prompt.filter((message) => message.role === 'user').length;
      return (turns === 1 ? firstTurn : secondTurn)[step];
    },
    // "Slowly": slow enough that a test can leave the page while the answer streams.
    { chunkDelayMs: (call) => (/slow/i.test(turnOf(call.prompt).userText) ? 40 : 5) },
  );
  return {
    backend: answerBackend({
      model,
      system:
        'You answer questions about revenue. Show figures with present_answer; end with final_answer.',
    }),
    prompts: () => model.doStreamCalls.map((call) => call.prompt),
  };
}
