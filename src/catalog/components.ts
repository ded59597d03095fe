import * as z from 'zod/mini';
import { CURRENCY_PATTERN, FIELD_NAME_PATTERN, LIMITS } from './limits.js';

/*
 * One strict schema per catalog component. Every field is described: the
 * descriptions become the JSON Schema and prompt text a model reads, so they
 * say what a field is for, not just its type. Objects are strict so that no
 * script, handler, URL or action can ride along in an unknown property.
 */

const text = (max: number, description: string) => z.string().check(z.maxLength(max), z.describe(description));
const shortText = (description: string) => text(LIMITS.maxShortText, description);
const longText = (description: string) => text(LIMITS.maxLongText, description);
const finite = (description: string) => z.number().check(z.describe(description));
const choice = <const T extends readonly [string, ...string[]]>(values: T, description: string) => z.enum(values).check(z.describe(description));
const list = <T extends z.ZodMiniType>(item: T, max: number, description: string, min = 0) =>
  z.array(item).check(z.minLength(min), z.maxLength(max), z.describe(description));
const currency = (description: string) => z.string().check(z.regex(new RegExp(CURRENCY_PATTERN)), z.describe(description));

export const StackProps = z
  .strictObject({
    direction: z.optional(
      choice(['vertical', 'horizontal'], 'Lay children out top to bottom (default) or side by side. Horizontal stacks wrap to one column on narrow screens.'),
    ),
    gap: z.optional(choice(['none', 'sm', 'md', 'lg'], 'Space between children; default md.')),
    align: z.optional(choice(['start', 'center', 'end', 'stretch'], 'Cross-axis alignment of children; default stretch.')),
    wrap: z.optional(z.boolean().check(z.describe('Let a horizontal stack wrap its children onto several lines.'))),
  })
  .check(z.describe('Layout container: arranges its children vertically or horizontally.'));

export const SectionProps = z
  .strictObject({
    title: shortText('Heading of the group.'),
    subtitle: z.optional(shortText('One line under the heading.')),
  })
  .check(z.describe('A titled group of related children.'));

export const TextProps = z
  .strictObject({
    text: text(LIMITS.maxTextBody, 'Plain text; newlines are kept. Never parsed as HTML or markdown.'),
    variant: z.optional(
      choice(['body', 'heading', 'caption', 'note', 'code'], 'Typographic role; default body. "code" is monospace, "note" a highlighted remark.'),
    ),
  })
  .check(z.describe('A paragraph of plain text.'));

export const MetricProps = z
  .strictObject({
    label: shortText('What is measured, e.g. "Revenue".'),
    value: z
      .union([z.number(), z.string().check(z.maxLength(64))])
      .check(z.describe("The figure: a finite number (formatted for the reader's locale) or a short preformatted string.")),
    format: z.optional(
      choice(['number', 'percent', 'currency', 'compact'], 'How a numeric value is shown; percent expects a fraction (0.12 = 12%); currency needs `currency`.'),
    ),
    currency: z.optional(currency('ISO 4217 code for format "currency", e.g. "USD".')),
    unit: z.optional(text(24, 'Unit shown after the value, e.g. "ms" or "m³/h".')),
    delta: z.optional(finite('Change against the comparison period as a fraction: 0.12 is shown as +12%.')),
    good_direction: z.optional(choice(['up', 'down'], 'Whether a rising value is good (up, default) or bad (down); colours the delta.')),
    caption: z.optional(shortText('Context for the figure, e.g. "vs. Q2".')),
  })
  .check(z.describe('One key figure with an optional change indicator.'));

const isCell = (value: unknown) =>
  value === null ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value)) ||
  (typeof value === 'string' && value.length <= LIMITS.maxLongText);
/*
 * Tables carry most of a block's bytes, so a cell is one predicate rather
 * than a four-way union: a union's failed branches allocate issues, which
 * tripled the cost of validating a full block.
 */
