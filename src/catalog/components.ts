import * as z from 'zod/mini';
import { CURRENCY_PATTERN, FIELD_NAME_PATTERN, LIMITS } from './limits.js';

/*
 * One strict schema per catalog component. Objects are strict so that no
 * script, handler, URL or action can ride along in an unknown property. What
 * each field is for, the text a model reads, is in `descriptions.ts`: only
 * the JSON Schema export needs it, so a page that validates does not load it.
 *
 * The schemas are built on first use, not when the module loads: they hold
 * about 0.2 MB of heap, which a thread page that never shows a block does
 * not need. Each exported schema is a call marked pure, so a bundle that
 * only validates keeps none of these names and builds the schemas with its
 * first block.
 */

/** The catalog's components, in the order the prompt and the contract list them. */
export const componentNames = [
  'Stack',
  'Section',
  'Text',
  'Metric',
  'Table',
  'Chart',
  'Evidence',
  'MapLocation',
  'FollowUpForm',
] as const;
export type ComponentName = (typeof componentNames)[number];

function buildSchemas() {
  const text = (max: number) => z.string().check(z.maxLength(max));
  const shortText = () => text(LIMITS.maxShortText);
  const longText = () => text(LIMITS.maxLongText);
  const list = <T extends z.ZodMiniType>(item: T, max: number, min = 0) =>
    z.array(item).check(z.minLength(min), z.maxLength(max));
  const currency = () => z.string().check(z.regex(new RegExp(CURRENCY_PATTERN)));

  const StackProps = z.strictObject({
    direction: z.optional(z.enum(['vertical', 'horizontal'])),
    gap: z.optional(z.enum(['none', 'sm', 'md', 'lg'])),
    align: z.optional(z.enum(['start', 'center', 'end', 'stretch'])),
    wrap: z.optional(z.boolean()),
  });

  const SectionProps = z.strictObject({
    title: shortText(),
    subtitle: z.optional(shortText()),
  });

  const TextProps = z.strictObject({
    text: text(LIMITS.maxTextBody),
    variant: z.optional(z.enum(['body', 'heading', 'caption', 'note', 'code'])),
  });

  const MetricProps = z.strictObject({
    label: shortText(),
    value: z.union([z.number(), z.string().check(z.maxLength(64))]),
    format: z.optional(z.enum(['number', 'percent', 'currency', 'compact'])),
    currency: z.optional(currency()),
    unit: z.optional(text(24)),
    delta: z.optional(z.number()),
    good_direction: z.optional(z.enum(['up', 'down'])),
    caption: z.optional(shortText()),
  });

  // Characters counted as Zod's length checks and JSON Schema's count them: an emoji is one.
  const fits = (text: string, max: number) => text.length <= max || [...text].length <= max;
  const isCell = (value: unknown) =>
    value === null ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value)) ||
    (typeof value === 'string' && fits(value, LIMITS.maxLongText));
  /*
   * Tables carry most of a block's bytes, so a cell is one predicate rather
   * than a four-way union: a union's failed branches allocate issues, which
   * tripled the cost of validating a full block.
   */
  const Cell = z.custom<string | number | boolean | null>(isCell, {
    error: `expected a string (at most ${LIMITS.maxLongText} characters), a finite number, a boolean or null`,
  });

  const TableColumn = z.strictObject({
    label: shortText(),
    align: z.optional(z.enum(['start', 'center', 'end'])),
    format: z.optional(z.enum(['text', 'number', 'percent', 'currency', 'date'])),
    currency: z.optional(currency()),
  });

  const TableProps = z.strictObject({
    caption: z.optional(shortText()),
    columns: list(TableColumn, LIMITS.maxTableColumns, 1),
    rows: list(list(Cell, LIMITS.maxTableColumns), LIMITS.maxTableRows),
  });

  const ChartSeries = z.strictObject({
    name: shortText(),
    values: list(z.number(), LIMITS.maxChartLabels),
  });

  const ChartProps = z.strictObject({
    title: shortText(),
    kind: z.optional(z.enum(['line', 'bar'])),
    labels: list(shortText(), LIMITS.maxChartLabels, 1),
    series: list(ChartSeries, LIMITS.maxChartSeries, 1),
    x_label: z.optional(shortText()),
    y_label: z.optional(shortText()),
    unit: z.optional(text(24)),
    stacked: z.optional(z.boolean()),
  });

  const EvidenceItem = z.strictObject({
    source: shortText(),
    excerpt: z.optional(longText()),
    locator: z.optional(shortText()),
    published: z.optional(text(64)),
    ref: z.optional(text(128)),
  });

  const EvidenceProps = z.strictObject({
    title: shortText(),
    summary: z.optional(longText()),
    items: list(EvidenceItem, LIMITS.maxEvidenceItems, 1),
  });

  const MapLocationProps = z.strictObject({
    label: shortText(),
    lat: z.number().check(z.gte(-90), z.lte(90)),
    lng: z.number().check(z.gte(-180), z.lte(180)),
    zoom: z.optional(z.int().check(z.gte(0), z.lte(19))),
    description: z.optional(longText()),
    feature_id: z.optional(text(128)),
  });

  const FormField = z.strictObject({
    name: z.string().check(z.regex(new RegExp(FIELD_NAME_PATTERN))),
    label: shortText(),
    kind: z.enum(['text', 'textarea', 'number', 'select', 'radio', 'checkbox', 'date']),
    required: z.optional(z.boolean()),
    options: z.optional(list(shortText(), LIMITS.maxFieldOptions, 1)),
    min: z.optional(z.number()),
    max: z.optional(z.number()),
    placeholder: z.optional(shortText()),
  });

  const FollowUpFormProps = z.strictObject({
    title: shortText(),
    description: z.optional(longText()),
    fields: list(FormField, LIMITS.maxFormFields, 1),
    submit_label: z.optional(text(40)),
  });

  const componentProps = {
    Stack: StackProps,
    Section: SectionProps,
    Text: TextProps,
    Metric: MetricProps,
    Table: TableProps,
    Chart: ChartProps,
    Evidence: EvidenceProps,
    MapLocation: MapLocationProps,
    FollowUpForm: FollowUpFormProps,
  } as const satisfies Record<ComponentName, z.ZodMiniType>;
  return { componentProps, Cell };
}

