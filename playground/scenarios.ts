/*
 * Scripted rehearsal scenarios for the playground's demo agent. Every
 * figure here is invented and every answer says so: these exercise the UI,
 * they are not analyses. Blocks go through the same part writers a real
 * agent uses, so they are validated on the way out like real ones.
 */
import type { Block } from '../src/catalog/index.js';
import { writeBlock, writeFinalAnswer, type PartWriter } from '../src/agent/index.js';

export interface ScenarioContext {
  writer: PartWriter;
  /** Waits between parts, so the answer streams at a readable pace. */
  pause(ms?: number): Promise<void>;
  /** Cuts the connection, as a network failure would. */
  drop(): void;
}

type Scenario = (context: ScenarioContext) => Promise<void>;

let counter = 0;
const nextId = (prefix: string) => `${prefix}-${++counter}`;

async function say({ writer, pause }: ScenarioContext, text: string) {
  const id = nextId('text');
  writer.write({ type: 'text-start', id });
  for (const word of text.match(/\S+\s*/g) ?? []) {
    writer.write({ type: 'text-delta', id, delta: word });
    await pause(25);
  }
  writer.write({ type: 'text-end', id });
}

async function step({ writer, pause }: ScenarioContext, name: string, input: unknown, output: unknown) {
  const toolCallId = nextId('call');
  writer.write({ type: 'tool-input-start', toolCallId, toolName: name });
  writer.write({ type: 'tool-input-available', toolCallId, toolName: name, input });
  await pause(300);
  writer.write({ type: 'tool-output-available', toolCallId, output });
}

function block(context: ScenarioContext, value: Block) {
  const result = writeBlock(context.writer, value);
  if (!result.ok) throw new Error(`scenario block is invalid: ${JSON.stringify(result.errors)}`);
}

const REHEARSAL = '*Rehearsal data — every figure below is invented to show the interface.*\n\n';

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

const analysis: Scenario = async (context) => {
  await say(context, `${REHEARSAL}Let me pull the quarter's figures first.`);
  await step(context, 'query_sales', { period: 'H2' }, { rows: 6 });
  block(context, {
    block_id: 'kpis',
    fallback_text: 'Revenue 1.24 M USD (+12%), churn 3.1%, 184 new accounts (rehearsal data).',
    root: 'row',
    elements: {
      row: { type: 'Stack', props: { direction: 'horizontal', gap: 'md' }, children: ['revenue', 'churn', 'accounts'] },
      revenue: { type: 'Metric', props: { label: 'Revenue', value: 1_240_000, format: 'currency', currency: 'USD', delta: 0.12, caption: 'vs. H1' } },
      churn: { type: 'Metric', props: { label: 'Churn', value: 0.031, format: 'percent', delta: -0.08, good_direction: 'down' } },
      accounts: { type: 'Metric', props: { label: 'New accounts', value: 184, delta: 0.05 } },
    },
  });
  await context.pause(400);
  await say(context, 'Here is the monthly trend; December is still being booked, so it will change.');
  block(context, trend([180, 195, 205, 210, 215, 120]));
  await context.pause(700);
  block(context, trend([180, 195, 205, 210, 215, 190]));
  await context.pause(700);
  block(context, trend([180, 195, 205, 210, 215, 236]));
  await say(context, 'And the regions behind it:');
  block(context, {
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
  });
  writeFinalAnswer(
    context.writer,
    {
      text: `## Second half in short\n\n${REHEARSAL}Revenue rose **12%** to 1.24 M USD while churn fell to 3.1%. December closed at 236 k USD once bookings were in; North led with 42% of revenue.`,
      ui_block_ids: ['kpis', 'revenue-trend'],
    },
    ['kpis', 'revenue-trend', 'regions'],
  );
};

