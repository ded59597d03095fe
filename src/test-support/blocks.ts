/*
 * The sample blocks of the tests, stories, playground and bench, each defined
 * once. Two blocks stay elsewhere: the library's own idle-time sample
 * (components/block/sample-block.ts) and the catalog's conformance cases
 * (catalog/conformance/blocks.json), which are the contract's.
 */
import type { Block, BlockElement } from '../catalog/index.js';
import { LIMITS } from '../catalog/index.js';

/** The block from the spec: a stack with a metric and a chart. */
export function revenueBlock(revenue = 1_200_000): Block {
  return {
    block_id: 'q3-revenue',
    fallback_text: 'Q3 revenue rose 12% to 1.2 M USD; see table.',
    root: 'main',
    elements: {
      main: {
        type: 'Stack',
        props: { direction: 'vertical', gap: 'md' },
        children: ['kpi', 'trend'],
      },
      kpi: {
        type: 'Metric',
        props: {
          label: 'Revenue',
          value: revenue,
          format: 'currency',
          currency: 'USD',
          delta: 0.12,
        },
      },
      trend: {
        type: 'Chart',
        props: {
          title: 'Monthly revenue',
          kind: 'line',
          labels: ['Jul', 'Aug', 'Sep'],
          series: [{ name: '2025', values: [380000, 400000, revenue / 3] }],
        },
      },
    },
  };
}

/** A block with every stateful component: evidence, a form and a table, no chart or map. */
export function investigationBlock(note = 'Valve 7 stuck half open.'): Block {
  return {
    block_id: 'field-check',
    fallback_text: 'Field check of pump station 4.',
    root: 'root',
    elements: {
      root: {
        type: 'Section',
        props: { title: 'Pump station 4' },
        children: ['summary', 'flows', 'sources', 'ask'],
      },
      summary: { type: 'Text', props: { text: note } },
      flows: {
        type: 'Table',
        props: {
          columns: [{ label: 'Site' }, { label: 'Flow', format: 'number' }],
          rows: [
            ['A', 1],
            ['B', 2],
          ],
        },
      },
      sources: {
        type: 'Evidence',
        props: {
          title: 'Sources',
          items: [{ source: 'Inspection log', excerpt: note, ref: 'doc-1' }],
        },
      },
      ask: {
        type: 'FollowUpForm',
        props: { title: 'Confirm', fields: [{ name: 'crew', label: 'Crew', kind: 'text' }] },
      },
    },
  };
}

/** The revenue block with a chart series shorter than its labels: an update that fails validation. */
export function misalignedRevenueBlock(revenue = 1_500_000) {
  const block = revenueBlock(revenue);
  const trend = block.elements.trend!;
  return {
    ...block,
    elements: {
      ...block.elements,
      trend: { ...trend, props: { ...trend.props, series: [{ name: '2025', values: [1] }] } },
    },
  };
}

/* --- Thread stories --- */

/** A one-line note beside the revenue block, left out of the final report. */
export const sideNoteBlock: Block = {
  block_id: 'side-note',
  fallback_text: 'Side note: the March figure was revised.',
  root: 't',
  elements: {
    t: {
      type: 'Text',
      props: { text: 'Side note: the March figure was revised on 2 October.', variant: 'note' },
    },
  },
};

/** An unknown component: the validator rejects the whole block, and its fallback_text shows instead. */
export const unknownComponentBlock = {
  block_id: 'broken',
  fallback_text: 'Revenue by region could not be shown; Europe led with 46%.',
  root: 'main',
  elements: { main: { type: 'PieChart', props: { slices: [46, 31, 23] } } },
};

/** The repair booking form's fields and button, the same in the repair and incident blocks. */
const bookRepairForm = {
  fields: [
    {
      name: 'window',
      label: 'Window',
      kind: 'radio' as const,
      options: ['Tue 02:00–04:00', 'Sat 06:00–08:00'],
      required: true,
    },
    { name: 'note', label: 'Note for the technician', kind: 'textarea' as const },
  ],
  submit_label: 'Book',
};

/** A section with a note and a form that books the repair of valve V-12 (window and note). */
export const repairFormBlock: Block = {
  block_id: 'book-repair',
  fallback_text: 'A repair of valve V-12 can be booked.',
  root: 'root',
  elements: {
    root: { type: 'Section', props: { title: 'Valve V-12' }, children: ['note', 'form'] },
    note: {
      type: 'Text',
      props: {
        text: 'The valve is stuck at 40% open. A technician can replace it in a two-hour window.',
      },
    },
    form: {
      type: 'FollowUpForm',
      props: {
        title: 'Book the repair',
        ...bookRepairForm,
      },
    },
  },
};