type Schemas = ReturnType<typeof buildSchemas>;
let schemas: Schemas | undefined;
/** The catalog's component schemas, built on the first call. */
export const componentSchemas = (): Schemas => (schemas ??= buildSchemas());
const propsOf = <N extends ComponentName>(name: N): Schemas['componentProps'][N] =>
  componentSchemas().componentProps[name];

/** Every component's props schema, by component name. */
export const componentProps = /* @__PURE__ */ (() => componentSchemas().componentProps)();
export const StackProps = /* @__PURE__ */ propsOf('Stack');
export const SectionProps = /* @__PURE__ */ propsOf('Section');
export const TextProps = /* @__PURE__ */ propsOf('Text');
export const MetricProps = /* @__PURE__ */ propsOf('Metric');
export const TableProps = /* @__PURE__ */ propsOf('Table');
export const ChartProps = /* @__PURE__ */ propsOf('Chart');
export const EvidenceProps = /* @__PURE__ */ propsOf('Evidence');
export const MapLocationProps = /* @__PURE__ */ propsOf('MapLocation');
export const FollowUpFormProps = /* @__PURE__ */ propsOf('FollowUpForm');
/** A table cell: a string, a finite number, a boolean or null. */
export const Cell = /* @__PURE__ */ (() => componentSchemas().Cell)();

/** Components that may have `children`. */
export const containerComponents: ReadonlySet<ComponentName> = new Set(['Stack', 'Section']);

export type StackPropsT = z.infer<typeof StackProps>;
export type SectionPropsT = z.infer<typeof SectionProps>;
export type TextPropsT = z.infer<typeof TextProps>;
export type MetricPropsT = z.infer<typeof MetricProps>;
export type TablePropsT = z.infer<typeof TableProps>;
export type TableCell = string | number | boolean | null;
export type TableColumnT = TablePropsT['columns'][number];
export type ChartPropsT = z.infer<typeof ChartProps>;
export type ChartSeriesT = ChartPropsT['series'][number];
export type EvidencePropsT = z.infer<typeof EvidenceProps>;
export type EvidenceItemT = EvidencePropsT['items'][number];
export type MapLocationPropsT = z.infer<typeof MapLocationProps>;
export type FollowUpFormPropsT = z.infer<typeof FollowUpFormProps>;
export type FormFieldT = FollowUpFormPropsT['fields'][number];
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
