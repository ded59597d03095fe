import { FIELD_NAME_PATTERN, LIMITS } from '../catalog/limits.js';
import { isPlainObject, isString, truncate } from '../catalog/shape.js';
import type { FormFieldT } from '../catalog/index.js';
import { textOf } from './values.js';
import type { Node, Place, Walk } from './walk.js';

/*
 * A2UI's basic catalog (and its minimal subset) read as answer-ui
 * elements. Layout keeps its direction, a card becomes a section titled by
 * its heading, tabs become sections in order, and the inputs of a surface
 * with the button that sends them become one FollowUpForm, which the reader
 * submits as a message of their own (never a call to the agent). Media,
 * modals, dividers and actions with nothing to send are left out and named.
 */

const MEDIA = new Set(['Image', 'Icon', 'Video', 'AudioPlayer']);
const INPUTS = new Set(['TextField', 'CheckBox', 'ChoicePicker', 'Slider', 'DateTimeInput']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5']);

/** A form input or a button, where it stood, until the form is made. */
type Slot =
  | { kind: 'field'; field: FormFieldT; id: string }
  | { kind: 'button'; label: string; id: string; place: Place };
type Read = Node | Slot;

const isNode = (read: Read): read is Node => 'type' in read;
const fit = (value: unknown, max: number) => truncate(textOf(value).trim(), max);

/** The surface's tree as answer-ui elements, its form made from its inputs; undefined when nothing shows. */
export function readBasic(walk: Walk, root: Place): Node | undefined {
  const read = [walk.visit(root, (place) => component(walk, place)) ?? []].flat();
  if (!read.length) return undefined;
  const tree =
    read.length === 1 && isNode(read[0]!) ? read[0] : walk.node(root, 'Stack', {}, read as Node[]);
  makeForm(walk, tree);
  return tidy(tree);
}

/**
 * Layout the mapping left empty goes (a row whose buttons and icons were
 * left out), and a plain column around one element is that element.
 */
function tidy(node: Node): Node | undefined {
  if (!node.children) return node;
  const children = node.children.flatMap((child) => tidy(child) ?? []);
  if (node.type === 'Stack' && !children.length) return undefined;
  if (node.type === 'Stack' && children.length === 1 && !Object.keys(node.props).length)
    return children[0];
  return { ...node, children };
}

function children(walk: Walk, place: Place, key?: string): Read[] {
  return walk
    .children(place, key)
    .flatMap((child) => walk.visit(child, (p) => component(walk, p)) ?? []);
}

/** The first heading among `reads` and their first children, taken out of its place. */
function takeHeading(reads: Read[]): string | undefined {
  const first = reads[0];
  if (!first || !isNode(first)) return undefined;
  const text = headingOf(first);
  if (text !== undefined) {
    reads.shift();
    return text;
  }
  return first.children ? takeHeading(first.children as Read[]) : undefined;
}

/** The text of a heading component, when `read` is one. */
const headingOf = (read: Read | undefined) =>
  read && isNode(read) && read.type === 'Text' && read.props.variant === 'heading'
    ? (read.props.text as string)
    : undefined;

function component(walk: Walk, place: Place): Read | Read[] | undefined {
  const { component: c } = place;
  const name = c.component;
  if (MEDIA.has(name)) return void walk.leaveOut(c, 'media');
  if (name === 'Modal' || name === 'Divider') return void walk.leaveOut(c, 'unsupported');
  if (INPUTS.has(name)) return field(walk, place);
  switch (name) {
    case 'Text': {
      const text = fit(walk.value(place, 'text'), LIMITS.maxTextBody);
      if (!text) return undefined;
      const variant = walk.value(place, 'variant');
      const ours = HEADINGS.has(variant as string)
        ? 'heading'
        : variant === 'caption'
          ? 'caption'
          : undefined;
      return walk.node(place, 'Text', { text, ...(ours ? { variant: ours } : {}) });
    }
    case 'Row':
    case 'Column':
    case 'List': {
      const horizontal =
        name === 'Row' || (name === 'List' && walk.value(place, 'direction') === 'horizontal');
      const align = walk.value(place, 'align');
      return walk.node(
        place,
        'Stack',
        {
          ...(horizontal ? { direction: 'horizontal', wrap: true } : {}),
          ...(['start', 'center', 'end', 'stretch'].includes(align as string) ? { align } : {}),
        },
        children(walk, place) as Node[],
      );
    }
    case 'Card': {
      const inner = children(walk, place) as Node[];
      // A card's heading, the first thing it shows, titles its section.
      const title =
        takeHeading(inner) ?? fit(walk.value(labelPlace(place), 'label'), LIMITS.maxShortText);
      return title
        ? walk.node(place, 'Section', { title: truncate(title, LIMITS.maxShortText) }, inner)
        : walk.node(place, 'Stack', {}, inner);
    }
    case 'Tabs': {
      const tabs = Array.isArray(c.tabs) ? c.tabs : [];
      const sections = tabs.flatMap((tab, i) => {
        if (!isPlainObject(tab)) return [];
        const tabPlace = { component: { ...c, ...tab, id: `${c.id}-${i}` }, base: place.base };
        const title = fit(walk.value(tabPlace, 'title'), LIMITS.maxShortText);
        return [walk.node(tabPlace, 'Section', { title }, children(walk, tabPlace) as Node[])];
      });
      return walk.node(place, 'Stack', {}, sections);
    }
    case 'Button': {
      const label = children(walk, place)
        .map((read) => (isNode(read) ? textOf(read.props.text) : ''))
        .join(' ');
      return { kind: 'button', label: fit(label, 40), id: c.id, place };
    }
    default:
      return void walk.leaveOut(c, 'unknown_component');
  }
}

/** The place whose `label` is the component's accessibility label. */
const labelPlace = (place: Place): Place => ({
  component: {
    ...place.component,
    label: (place.component.accessibility as { label?: unknown })?.label,
  },
  base: place.base,
});

/** An input as a form field, named after the data it writes (`/user/email` gives `email`). */
function field(walk: Walk, place: Place): Slot | Slot[] | undefined {
  const { component: c } = place;
  const label = fit(
    walk.value(place, 'label') ?? walk.value(labelPlace(place), 'label'),
    LIMITS.maxShortText,
  );
  const variant = c.variant;
  if (c.component === 'TextField' && variant === 'obscured')
    return void walk.leaveOut(c, 'unsupported'); // a password has no place in a chat message
  const bound = isPlainObject(c.value) && isString(c.value.path) ? c.value.path : c.id;
  const name = nameOf(bound);
  const required =
    Array.isArray(c.checks) &&
    c.checks.some(
      (check) =>
        isPlainObject(check) && (check.condition as { call?: unknown })?.call === 'required',
    );
  const base = { name, label: label || name, ...(required ? { required: true } : {}) };
  let field: FormFieldT;
  switch (c.component) {
    case 'TextField':
      field = {
        ...base,
        kind: variant === 'longText' ? 'textarea' : variant === 'number' ? 'number' : 'text',
      };
      break;
    case 'CheckBox':
      field = { ...base, kind: 'checkbox' };
      break;
    case 'Slider': {
      const [min, max] = [walk.value(place, 'min'), walk.value(place, 'max')];
      field = {
        ...base,
        kind: 'number',
        ...(typeof min === 'number' ? { min } : {}),
        ...(typeof max === 'number' ? { max } : {}),
      };
      break;
    }
    case 'DateTimeInput':
      field = { ...base, kind: c.enableDate !== false && !c.enableTime ? 'date' : 'text' };
      break;
    default: {
      const raw = walk.value(place, 'options');
      const options = (Array.isArray(raw) ? raw : [])
        .map((o) => fit(isPlainObject(o) ? (o.label as unknown) : o, LIMITS.maxShortText))
        .filter(Boolean)
        .slice(0, LIMITS.maxFieldOptions);
      if (!options.length) return void walk.leaveOut(c, 'unsupported');
      if (variant === 'multipleSelection')
        // Several answers: a checkbox for each option, which the form sends by name.
        return options.map((option, i) => ({
          kind: 'field',
          field: { name: `${name.slice(0, 60)}_${i + 1}`, label: option, kind: 'checkbox' },
          id: `${c.id}-${i}`,
        }));
      field = { ...base, kind: options.length > 5 ? 'select' : 'radio', options };
    }
  }
  return { kind: 'field', field, id: c.id };
}

const nameOf = (path: string) => {
  const last = path.split('/').filter(Boolean).at(-1) ?? 'answer';
  const name = last
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .replace(/^[^a-z]+/, '')
    .slice(0, 64);
  return new RegExp(FIELD_NAME_PATTERN).test(name) ? name : `field_${name}`.slice(0, 64);
};

/**
 * The surface's inputs become one form where the first of them stood,
 * sent with the first button's label; the other slots go. A button with
 * no input to send acts for the agent alone, and is named.
 */
function makeForm(walk: Walk, tree: Node) {
  const slots: { slot: Slot; parent: Node | undefined }[] = [];
  const collect = (read: Read, parent: Node | undefined) => {
    if (!isNode(read)) slots.push({ slot: read, parent });
    else for (const child of (read.children ?? []) as Read[]) collect(child, read);
  };
  collect(tree, undefined);
  const fields = slots.flatMap(({ slot }) => (slot.kind === 'field' ? [slot] : []));
  const buttons = slots.flatMap(({ slot }) => (slot.kind === 'button' ? [slot] : []));
  const submit = fields.length ? buttons[0] : undefined;
  for (const button of buttons)
    if (button !== submit) walk.leaveOut(button.place.component, 'action');
  const names = new Set<string>();
  const formFields = fields.flatMap(({ field }, i) => {
    if (i >= LIMITS.maxFormFields) return [];
    let name = field.name;
    for (let n = 2; names.has(name); n++) name = `${field.name.slice(0, 60)}_${n}`;
    names.add(name);
    return [{ ...field, name }];
  });
  const first = fields[0];
  for (const { slot, parent } of slots) {
    if (!parent) continue;
    const at = parent.children!.indexOf(slot as unknown as Node);
    if (slot === first) {
      const heading = headingOf(parent.children![at - 1]);
      const form: Node = {
        id: walk.elementId({ component: { id: `${first.id}-form`, component: 'Form' }, base: '' }),
        type: 'FollowUpForm',
        props: {
          title: heading ?? submit?.label ?? '',
          fields: formFields,
          ...(submit?.label ? { submit_label: submit.label } : {}),
        },
      };
      walk.count++;
      parent.children!.splice(at, 1, form);
      if (heading) parent.children!.splice(at - 1, 1);
    } else parent.children!.splice(at, 1);
  }
}