/** A form the agent asks early on, before it knows the site: a select of two stations. */
export const siteQuestionBlock: Block = {
  block_id: 'which-site',
  fallback_text: 'Which pump station?',
  root: 'form',
  elements: {
    form: {
      type: 'FollowUpForm',
      props: {
        title: 'Which pump station?',
        fields: [
          { name: 'site', label: 'Station', kind: 'select', options: ['Station 3', 'Station 4'] },
        ],
      },
    },
  },
};

/** A realistic answer using every component, more content than the conformance case. */
export const incidentReportBlock: Block = {
  block_id: 'pump-4-report',
  fallback_text:
    'Pump station 4 runs 18% under design flow because valve V-12 is stuck; a repair can be booked below.',
  root: 'root',
  elements: {
    root: {
      type: 'Stack',
      props: { gap: 'lg' },
      children: ['intro', 'kpis', 'findings', 'trend', 'place'],
    },
    intro: {
      type: 'Text',
      props: {
        text: 'Pump station 4 has been running under its design flow since March.',
        variant: 'body',
      },
    },
    kpis: {
      type: 'Stack',
      props: { direction: 'horizontal', gap: 'md', wrap: true },
      children: ['flow', 'cost', 'uptime', 'status'],
    },
    flow: {
      type: 'Metric',
      props: {
        label: 'Flow',
        value: 412.5,
        unit: 'm³/h',
        delta: -0.18,
        caption: 'vs. design flow',
      },
    },
    cost: {
      type: 'Metric',
      props: {
        label: 'Energy cost',
        value: 16420,
        format: 'currency',
        currency: 'EUR',
        delta: 0.07,
        good_direction: 'down',
        caption: 'May vs. April',
      },
    },
    uptime: {
      type: 'Metric',
      props: { label: 'Uptime', value: 0.9931, format: 'percent', delta: -0.002 },
    },
    status: { type: 'Metric', props: { label: 'Status', value: 'Degraded' } },
    findings: {
      type: 'Section',
      props: { title: 'Findings', subtitle: 'Inspection of 2 May 2025' },
      children: ['note', 'table', 'evidence'],
    },
    note: {
      type: 'Text',
      props: {
        text: 'Valve V-12 is stuck at 40% open. Replacing it restores the design flow.',
        variant: 'note',
      },
    },
    table: {
      type: 'Table',
      props: {
        caption: 'Pump stations',
        columns: [
          { label: 'Site' },
          { label: 'Flow (m³/h)', format: 'number' },
          { label: 'Share', format: 'percent' },
          { label: 'Cost', format: 'currency', currency: 'EUR' },
          { label: 'Inspected', format: 'date' },
        ],
        rows: [
          ['Pump station 1', 412.5, 0.31, 12800, '2025-04-12'],
          ['Pump station 2', 380, 0.285, 11950.5, '2025-03-30'],
          ['Pump station 4', 541.25, 0.405, 16420, null],
        ],
      },
    },
    evidence: {
      type: 'Evidence',
      props: {
        title: 'Sources',
        summary: 'Both sources place the fault at valve V-12.',
        items: [
          {
            source: 'Inspection log',
            excerpt: 'Valve V-12 stuck at 40% open.',
            locator: 'p. 4',
            published: '2025-05-02',
            ref: 'doc-17',
          },
          {
            source: 'SCADA export, March 2025',
            excerpt: 'Outlet pressure fell from 4.1 to 2.7 bar.',
            locator: 'rows 1180–1214',
            ref: 'scada-2025-03',
          },
        ],
      },
    },
    trend: {
      type: 'Chart',
      props: {
        title: 'Flow by month',
        kind: 'bar',
        labels: ['Jan', 'Feb', 'Mar', 'Apr', 'May'],
        series: [
          { name: 'Design', values: [500, 500, 500, 500, 500] },
          { name: 'Measured', values: [498, 502, 455, 421, 412] },
        ],
        y_label: 'Flow',
        unit: 'm³/h',
      },
    },
    place: {
      type: 'Stack',
      props: { direction: 'horizontal', gap: 'md', align: 'start', wrap: true },
      children: ['map', 'form'],
    },
    map: {
      type: 'MapLocation',
      props: {
        label: 'Pump station 4',
        lat: 52.5163,
        lng: 13.3777,
        zoom: 15,
        description: 'Valve room behind the generator.',
        feature_id: 'pump-4',
      },
    },
    form: {
      type: 'FollowUpForm',
      props: {
        title: 'Book the repair',
        description: 'Pick a window; the hospital district is informed automatically.',
        ...bookRepairForm,
      },
    },
  },
};

/* --- MCP App story --- */

