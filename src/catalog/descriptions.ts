import * as z from 'zod/mini';
import {
  BlockId,
  BlockSchema,
  ElementId,
  ElementSchema,
  FallbackText,
  FinalAnswerSchema,
} from './block.js';
import { componentProps, type ComponentName } from './components.js';
import { LIMITS } from './limits.js';

/*
 * What every schema is for, in the words a model reads: the JSON Schema of
 * the `present_answer` and `final_answer` tools and the catalog prompt are
 * made from these. They say what a field means, not just its type. They live
 * apart from the schemas because only the JSON Schema export reads them: a
 * page that only validates and renders blocks does not load this text.
 */

type Schema = z.core.$ZodType;
type Described = { description: string };

/** Where a description belongs: on the schema inside `optional`, where the exported JSON Schema shows it. */
const unwrap = (schema: Schema): Schema =>
  schema._zod.def.type === 'optional'
    ? unwrap((schema._zod.def as z.core.$ZodOptionalDef).innerType)
    : schema;
const itemOf = (schema: Schema): Schema => (unwrap(schema)._zod.def as z.core.$ZodArrayDef).element;
const shapeOf = (schema: Schema) =>
  (unwrap(schema) as z.ZodMiniObject).shape as Record<string, Schema>;

type Fields<S> = S extends z.ZodMiniObject<infer Shape> ? { [K in keyof Shape]: string } : never;

let registry: z.core.$ZodRegistry<Described> | undefined;

/** The registry of every catalog schema's description, for `z.toJSONSchema(schema, { metadata })`. */
export function catalogDescriptions(): z.core.$ZodRegistry<Described> {
  return (registry ??= describeCatalog());
}