const investigation: Scenario = async (context) => {
  await say(context, `${REHEARSAL}Checking the field reports for pump station 4.`);
  await step(context, 'search_reports', { site: 'pump-station-4' }, { found: 2 });
  block(context, {
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
  });
  block(context, {
    block_id: 'evidence',
    fallback_text: 'Two reports: valve V-12 stuck at 40% open; pressure drop at 02:14 (rehearsal data).',
    root: 'list',
    elements: {
      list: {
        type: 'Evidence',
        props: {
          title: 'What the reports say',
          summary: 'Both point at valve V-12.',
          items: [
            { source: 'Inspection log (rehearsal)', excerpt: 'Valve V-12 stuck at about 40% open.', locator: 'p. 4', published: '2025-05-02', ref: 'log-17' },
            { source: 'Pressure sensor P4-2 (rehearsal)', excerpt: 'Pressure drop from 3.1 to 2.2 bar at 02:14.', locator: 'Channel 2' },
          ],
        },
      },
    },
  });
  await say(context, 'A crew can replace the valve; tell me when and who.');
  block(context, {
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
            { name: 'window', label: 'Window', kind: 'radio', options: ['Tue 02:00–04:00', 'Sat 06:00–08:00'], required: true },
            { name: 'crew', label: 'Crew size', kind: 'number', min: 1, max: 6, required: true },
            { name: 'note', label: 'Note for the technician', kind: 'textarea' },
          ],
        },
      },
    },
  });
  writeFinalAnswer(
    context.writer,
    {
      text: `## Pump station 4\n\n${REHEARSAL}Valve **V-12** is stuck at 40% open, which explains the pressure drop. Book the repair below.`,
      ui_block_ids: ['site', 'booking'],
    },
    ['site', 'evidence', 'booking'],
  );
};

const booking =
  (values: Record<string, unknown>): Scenario =>
  async (context) => {
    await say(context, `${REHEARSAL}Booking the crew.`);
    await step(context, 'book_crew', values, { confirmation: 'RH-2041' });
    block(context, {
      block_id: 'confirmation',
      fallback_text: `Repair booked: ${String(values.window)}, crew of ${String(values.crew)} (rehearsal).`,
      root: 'box',
      elements: {
        box: { type: 'Section', props: { title: 'Repair booked (rehearsal)' }, children: ['when', 'crew'] },
        when: { type: 'Metric', props: { label: 'Window', value: String(values.window ?? '—') } },
        crew: { type: 'Metric', props: { label: 'Crew', value: Number(values.crew) || 0, unit: 'people' } },
      },
    });
    writeFinalAnswer(context.writer, { text: `Booked under reference **RH-2041**. ${REHEARSAL}`, ui_block_ids: ['confirmation'] }, ['confirmation']);
  };

const failureDrill: Scenario = async (context) => {
  await say(context, `${REHEARSAL}Failure drill: next comes a block that breaks the catalog's rules.`);
  // Written directly, bypassing the writer's validation: the browser must catch it.
  context.writer.write({
    type: 'data-answer_ui',
    id: 'broken',
    data: {
      block_id: 'broken',
      fallback_text: 'A chart that could not be shown: its series did not match its labels.',
      root: 'c',
      elements: { c: { type: 'Chart', props: { title: 'Broken', labels: ['a', 'b', 'c'], series: [{ name: 's', values: [1] }] } } },
    },
  });
  await say(context, 'The block above shows its fallback text instead. Now the connection drops mid-sentence, and what arrived stays on screen');
  await context.pause(300);
  context.drop();
};

const help: Scenario = async (context) => {
  await say(
    context,
    `This playground runs a scripted demo agent (rehearsal data). Try:\n\n- **"Analyse the second half"**: metrics, a chart updated in place twice, a table, a final report\n- **"Check pump station 4"**: a map, evidence and a form; submit the form for a second turn\n- **"Run the failure drill"**: an invalid block and a dropped connection\n\nSet \`ANSWER_UI_MODEL\`, \`ANSWER_UI_BASE_URL\` and \`ANSWER_UI_API_KEY\` to talk to a real model instead.`,
  );
};

/** Picks a scenario for the last user message: `data` holds a form submission, if any. */
export function chooseScenario(text: string, data: unknown): Scenario {
  const form = data as { values?: Record<string, unknown>; blockId?: string } | undefined;
  if (form?.blockId === 'booking' && form.values) return booking(form.values);
  if (/fail|drill|error|break/i.test(text)) return failureDrill;
  if (/pump|field|investigat|site|map|valve/i.test(text)) return investigation;
  if (/analy|revenue|sales|data|half|quarter|chart/i.test(text)) return analysis;
  return help;
}
