/*
 * Sample data shared by the stories. Blocks come from the catalog's
 * conformance cases so the stories show exactly what the validator accepts.
 */
import conformance from '../src/catalog/conformance/blocks.json';
import type {
  ChartSeriesT,
  EvidenceItemT,
  FormFieldT,
  TableCell,
  TableColumnT,
} from '../src/catalog/index.js';
import type { FormValue } from '../src/index.js';

interface ConformanceCase {
  name: string;
  input: unknown;
}

/** The input of the named conformance case (a block object or JSON text). */
export function conformanceBlock(name: string): unknown {
  const found = (conformance.cases as ConformanceCase[]).find((c) => c.name === name);
  if (!found) throw new Error(`stories: no conformance case named "${name}"`);
  // A copy: controls and components must never mutate the shared JSON module.
  return JSON.parse(JSON.stringify(found.input));
}

/** Local tile served from stories/assets (see staticDirs in .storybook/main.ts); never the network. */
export const LOCAL_TILES = {
  tileUrl: './assets/tile.png?{z}/{x}/{y}',
  attribution: 'Local test tile (stories/assets/tile.png)',
  maxZoom: 19,
};

/* --- Table --- */

export const flowColumns: TableColumnT[] = [
  { label: 'Site' },
  { label: 'Flow (m³/h)', format: 'number' },
  { label: 'Share', format: 'percent' },
  { label: 'Cost', format: 'currency', currency: 'EUR' },
  { label: 'Inspected', format: 'date' },
  { label: 'Online', align: 'center' },
];

export const flowRows: TableCell[][] = [
  ['Pump station 1', 412.5, 0.31, 12800, '2025-04-12', true],
  ['Pump station 2', 380, 0.285, 11950.5, '2025-03-30', true],
  ['Pump station 3', 0, 0, 4100, '2025-05-02', false],
  ['Pump station 4', 541.25, 0.405, 16420, null, true],
  ['Reservoir north', null, null, 980, '2024-12-18', null],
];

const SITES = [
  'Aachen',
  'Bergen',
  'Cádiz',
  'Dijon',
  'Espoo',
  'Faro',
  'Graz',
  'Haarlem',
  'Izmir',
  'Jena',
];

/** 12 columns, so the table is wider than a narrow screen. */
export const wideColumns: TableColumnT[] = [
  { label: '#', format: 'number' },
  { label: 'Site' },
  { label: 'Region' },
  { label: 'Flow', format: 'number' },
  { label: 'Pressure (bar)', format: 'number' },
  { label: 'Uptime', format: 'percent' },
  { label: 'Energy cost', format: 'currency', currency: 'USD' },
  { label: 'Maintenance', format: 'currency', currency: 'USD' },
  { label: 'Last inspection', format: 'date' },
  { label: 'Next inspection', format: 'date' },
  { label: 'Alarm' },
  { label: 'Notes' },
];

/** 40 rows × 12 columns of deterministic data. */
export const longRows: TableCell[][] = Array.from({ length: 40 }, (_, i) => {
  const n = i + 1;
  const month = String((i % 12) + 1).padStart(2, '0');
  const day = String((i % 27) + 1).padStart(2, '0');
  return [
    n,
    `${SITES[i % SITES.length]} ${Math.floor(i / SITES.length) + 1}`,
    ['North', 'South', 'East', 'West'][i % 4]!,
    Math.round(((n * 37) % 500) * 10) / 10 + 20,
    Math.round((2 + ((n * 13) % 40) / 10) * 100) / 100,
    0.9 + ((n * 7) % 100) / 1000,
    1000 + ((n * 997) % 9000),
    n % 5 === 0 ? null : 200 + ((n * 331) % 2000),
    `2025-${month}-${day}`,
    `2026-${month}-${day}`,
    n % 7 === 0,
    n % 9 === 0
      ? 'Valve replaced after a pressure drop was reported by the night shift; follow-up due.'
      : '',
  ];
});

/* --- Chart --- */

export const months = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

export const revenueSeries: ChartSeriesT[] = [
  { name: '2024', values: [310, 325, 340, 338, 360, 372, 380, 395, 410, 405, 420, 446] },
  { name: '2025', values: [350, 362, 371, 390, 402, 418, 431, 440, 452, 470, 488, 505] },
];

export const channelSeries: ChartSeriesT[] = [
  { name: 'Online', values: [120, 132, 128, 140, 151, 160] },
  { name: 'Retail', values: [90, 88, 94, 97, 93, 99] },
  { name: 'Partners', values: [40, 46, 52, 49, 58, 63] },
  { name: 'Wholesale', values: [30, 28, 35, 33, 31, 36] },
];

export const manySeries: ChartSeriesT[] = Array.from({ length: 8 }, (_, s) => ({
  name: `Sensor ${s + 1}`,
  values: months.map((_, m) => Math.round(50 + 30 * Math.sin((m + s) / 2) + s * 8)),
}));

/* --- Evidence --- */

export const evidenceItems: EvidenceItemT[] = [
  {
    source: 'Inspection log, pump station 4',
    excerpt: 'Valve V-12 found stuck at 40% open; flow limited until replaced.',
    locator: 'p. 4',
    published: '2025-05-02',
    ref: 'doc-17',
  },
  {
    source: 'SCADA export, March 2025',
    excerpt: 'Pressure at the outlet dropped from 4.1 bar to 2.7 bar between 02:10 and 02:40.',
    locator: 'rows 1180–1214',
    published: '2025-03-31',
    ref: 'dataset-scada-2025-03',
  },
  { source: 'Maintenance handbook', locator: 'section 7.3', ref: 'doc-3' },
  { source: 'Phone call with the night-shift operator (no document)' },
];

/* --- Follow-up form --- */

export const everyKindFields: FormFieldT[] = [
  {
    name: 'site',
    label: 'Which site?',
    kind: 'select',
    options: ['Pump station 1', 'Pump station 2', 'Pump station 4'],
    required: true,
  },
  {
    name: 'priority',
    label: 'Priority',
    kind: 'radio',
    options: ['Low', 'Normal', 'Urgent'],
    required: true,
  },
  {
    name: 'flow',
    label: 'Expected flow (m³/h)',
    kind: 'number',
    min: 0,
    max: 1000,
    placeholder: 'e.g. 400',
  },
  { name: 'contact', label: 'Contact name', kind: 'text', placeholder: 'Who should we call back?' },
  { name: 'visit', label: 'Preferred visit date', kind: 'date' },
  {
    name: 'details',
    label: 'Anything else?',
    kind: 'textarea',
    placeholder: 'Symptoms, access notes…',
  },
  { name: 'confirm', label: 'I confirm the site can be shut down for two hours', kind: 'checkbox' },
];

export const everyKindSubmission: Record<string, FormValue> = {
  site: 'Pump station 4',
  priority: 'Urgent',
  flow: 412.5,
  contact: 'Dana Okafor',
  visit: '2025-06-03',
  details: 'Gate code 4417.\nThe valve room is behind the generator.',
  confirm: true,
};

/* --- Blocks --- */

/** A realistic answer using every component, more content than the conformance case. */
export const incidentReport = {
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
        fields: [
          {
            name: 'window',
            label: 'Window',
            kind: 'radio',
            options: ['Tue 02:00–04:00', 'Sat 06:00–08:00'],
            required: true,
          },
          { name: 'note', label: 'Note for the technician', kind: 'textarea' },
        ],
        submit_label: 'Book',
      },
    },
  },
};
