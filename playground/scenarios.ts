/*
 * Scripted rehearsal scenarios for the playground's demo agent. Every
 * figure they show (their blocks are in src/test-support/blocks.ts) is
 * invented and every answer says so: these exercise the UI, they are not
 * analyses. They are played by a scripted model through streamText, the
 * same path a real model takes: tool calls stream, blocks are validated by
 * present_answer, the run stops at final_answer, and the next turn is given
 * the blocks of the last one.
 */
import { jsonSchema, tool } from 'ai';
import {
  rehearsalBookingFormBlock,
  rehearsalConfirmationBlock,
  rehearsalEvidenceBlock,
  rehearsalKpisBlock,
  rehearsalPressureChartBlock,
  rehearsalRegionsBlock,
  rehearsalRevenueTrendBlock,
  rehearsalSiteBlock,
} from '../src/test-support/blocks.js';
import { scriptedModel, turnOf, type ScriptedStep } from '../src/test-support/scripted-model.js';

const REHEARSAL = '*Rehearsal data — every figure below is invented to show the interface.*\n\n';

const say = (text: string) => ({ text });
const present = (block: unknown) => ({ tool: 'present_answer', input: block });
const report = (text: string, ids: string[]) => ({
  tool: 'final_answer',
  input: { text, ui_block_ids: ids },
});

const analysis: ScriptedStep[] = [
  [
    say(`${REHEARSAL}Let me pull the quarter's figures first.`),
    { tool: 'query_sales', input: { period: 'H2' } },
  ],
  [
    present(rehearsalKpisBlock),
    say('Here is the monthly trend; December is still being booked, so it will change.'),
    present(rehearsalRevenueTrendBlock([180, 195, 205, 210, 215, 120])),
  ],
  [present(rehearsalRevenueTrendBlock([180, 195, 205, 210, 215, 190]))],
  [
    present(rehearsalRevenueTrendBlock([180, 195, 205, 210, 215, 236])),
    say('And the regions behind it:'),
    present(rehearsalRegionsBlock),
  ],
  [
    report(
      `## Second half in short\n\n${REHEARSAL}Revenue rose **12%** to 1.24 M USD while churn fell to 3.1%. December closed at 236 k USD once bookings were in; North led with 42% of revenue.`,
      ['kpis', 'revenue-trend'],
    ),
  ],
];

const investigation: ScriptedStep[] = [
  [
    say(`${REHEARSAL}Checking the field reports for pump station 4.`),
    { tool: 'search_reports', input: { site: 'pump-station-4' } },
  ],
  [
    present(rehearsalSiteBlock),
    present(rehearsalEvidenceBlock),
    say('A crew can replace the valve; tell me when and who.'),
    present(rehearsalBookingFormBlock),
  ],
  [
    report(
      `## Pump station 4\n\n${REHEARSAL}Valve **V-12** is stuck at 40% open, which explains the pressure drop. Book the repair below.`,
      ['site', 'booking'],
    ),
  ],
];

function booking(values: Record<string, unknown>): ScriptedStep[] {
  return [
    [say(`${REHEARSAL}Booking the crew.`), { tool: 'book_crew', input: values }],
    [present(rehearsalConfirmationBlock(values))],
    [report(`Booked under reference **RH-2041**. ${REHEARSAL}`, ['confirmation'])],
  ];
}

const failureDrill: ScriptedStep[] = [
  [
    say(
      `${REHEARSAL}Failure drill: first a chart that breaks the catalog's rules (one value for three labels).`,
    ),
    present(rehearsalPressureChartBlock([3.1])),
  ],
  [
    say(
      'The present_answer tool refused it and told me why, so the page never saw it. Here is the repaired chart.',
    ),
    present(rehearsalPressureChartBlock([3.1, 2.2, 2.9])),
  ],
  [
    say(
      'Now the connection drops mid-answer. The thread asks the server for the answer in flight and shows the rest once, so this sentence arrives whole.',
    ),
    report(
      `${REHEARSAL}Drill complete: the broken chart was repaired before it reached the page, and the dropped answer resumed.`,
      ['drill-chart'],
    ),
  ],
];

const help: ScriptedStep[] = [
  [
    say(
      `This playground runs a scripted demo agent (rehearsal data). Try:\n\n- **"Analyse the second half"**: metrics, a chart updated in place twice, a table, a final report\n- **"Check pump station 4"**: a map, evidence and a form; submit the form for a second turn\n- **"Run the failure drill"**: a block the tool refuses and the model repairs, and a dropped connection that resumes\n\nSet \`ANSWER_UI_MODEL\`, \`ANSWER_UI_BASE_URL\` and \`ANSWER_UI_API_KEY\` to talk to a real model instead.`,
    ),
  ],
];

/** The answers of a form submission, as toModelMessages gives them to the model. */
function bookingAnswers(userText: string): Record<string, unknown> | undefined {
  const answers = /of block "booking"\]\n(\{.*\})/.exec(userText)?.[1];
  return answers ? (JSON.parse(answers) as Record<string, unknown>) : undefined;
}

const isDrill = (text: string) => /fail|drill|error|break/i.test(text);

/** Picks a scenario for the reader's last message, as the model sees it. */
export function chooseScenario(userText: string): ScriptedStep[] {
  const answers = bookingAnswers(userText);
  if (answers) return booking(answers);
  if (isDrill(userText)) return failureDrill;
  if (/pump|field|investigat|site|map|valve/i.test(userText)) return investigation;
  if (/analy|revenue|sales|data|half|quarter|chart/i.test(userText)) return analysis;
  return help;
}

/** Whether the rehearsal of `userText` cuts the connection, and where: once the repaired chart is out. */
export const dropsConnection = (userText: string) =>
  isDrill(userText) ? (sent: string) => sent.includes('"type":"data-answer_ui"') : undefined;

const rehearsalTool = <T>(description: string, output: unknown) =>
  tool({
    description,
    inputSchema: jsonSchema<T>({ type: 'object' }),
    execute: async () => output,
  });

/** The demo agent's own tools: their answers are as invented as the rest. */
export const rehearsalTools = {
  query_sales: rehearsalTool<{ period: string }>('Rehearsal: reads sales figures.', { rows: 6 }),
  search_reports: rehearsalTool<{ site: string }>('Rehearsal: searches field reports.', {
    found: 2,
  }),
  book_crew: rehearsalTool<Record<string, unknown>>('Rehearsal: books a repair crew.', {
    confirmation: 'RH-2041',
  }),
};

/** The scripted model that plays the scenarios, at a pace a person can follow. */
export function rehearsalModel() {
  return scriptedModel(
    (call) => {
      const { userText, step } = turnOf(call.prompt);
      return chooseScenario(userText)[step];
    },
    { chunkDelayMs: 25 },
  );
}