const Cell = z.custom<string | number | boolean | null>(isCell, {
  error: `expected a string (at most ${LIMITS.maxLongText} characters), a finite number, a boolean or null`,
});

/** JSON Schema for the schemas Zod cannot express by itself. */
export const customJsonSchemas = new Map<unknown, Record<string, unknown>>([
  [
    Cell,
    {
      description: 'A cell: string, finite number, boolean or null for empty.',
      anyOf: [{ type: 'string', maxLength: LIMITS.maxLongText }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }],
    },
  ],
]);

const TableColumn = z
  .strictObject({
    label: shortText('Column heading.'),
    align: z.optional(choice(['start', 'center', 'end'], 'Horizontal alignment; numbers default to end.')),
    format: z.optional(
      choice(['text', 'number', 'percent', 'currency', 'date'], 'How cells are shown; percent expects fractions; date expects ISO 8601 strings.'),
    ),
    currency: z.optional(currency('ISO 4217 code for format "currency".')),
  })
  .check(z.describe('A table column.'));

export const TableProps = z
  .strictObject({
    caption: z.optional(shortText('What the table shows; read out by screen readers.')),
    columns: list(TableColumn, LIMITS.maxTableColumns, 'Columns, left to right (in reading order).', 1),
    rows: list(list(Cell, LIMITS.maxTableColumns, 'One row: exactly one cell per column, in column order.'), LIMITS.maxTableRows, 'Data rows.'),
  })
  .check(z.describe('A data table the reader can sort by column.'));

const ChartSeries = z
  .strictObject({
    name: shortText('Series name shown in the legend.'),
    values: list(finite('A data point.'), LIMITS.maxChartLabels, 'One finite number per label, in label order.'),
  })
  .check(z.describe('One data series.'));

export const ChartProps = z
  .strictObject({
    title: shortText('Chart title.'),
    kind: z.optional(choice(['line', 'bar'], 'Initial chart type; default line. The reader can switch to bar or a data table.')),
    labels: list(shortText('Category or x-axis label.'), LIMITS.maxChartLabels, 'Categories along the x axis.', 1),
    series: list(ChartSeries, LIMITS.maxChartSeries, 'Data series; each has exactly as many values as there are labels.', 1),
    x_label: z.optional(shortText('Title of the x axis.')),
    y_label: z.optional(shortText('Title of the y axis.')),
    unit: z.optional(text(24, 'Unit of the values, shown on the axis and in tooltips.')),
    stacked: z.optional(z.boolean().check(z.describe('Stack the series on top of each other.'))),
  })
  .check(z.describe('A line or bar chart with a data-table view.'));

const EvidenceItem = z
  .strictObject({
    source: shortText('Name of the source, e.g. a document or dataset title. Always shown.'),
    excerpt: z.optional(longText('The quoted passage or observation.')),
    locator: z.optional(shortText('Where in the source: page, section, row.')),
    published: z.optional(text(64, 'When the source was published, preferably an ISO 8601 date.')),
    ref: z.optional(text(128, 'Opaque id the host application resolves to open the source; never a URL.')),
  })
  .check(z.describe('One piece of evidence.'));

export const EvidenceProps = z
  .strictObject({
    title: shortText('Heading of the evidence list.'),
    summary: z.optional(longText('One or two sentences on what the evidence shows.')),
    items: list(EvidenceItem, LIMITS.maxEvidenceItems, 'The evidence items, each naming its source.', 1),
  })
  .check(z.describe('Collapsible list of sourced evidence.'));