/** A lone form with one required select: the crew for pump station 4. */
export const crewQuestionBlock: Block = {
  block_id: 'crew',
  fallback_text: 'Which crew goes to pump station 4?',
  root: 'ask',
  elements: {
    ask: {
      type: 'FollowUpForm',
      props: {
        title: 'Crew for pump station 4',
        fields: [
          {
            name: 'crew',
            label: 'Crew',
            kind: 'select',
            options: ['Blue', 'Red'],
            required: true,
          },
        ],
      },
    },
  },
};

/* --- Playground rehearsal (every figure invented, and each block says so) --- */

/** Monthly revenue, July to December, as a line chart: `values` changes as bookings come in. */
export function rehearsalRevenueTrendBlock(values: number[]): Block {
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

/** Three metrics in a row: revenue, churn and new accounts. */
export const rehearsalKpisBlock: Block = {
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

/** Revenue by region, as a table of three rows. */
export const rehearsalRegionsBlock: Block = {
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

/** Pump station 4 on a map. */
export const rehearsalSiteBlock: Block = {
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

/** Two field reports that point at valve V-12. */
export const rehearsalEvidenceBlock: Block = {
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

/** A lone form that books the valve repair: window, crew size and a note. */
export const rehearsalBookingFormBlock: Block = {
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

/** The confirmation of a submitted booking form: the window and the crew it booked. */
export function rehearsalConfirmationBlock(values: Record<string, unknown>): Block {
  return {
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
}

/** Pressure over three readings: `values` of another length than the labels breaks the catalog's rules. */
export const rehearsalPressureChartBlock = (values: number[]): Block => ({
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

/* --- Playground resume test --- */

/** Monthly revenue, July to September, as a lone line chart (test data). */
export const q3TrendChartBlock: Block = {
  block_id: 'q3-trend',
  fallback_text: 'Monthly revenue, July to September: 380k, 400k, 420k USD (test data).',
  root: 'chart',
  elements: {
    chart: {
      type: 'Chart',
      props: {
        title: 'Monthly revenue',
        kind: 'line',
        labels: ['Jul', 'Aug', 'Sep'],
        series: [{ name: '2025', values: [380_000, 400_000, 420_000] }],
      },
    },
  },
};

/* --- Bench --- */

/**
 * A maximal valid block: 48 elements (root, sections, metrics, tables, text
 * and charts) grown to just under the 100 KB limit. `version` changes one
 * metric's value, as an agent's in-place update would.
 */
export function maximalBlock({
  charts = true,
  version = 0,
  targetBytes = LIMITS.maxBlockBytes - 2_000,
} = {}): Block {
  const elements: Record<string, BlockElement> = {};
  const sections = ['s0', 's1', 's2', 's3'];
  elements.root = {
    type: 'Stack',
    props: { direction: 'vertical', gap: 'md' },
    children: sections,
  };
  const leaves: string[][] = sections.map(() => []);
  let n = 0;
  const add = (element: BlockElement) => {
    const id = `e${n}`;
    elements[id] = element;
    leaves[n % sections.length]!.push(id);
    n++;
  };
  for (let i = 0; i < 43; i++) {
    const kind = i % 4;
    if (kind === 0)
      add({
        type: 'Metric',
        props: {
          label: `Metric ${i}`,
          value: i === 0 ? 1000 + version : 1000 * i,
          format: 'number',
          delta: 0.05,
          caption: 'vs. last month',
        },
      });
    else if (kind === 1)
      add({
        type: 'Table',
        props: {
          caption: `Table ${i}`,
          columns: [
            { label: 'Site' },
            { label: 'Flow', format: 'number' },
            { label: 'Share', format: 'percent' },
            { label: 'OK' },
          ],
          rows: [],
        },
      });
    else if (kind === 2 && charts && i % 8 === 2)
      add({
        type: 'Chart',
        props: {
          title: `Chart ${i}`,
          kind: 'line',
          labels: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'],
          series: [{ name: 'A', values: [1, 2, 3, 4, 5, 6] }],
        },
      });
    else add({ type: 'Text', props: { text: `Paragraph ${i}. `.repeat(8) } });
  }
  sections.forEach((id, i) => {
    elements[id] = { type: 'Section', props: { title: `Section ${i + 1}` }, children: leaves[i]! };
  });
  const block: Block = {
    block_id: 'maximal',
    fallback_text: 'A large report.',
    root: 'root',
    elements,
  };
  // Grow the tables row by row until the block is close to the byte limit.
  const tables = Object.values(elements).filter((e) => e.type === 'Table');
  let row = 0;
  while (JSON.stringify(block).length < targetBytes - 200) {
    const table = tables[row % tables.length]!;
    if (table.type === 'Table')
      table.props.rows.push([`Site ${row}`, row * 1.5, (row % 100) / 100, row % 2 === 0]);
    row++;
  }
  return block;
}
