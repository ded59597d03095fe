/*
 * Sample data shared by the stories: conformance cases of the catalog, so the
 * stories show exactly what the validator accepts, and element props. The
 * other sample blocks are in src/test-support/blocks.ts.
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