export const MapLocationProps = z
  .strictObject({
    label: shortText('Name of the place.'),
    lat: z.number().check(z.gte(-90), z.lte(90), z.describe('Latitude in degrees (WGS 84).')),
    lng: z.number().check(z.gte(-180), z.lte(180), z.describe('Longitude in degrees (WGS 84).')),
    zoom: z.optional(z.int().check(z.gte(0), z.lte(19), z.describe('Map zoom level 0-19; default 13.'))),
    description: z.optional(longText('What is at this place and why it matters.')),
    feature_id: z.optional(text(128, "Id of the feature in the host application's own map, passed on when the reader asks to locate it.")),
  })
  .check(z.describe('A single place on a map, with a "locate" action for the host map.'));

const FormField = z
  .strictObject({
    name: z
      .string()
      .check(
        z.regex(new RegExp(FIELD_NAME_PATTERN)),
        z.describe('Key of the value in the submission; unique within the form; lowercase letters, digits, underscore.'),
      ),
    label: shortText('Question shown to the reader.'),
    kind: choice(['text', 'textarea', 'number', 'select', 'radio', 'checkbox', 'date'], 'Input type.'),
    required: z.optional(z.boolean().check(z.describe('The reader must answer before submitting.'))),
    options: z.optional(list(shortText('A choice.'), LIMITS.maxFieldOptions, 'Choices; only and always for select and radio.', 1)),
    min: z.optional(finite('Smallest allowed value (number fields).')),
    max: z.optional(finite('Largest allowed value (number fields).')),
    placeholder: z.optional(shortText('Hint shown in an empty text, textarea or number field.')),
  })
  .check(z.describe('One form field. Fields start empty: there are no default values.'));

export const FollowUpFormProps = z
  .strictObject({
    title: shortText('Heading of the form.'),
    description: z.optional(longText('Why the answers are needed.')),
    fields: list(FormField, LIMITS.maxFormFields, 'The fields, in order.', 1),
    submit_label: z.optional(text(40, 'Label of the submit button; default "Submit".')),
  })
  .check(z.describe('A short form the reader may fill in and submit; the submission becomes their next message.'));

/** Every component's props schema, by component name. */
export const componentProps = {
  Stack: StackProps,
  Section: SectionProps,
  Text: TextProps,
  Metric: MetricProps,
  Table: TableProps,
  Chart: ChartProps,
  Evidence: EvidenceProps,
  MapLocation: MapLocationProps,
  FollowUpForm: FollowUpFormProps,
} as const;

export type ComponentName = keyof typeof componentProps;
export const componentNames = Object.keys(componentProps) as ComponentName[];

/** Components that may have `children`. */
export const containerComponents: ReadonlySet<ComponentName> = new Set(['Stack', 'Section']);

export type StackPropsT = z.infer<typeof StackProps>;
export type SectionPropsT = z.infer<typeof SectionProps>;
export type TextPropsT = z.infer<typeof TextProps>;
export type MetricPropsT = z.infer<typeof MetricProps>;
export type TablePropsT = z.infer<typeof TableProps>;
export type TableCell = string | number | boolean | null;
export type TableColumnT = z.infer<typeof TableColumn>;
export type ChartPropsT = z.infer<typeof ChartProps>;
export type ChartSeriesT = z.infer<typeof ChartSeries>;
export type EvidencePropsT = z.infer<typeof EvidenceProps>;
export type EvidenceItemT = z.infer<typeof EvidenceItem>;
export type MapLocationPropsT = z.infer<typeof MapLocationProps>;
export type FollowUpFormPropsT = z.infer<typeof FollowUpFormProps>;
export type FormFieldT = z.infer<typeof FormField>;
/** One answer of a submitted FollowUpForm field (text, number, checkbox state, or nothing). */
export type FormValue = string | number | boolean | null;

/** Props of each component, by name. */
export interface ComponentPropsMap {
  Stack: StackPropsT;
  Section: SectionPropsT;
  Text: TextPropsT;
  Metric: MetricPropsT;
  Table: TablePropsT;
  Chart: ChartPropsT;
  Evidence: EvidencePropsT;
  MapLocation: MapLocationPropsT;
  FollowUpForm: FollowUpFormPropsT;
}