function describeCatalog(): z.core.$ZodRegistry<Described> {
  const described = z.registry<Described>();
  const say = (schema: Schema, description: string) =>
    void described.add(unwrap(schema), { description });
  /** An object and each of its fields; the type asks for every field, so none goes undescribed. */
  const object = <S extends z.ZodMiniObject>(
    schema: S | Schema,
    description: string,
    fields: Fields<S>,
  ) => {
    say(schema, description);
    const shape = shapeOf(schema);
    for (const [key, text] of Object.entries(fields as Record<string, string>))
      say(shape[key]!, text);
    return shape;
  };
  const props = componentProps;

  object(props.Stack, 'Layout container: arranges its children vertically or horizontally.', {
    direction:
      'Lay children out top to bottom (default) or side by side. Horizontal stacks wrap to one column on narrow screens.',
    gap: 'Space between children; default md.',
    align: 'Cross-axis alignment of children; default stretch.',
    wrap: 'Let a horizontal stack wrap its children onto several lines.',
  });
  object(props.Section, 'A titled group of related children.', {
    title: 'Heading of the group.',
    subtitle: 'One line under the heading.',
  });
  object(props.Text, 'A paragraph of plain text.', {
    text: 'Plain text; newlines are kept. Never parsed as HTML or markdown.',
    variant: 'Typographic role; default body. "code" is monospace, "note" a highlighted remark.',
  });
  object(props.Metric, 'One key figure with an optional change indicator.', {
    label: 'What is measured, e.g. "Revenue".',
    value:
      "The figure: a finite number (formatted for the reader's locale) or a short preformatted string.",
    format:
      'How a numeric value is shown; percent expects a fraction (0.12 = 12%); currency needs `currency`.',
    currency: 'ISO 4217 code for format "currency", e.g. "USD".',
    unit: 'Unit shown after the value, e.g. "ms" or "m³/h".',
    delta: 'Change against the comparison period as a fraction: 0.12 is shown as +12%.',
    good_direction:
      'Whether a rising value is good (up, default) or bad (down); colours the delta.',
    caption: 'Context for the figure, e.g. "vs. Q2".',
  });

  const table = object(props.Table, 'A data table the reader can sort by column.', {
    caption: 'What the table shows; read out by screen readers.',
    columns: 'Columns, left to right (in reading order).',
    rows: 'Data rows.',
  });
  object(itemOf(table.columns!), 'A table column.', {
    label: 'Column heading.',
    align: 'Horizontal alignment; numbers default to end.',
    format: 'How cells are shown; percent expects fractions; date expects ISO 8601 strings.',
    currency: 'ISO 4217 code for format "currency".',
  });
  say(itemOf(table.rows!), 'One row: exactly one cell per column, in column order.');

  const chart = object(props.Chart, 'A line or bar chart with a data-table view.', {
    title: 'Chart title.',
    kind: 'Initial chart type; default line. The reader can switch to bar or a data table.',
    labels: 'Categories along the x axis.',
    series: 'Data series; each has exactly as many values as there are labels.',
    x_label: 'Title of the x axis.',
    y_label: 'Title of the y axis.',
    unit: 'Unit of the values, shown on the axis and in tooltips.',
    stacked: 'Stack the series on top of each other.',
  });
  say(itemOf(chart.labels!), 'Category or x-axis label.');
  const series = object(itemOf(chart.series!), 'One data series.', {
    name: 'Series name shown in the legend.',
    values: 'One finite number per label, in label order.',
  });
  say(itemOf(series.values!), 'A data point.');

  const evidence = object(props.Evidence, 'Collapsible list of sourced evidence.', {
    title: 'Heading of the evidence list.',
    summary: 'One or two sentences on what the evidence shows.',
    items: 'The evidence items, each naming its source.',
  });
  object(itemOf(evidence.items!), 'One piece of evidence.', {
    source: 'Name of the source, e.g. a document or dataset title. Always shown.',
    excerpt: 'The quoted passage or observation.',
    locator: 'Where in the source: page, section, row.',
    published: 'When the source was published, preferably an ISO 8601 date.',
    ref: 'Opaque id the host application resolves to open the source; never a URL.',
  });

  object(props.MapLocation, 'A single place on a map, with a "locate" action for the host map.', {
    label: 'Name of the place.',
    lat: 'Latitude in degrees (WGS 84).',
    lng: 'Longitude in degrees (WGS 84).',
    zoom: 'Map zoom level 0-19; default 13.',
    description: 'What is at this place and why it matters.',
    feature_id:
      "Id of the feature in the host application's own map, passed on when the reader asks to locate it.",
  });

  const form = object(
    props.FollowUpForm,
    'A short form the reader may fill in and submit; the submission becomes their next message.',
    {
      title: 'Heading of the form.',
      description: 'Why the answers are needed.',
      fields: 'The fields, in order.',
      submit_label: 'Label of the submit button; default "Submit".',
    },
  );
  const field = object(
    itemOf(form.fields!),
    'One form field. Fields start empty: there are no default values.',
    {
      name: 'Key of the value in the submission; unique within the form; lowercase letters, digits, underscore.',
      label: 'Question shown to the reader.',
      kind: 'Input type.',
      required: 'The reader must answer before submitting.',
      options: 'Choices; only and always for select and radio.',
      min: 'Smallest allowed value (number fields).',
      max: 'Largest allowed value (number fields).',
      placeholder: 'Hint shown in an empty text, textarea or number field.',
    },
  );
  say(itemOf(field.options!), 'A choice.');

  // The block envelope and the final answer.
  say(ElementId, 'Element id: letters, digits, "_" or "-", at most 64 characters.');
  say(
    BlockId,
    'Stable id of this block. Publishing the same id again in the same turn replaces the block in place.',
  );
  say(
    FallbackText,
    'Plain-text summary of the block, shown wherever the block cannot be rendered.',
  );
  for (const element of (ElementSchema._zod.def as z.core.$ZodDiscriminatedUnionDef).options) {
    const shape = shapeOf(element);
    say(
      element,
      `A ${(shape.type!._zod.def as z.core.$ZodLiteralDef<ComponentName>).values[0]} element.`,
    );
    if (shape.children)
      say(
        shape.children,
        'Ids of child elements, in display order. Each element is referenced once.',
      );
  }
  const block = shapeOf(BlockSchema);
  say(BlockSchema, 'One answer UI block: a tree of catalog components.');
  say(block.root!, 'Id of the top element; every other element must be reachable from it.');
  say(block.elements!, `The elements by id, at most ${LIMITS.maxNodes}.`);
  object(FinalAnswerSchema, 'The final report of a turn and the blocks it keeps on display.', {
    text: 'The final report in markdown. Raw HTML is not rendered; links must be http(s).',
    ui_block_ids: 'Blocks published earlier in this turn to show with the report, in this order.',
  });
  return described;
}
