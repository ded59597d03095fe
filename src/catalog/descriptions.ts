import * as z from 'zod/mini';
import { componentProps } from './components.js';

/*
 * What each component and field is for, in the words a model reads:
 * `catalogPrompt()`, the `present_answer` description, is made from these.
 * They say what the schema cannot (a default, a unit, how a fraction is
 * shown); an empty note means the name and the schema say it all, and the
 * prompt leaves the field out. The tool's JSON Schema carries no copy: each
 * thing is said to the model once. They live apart from the schemas because
 * only the prompt reads them: a page that only validates and renders blocks
 * does not load this text.
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
    void (description && described.add(unwrap(schema), { description }));
  /** An object and each of its fields; the type asks for every field, so none is forgotten. */
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

  object(props.Stack, 'Lays out its children.', {
    direction: 'horizontal becomes one column on narrow screens',
    gap: '',
    align: '',
    wrap: '',
  });
  object(props.Section, 'A titled group of its children.', { title: '', subtitle: '' });
  object(props.Text, 'Plain text, never parsed as HTML or markdown.', { text: '', variant: '' });
  object(props.Metric, 'One key figure.', {
    label: '',
    value: '',
    format: 'percent takes a fraction (0.12 = 12%), currency needs currency',
    currency: 'ISO 4217',
    unit: '',
    delta: 'change as a fraction',
    good_direction: 'down when a rise is bad',
    caption: '',
  });

  const table = object(props.Table, 'A sortable table.', {
    caption: '',
    columns: '',
    rows: 'one cell per column',
  });
  object(itemOf(table.columns!), '', {
    label: '',
    align: '',
    format: 'percent takes fractions, date ISO 8601 strings',
    currency: 'ISO 4217',
  });

  const chart = object(props.Chart, 'A line or bar chart.', {
    title: '',
    kind: '',
    labels: 'x-axis categories',
    series: 'one finite value per label each',
    x_label: '',
    y_label: '',
    unit: '',
    stacked: '',
  });
  object(itemOf(chart.series!), '', { name: '', values: '' });

  const evidence = object(props.Evidence, 'Quoted evidence with its sources.', {
    title: '',
    summary: '',
    items: '',
  });
  object(itemOf(evidence.items!), '', {
    source: '',
    excerpt: '',
    locator: '',
    published: '',
    ref: 'an id the host opens the source by, never a URL',
  });

  object(props.MapLocation, 'A place the reader can locate on the host map.', {
    label: '',
    lat: '',
    lng: '',
    zoom: '0-19',
    description: '',
    feature_id: "the place's id in the host's map",
  });

  const form = object(
    props.FollowUpForm,
    "A short form; its submission is the reader's next message.",
    { title: '', description: '', fields: 'no default values', submit_label: '' },
  );
  object(itemOf(form.fields!), '', {
    name: 'unique; a-z, 0-9 and _',
    label: '',
    kind: '',
    required: '',
    options: 'for select and radio only, and required there',
    min: '',
    max: '',
    placeholder: '',
  });
  return described;
}
