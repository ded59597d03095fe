/*
 * Scripted rehearsal scenarios for the playground's demo agent. Every
 * figure here is invented and every answer says so: these exercise the UI,
 * they are not analyses. They are played by a scripted model through
 * streamText, the same path a real model takes: tool calls stream, blocks
 * are validated by present_answer, the run stops at final_answer, and the
 * next turn is given the blocks of the last one.
 */
import { jsonSchema, tool } from 'ai';
import type { Block } from '../src/catalog/index.js';
import { scriptedModel, turnOf, type ScriptedStep } from '../src/test-support/scripted-model.js';

const REHEARSAL = '*Rehearsal data — every figure below is invented to show the interface.*\n\n';

const say = (text: string) => ({ text });
const present = (block: unknown) => ({ tool: 'present_answer', input: block });
const report = (text: string, ids: string[]) => ({
  tool: 'final_answer',
  input: { text, ui_block_ids: ids },
});

function trend(values: number[]): Block {
  return {
    block_id: 'revenue-trend',
    fallback_text: 'Monthly revenue, July to December (rehearsal data).',
    root: 'chart',
    elements: {
      chart: {
        type: 'Chart',
        props: {
          title: 'Monthly revenue (rehearsal)',
          kind: 'line',
          labels: ['Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
          series: [{ name: 'Revenue', values }],
          y_label: 'k USD',
          unit: 'k USD',
        },
      },
    },
  };
}

const kpis: Block = {
  block_id: 'kpis',
  fallback_text: 'Revenue 1.24 M USD (+12%), churn 3.1%, 184 new accounts (rehearsal data).',
  root: 'row',
  elements: {
    row: {
      type: 'Stack',
      props: { direction: 'horizontal', gap: 'md' },
      children: ['revenue', 'churn', 'accounts'],
    },
    revenue: {
      type: 'Metric',
      props: {
        label: 'Revenue',
        value: 1_240_000,
        format: 'currency',
        currency: 'USD',
        delta: 0.12,
        caption: 'vs. H1',
      },
    },
    churn: {
      type: 'Metric',
      props: {
        label: 'Churn',
        value: 0.031,
        format: 'percent',
        delta: -0.08,
        good_direction: 'down',
      },
    },
    accounts: { type: 'Metric', props: { label: 'New accounts', value: 184, delta: 0.05 } },
  },
};

const regions: Block = {
  block_id: 'regions',
  fallback_text: 'Revenue by region (rehearsal data).',
  root: 'table',
  elements: {
    table: {
      type: 'Table',
      props: {
        caption: 'Revenue by region (rehearsal)',
        columns: [
          { label: 'Region' },
          { label: 'Revenue', format: 'currency', currency: 'USD' },
          { label: 'Share', format: 'percent' },
          { label: 'Growth', format: 'percent' },
        ],
        rows: [
          ['North', 520_000, 0.42, 0.15],
          ['South', 410_000, 0.33, 0.09],
          ['West', 310_000, 0.25, 0.11],
        ],
      },
    },
  },
};

const analysis: ScriptedStep[] = [
  [
    say(`${REHEARSAL}Let me pull the quarter's figures first.`),
    { tool: 'query_sales', input: { period: 'H2' } },
  ],
  [
    present(kpis),
    say('Here is the monthly trend; December is still being booked, so it will change.'),
    present(trend([180, 195, 205, 210, 215, 120])),
  ],
  [present(trend([180, 195, 205, 210, 215, 190]))],
  [
    present(trend([180, 195, 205, 210, 215, 236])),
    say('And the regions behind it:'),
    present(regions),
  ],
  [
    report(
      `## Second half in short\n\n${REHEARSAL}Revenue rose **12%** to 1.24 M USD while churn fell to 3.1%. December closed at 236 k USD once bookings were in; North led with 42% of revenue.`,
      ['kpis', 'revenue-trend'],
    ),
  ],
];

const site: Block = {
  block_id: 'site',
  fallback_text: 'Pump station 4, Riverside (rehearsal data).',
  root: 'place',
  elements: {
    place: {
      type: 'MapLocation',
      props: {
        label: 'Pump station 4 (rehearsal)',
        lat: 52.5163,
        lng: 13.3777,
        zoom: 15,
        description: 'Valve room behind the generator.',
        feature_id: 'pump-4',
      },
    },
  },
};

const evidence: Block = {
  block_id: 'evidence',
  fallback_text:
    'Two reports: valve V-12 stuck at 40% open; pressure drop at 02:14 (rehearsal data).',
  root: 'list',
  elements: {
    list: {
      type: 'Evidence',
      props: {
        title: 'What the reports say',
        summary: 'Both point at valve V-12.',
        items: [
          {
            source: 'Inspection log (rehearsal)',
            excerpt: 'Valve V-12 stuck at about 40% open.',
            locator: 'p. 4',
            published: '2025-05-02',
            ref: 'log-17',
          },
          {
            source: 'Pressure sensor P4-2 (rehearsal)',
            excerpt: 'Pressure drop from 3.1 to 2.2 bar at 02:14.',
            locator: 'Channel 2',
          },
        ],
      },
    },
  },
};

const bookingForm: Block = {
  block_id: 'booking',
  fallback_text: 'Form: book the valve repair (window, crew, note).',
  root: 'form',
  elements: {
    form: {
      type: 'FollowUpForm',
      props: {
        title: 'Book the repair',
        description: 'Your answers go back to the agent.',
        submit_label: 'Book',
        fields: [
          {
            name: 'window',
            label: 'Window',
            kind: 'radio',
            options: ['Tue 02:00–04:00', 'Sat 06:00–08:00'],
            required: true,
          },
          { name: 'crew', label: 'Crew size', kind: 'number', min: 1, max: 6, required: true },
          { name: 'note', label: 'Note for the technician', kind: 'textarea' },
        ],
      },
    },
  },
};

const investigation: ScriptedStep[] = [
  [
    say(`${REHEARSAL}Checking the field reports for pump station 4.`),
    { tool: 'search_reports', input: { site: 'pump-station-4' } },
  ],
  [
    present(site),
    present(evidence),
    say('A crew can replace the valve; tell me when and who.'),
    present(bookingForm),
  ],
  [
    report(
      `## Pump station 4\n\n${REHEARSAL}Valve **V-12** is stuck at 40% open, which explains the pressure drop. Book the repair below.`,
      ['site', 'booking'],
    ),
  ],
];

function booking(values: Record<string, unknown>): ScriptedStep[] {
  const confirmation: Block = {
    block_id: 'confirmation',
    fallback_text: `Repair booked: ${String(values.window)}, crew of ${String(values.crew)} (rehearsal).`,
    root: 'box',
    elements: {
      box: {
        type: 'Section',
        props: { title: 'Repair booked (rehearsal)' },
        children: ['when', 'crew'],
      },
      when: { type: 'Metric', props: { label: 'Window', value: String(values.window ?? '—') } },
      crew: {
        type: 'Metric',
        props: { label: 'Crew', value: Number(values.crew) || 0, unit: 'people' },
      },
    },
  };
  return [
    [say(`${REHEARSAL}Booking the crew.`), { tool: 'book_crew', input: values }],
    [present(confirmation)],
    [report(`Booked under reference **RH-2041**. ${REHEARSAL}`, ['confirmation'])],
  ];
}

const drillChart = (values: number[]) => ({
  block_id: 'drill-chart',
  fallback_text: 'Pressure at pump station 4 over three readings (rehearsal data).',
  root: 'c',
  elements: {
    c: {
      type: 'Chart',
      props: {
        title: 'Pressure (rehearsal)',
        labels: ['02:00', '02:14', '02:30'],
        series: [{ name: 'bar', values }],
      },
    },
  },
});

const failureDrill: ScriptedStep[] = [
  [
    say(
      `${REHEARSAL}Failure drill: first a chart that breaks the catalog's rules (one value for three labels).`,
    ),
    present(drillChart([3.1])),
  ],
  [
    say(
      'The present_answer tool refused it and told me why, so the page never saw it. Here is the repaired chart.',
    ),
    present(drillChart([3.1, 2.2, 2.9])),
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
