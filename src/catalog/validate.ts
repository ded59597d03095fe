import * as z from 'zod/mini';
import { envelopeShape, FinalAnswerSchema, type Block, type BlockElement, type FinalAnswer } from './block.js';
import { componentNames, componentProps, containerComponents, type ComponentName, type ComponentPropsMap } from './components.js';
import { jsonEqual } from './json-equal.js';
import { describeValue, isPlainObject, issuesToErrors, toPointer, type Segment, type ValidationError } from './issues.js';
import { ID_PATTERN, LIMITS, RESERVED_IDS } from './limits.js';

export type BlockResult = { ok: true; block: Block } | { ok: false; errors: ValidationError[] };
export type FinalAnswerResult = { ok: true; answer: FinalAnswer } | { ok: false; errors: ValidationError[] };

const idRegex = new RegExp(ID_PATTERN);

/**
 * Blocks this validator returned. A renderer handed one of these need not
 * check it again; anything else (a host's object, JSON text) it validates.
 * Private to this module, so only `validateBlock` can vouch for a block.
 */
const validated = new WeakSet<Block>();

/** Whether `value` is a block `validateBlock` returned (and so is valid as it stands). */
export const isValidatedBlock = (value: unknown): value is Block => typeof value === 'object' && value !== null && validated.has(value as Block);

/** The `fallback_text` of a block-like input (an object or JSON text), when it has a usable one. */
export function fallbackTextOf(input: unknown): string {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      return '';
    }
  }
  const text = isPlainObject(value) ? value.fallback_text : undefined;
  return typeof text === 'string' ? text.slice(0, LIMITS.maxFallbackText) : '';
}
const ENVELOPE_KEYS = new Set(['block_id', 'fallback_text', 'root', 'elements']);

export interface ValidateBlockOptions {
  /**
   * A block this validator returned before. Elements of the input that are
   * structurally equal to the same-id element of `reuse` are valid by
   * definition: they are returned as that very object, unchecked. The result
   * is the same as without `reuse`; an in-place update just costs less, and
   * unchanged elements keep their identity (so renderers can skip them).
   */
  reuse?: Block;
}

/**
 * Validates an answer block against the catalog. Never throws: whatever it is
 * given (a JSON string, an object, garbage) it returns either the block,
 * rebuilt from fresh objects, or every error it found.
 */
export function validateBlock(input: unknown, options: ValidateBlockOptions = {}): BlockResult {
  try {
    return checkBlock(input, options.reuse);
  } catch (error) {
    // Only reachable through pathological input (e.g. a getter that throws).
    return fail([{ code: 'invalid_json', path: '', message: `input could not be read: ${String(error)}` }]);
  }
}

/**
 * Validates the `final_answer` input. With `publishedBlockIds`, every entry of
 * `ui_block_ids` must name one of them (the blocks published in this turn).
 */
export function validateFinalAnswer(input: unknown, options: { publishedBlockIds?: Iterable<string> } = {}): FinalAnswerResult {
  try {
    return checkFinalAnswer(input, options.publishedBlockIds);
  } catch (error) {
    return { ok: false, errors: [{ code: 'invalid_json', path: '', message: `input could not be read: ${String(error)}` }] };
  }
}

const fail = (errors: ValidationError[]): BlockResult => ({ ok: false, errors });

/** Parses and size-checks the raw input; returns the JSON value or the error. */
function readJson(input: unknown, maxBytes: number): { value: unknown } | { error: ValidationError } {
  if (typeof input === 'string') {
    // Each UTF-16 unit is at least one UTF-8 byte: a longer string is too large unparsed.
    if (input.length > maxBytes) return { error: tooLarge(input.length, maxBytes, 'at least ') };
    const bytes = utf8Length(input);
    if (bytes > maxBytes) return { error: tooLarge(bytes, maxBytes, '') };
    try {
      return { value: JSON.parse(input) };
    } catch (error) {
      return { error: { code: 'invalid_json', path: '', message: `not valid JSON: ${(error as Error).message}` } };
    }
  }
  let serialized: string | undefined;
  try {
    serialized = JSON.stringify(input);
  } catch (error) {
    return error instanceof RangeError
      ? { error: { code: 'too_deep', path: '', message: 'input is nested too deeply to serialize as JSON' } }
      : { error: { code: 'invalid_json', path: '', message: `input is not JSON-serializable: ${(error as Error).message}` } };
  }
  if (serialized !== undefined) {
    const bytes = utf8Length(serialized);
    if (bytes > maxBytes) return { error: tooLarge(bytes, maxBytes, '') };
  }
  return { value: input };
}

function tooLarge(bytes: number, maxBytes: number, qualifier: string): ValidationError {
  return { code: 'too_large', path: '', message: `block is ${qualifier}${bytes} bytes of JSON; the limit is ${maxBytes}. Publish fewer or smaller elements.` };
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function checkBlock(input: unknown, reuse: Block | undefined): BlockResult {
  const read = readJson(input, LIMITS.maxBlockBytes);
  if ('error' in read) return fail([read.error]);
  const raw = read.value;
  if (!isPlainObject(raw)) {
    return fail([
      { code: 'invalid_envelope', path: '', message: `expected an object with block_id, fallback_text, root and elements; found ${describeValue(raw)}` },
    ]);
  }

  const errors: ValidationError[] = [];
  for (const key of Object.keys(raw)) {
    if (!ENVELOPE_KEYS.has(key)) {
      errors.push({
        code: 'invalid_envelope',
        path: toPointer([key]),
        message: `unknown envelope property ${JSON.stringify(key)}; allowed: block_id, fallback_text, root, elements`,
      });
    }
  }
  for (const [key, schema] of Object.entries(envelopeShape)) {
    const parsed = schema.safeParse(raw[key]);
    if (!parsed.success) {
      for (const e of issuesToErrors(parsed.error.issues, schema, raw[key], [key])) {
        errors.push({ ...e, code: 'invalid_envelope', message: e.message.replace(/^expected /, `${key}: expected `) });
      }
    }
  }
  const elements = raw.elements;
  if (!isPlainObject(elements)) {
    errors.push({
      code: 'invalid_envelope',
      path: '/elements',
      message: `expected an object mapping element ids to elements; found ${describeValue(elements)}`,
    });
    return fail(errors);
  }

  const ids = Object.keys(elements);
  if (ids.length > LIMITS.maxNodes) {
    errors.push({
      code: 'too_many_nodes',
      path: '/elements',
      message: `block has ${ids.length} elements; the limit is ${LIMITS.maxNodes}. Split it into several blocks.`,
    });
  }

  const checked = new Map<string, BlockElement>();
  const childLists = new Map<string, unknown[]>();
  for (const id of ids) {
    const previous = reuse && Object.hasOwn(reuse.elements, id) ? reuse.elements[id] : undefined;
    const element = checkElement(id, elements[id], errors, previous);
    if (element) checked.set(id, element);
    const children = isPlainObject(elements[id]) ? elements[id].children : undefined;
    if (Array.isArray(children)) childLists.set(id, children);
  }
  checkGraph(raw.root, elements, ids, childLists, errors);

  if (errors.length > 0) return fail(errors);
  const out: Record<string, BlockElement> = {};
  for (const id of ids) out[id] = checked.get(id)!;
  const block: Block = { block_id: raw.block_id as string, fallback_text: raw.fallback_text as string, root: raw.root as string, elements: out };
  validated.add(block);
  return { ok: true, block };
}

function checkElement(id: string, element: unknown, errors: ValidationError[], previous?: BlockElement): BlockElement | undefined {
  if (previous && jsonEqual(element, previous)) return previous;
  const base: Segment[] = ['elements', id];
  if (!idRegex.test(id) || RESERVED_IDS.includes(id)) {
    errors.push({
      code: 'invalid_envelope',
      path: toPointer(base),
      message: `element id ${JSON.stringify(id)} must match ${ID_PATTERN} and not be ${RESERVED_IDS.join(', ')}`,
    });
  }
  if (!isPlainObject(element)) {
    errors.push({ code: 'invalid_envelope', path: toPointer(base), message: `expected an element object {type, props}; found ${describeValue(element)}` });
    return undefined;
  }
  const type = element.type;
  if (typeof type !== 'string' || !Object.hasOwn(componentProps, type)) {
    errors.push({
      code: 'unknown_component',
      path: toPointer([...base, 'type']),
      message: `unknown component ${typeof type === 'string' ? JSON.stringify(type) : describeValue(type)}; expected one of ${componentNames.join(', ')}`,
    });
    return undefined;
  }
  const name = type as ComponentName;
  const isContainer = containerComponents.has(name);
  const before = errors.length;
  for (const key of Object.keys(element)) {
    if (key === 'type' || key === 'props' || (key === 'children' && isContainer)) continue;
    const message =
      key === 'children'
        ? `${name} takes no children; only ${[...containerComponents].join(' and ')} do`
        : `unknown element property ${JSON.stringify(key)}; allowed: type, props${isContainer ? ', children' : ''}`;
    errors.push({ code: 'unknown_prop', path: toPointer([...base, key]), message });
  }

  let children: string[] | undefined;
  if (isContainer && element.children !== undefined) {
    if (!Array.isArray(element.children)) {
      errors.push({
        code: 'invalid_prop',
        path: toPointer([...base, 'children']),
        message: `expected an array of element ids; found ${describeValue(element.children)}`,
      });
    } else {
      children = [];
      element.children.forEach((child, i) => {
        if (typeof child === 'string') children!.push(child);
        else
          errors.push({
            code: 'invalid_prop',
            path: toPointer([...base, 'children', i]),
            message: `expected an element id string; found ${describeValue(child)}`,
          });
      });
    }
  }

  const schema = componentProps[name];
  if (previous?.type === name && jsonEqual(element.props, previous.props)) {
    return (children ? { type: name, props: previous.props, children } : { type: name, props: previous.props }) as BlockElement;
  }
  if (!isPlainObject(element.props)) {
    const message =
      element.props === undefined ? `missing props (an object of ${name} properties)` : `expected props to be an object; found ${describeValue(element.props)}`;
    errors.push({ code: 'invalid_prop', path: toPointer([...base, 'props']), message });
    return undefined;
  }
  const parsed = (schema as z.ZodMiniType).safeParse(element.props);
  if (!parsed.success) {
    errors.push(...issuesToErrors(parsed.error.issues, schema, element.props, [...base, 'props']));
    return undefined;
  }
  const props = parsed.data as ComponentPropsMap[ComponentName];
  errors.push(...checkData(name, props, [...base, 'props']));
  if (errors.length > before) return undefined;
  return (children ? { type: name, props, children } : { type: name, props }) as BlockElement;
}

/** Cross-field rules JSON Schema cannot state. */
function checkData(name: ComponentName, props: ComponentPropsMap[ComponentName], base: Segment[]): ValidationError[] {
  const errors: ValidationError[] = [];
  const at = (...rest: Segment[]) => toPointer([...base, ...rest]);
  if (name === 'Chart') {
    const { labels, series } = props as ComponentPropsMap['Chart'];
    series.forEach((s, i) => {
      if (s.values.length !== labels.length) {
        errors.push({
          code: 'misaligned_series',
          path: at('series', i, 'values'),
          message: `series ${JSON.stringify(s.name)} has ${s.values.length} values but there are ${labels.length} labels; give exactly one value per label`,
        });
      }
    });
  } else if (name === 'Table') {
    const { columns, rows } = props as ComponentPropsMap['Table'];
    rows.forEach((row, i) => {
      if (row.length !== columns.length) {
        errors.push({
          code: 'row_length',
          path: at('rows', i),
          message: `row ${i} has ${row.length} cells but there are ${columns.length} columns; give exactly one cell per column (null for empty)`,
        });
      }
    });
    columns.forEach((column, i) => {
      if (column.format === 'currency' && !column.currency) {
        errors.push({ code: 'invalid_prop', path: at('columns', i, 'currency'), message: 'format "currency" needs a currency code such as "USD"' });
      }
    });
  } else if (name === 'Metric') {
    const metric = props as ComponentPropsMap['Metric'];
    if (metric.format === 'currency' && !metric.currency) {
      errors.push({ code: 'invalid_prop', path: at('currency'), message: 'format "currency" needs a currency code such as "USD"' });
    }
  } else if (name === 'FollowUpForm') {
    const seen = new Map<string, number>();
    (props as ComponentPropsMap['FollowUpForm']).fields.forEach((field, i) => {
      const first = seen.get(field.name);
      if (first !== undefined) {
        errors.push({
          code: 'duplicate_field',
          path: at('fields', i, 'name'),
          message: `field name ${JSON.stringify(field.name)} is already used by field ${first}; names must be unique`,
        });
      } else seen.set(field.name, i);
      const choices = field.kind === 'select' || field.kind === 'radio';
      if (choices && !field.options) {
        errors.push({ code: 'invalid_prop', path: at('fields', i, 'options'), message: `a ${field.kind} field needs options` });
      } else if (!choices && field.options) {
        errors.push({ code: 'invalid_prop', path: at('fields', i, 'options'), message: 'options apply only to select and radio fields' });
      }
      for (const bound of ['min', 'max'] as const) {
        if (field[bound] !== undefined && field.kind !== 'number') {
          errors.push({ code: 'invalid_prop', path: at('fields', i, bound), message: `${bound} applies only to number fields` });
        }
      }
      if (field.min !== undefined && field.max !== undefined && field.min > field.max) {
        errors.push({ code: 'invalid_prop', path: at('fields', i, 'max'), message: `max (${field.max}) is less than min (${field.min})` });
      }
    });
  }
  return errors;
}

/**
 * Child references must form one tree under `root`: every reference resolves,
 * no element is its own ancestor, each is referenced once, all are reachable,
 * and the tree is at most `LIMITS.maxDepth` deep.
 */
function checkGraph(root: unknown, elements: Record<string, unknown>, ids: string[], childLists: Map<string, unknown[]>, errors: ValidationError[]) {
  // Edge paths are built only when an error needs one: this runs on every update.
  type Edge = { child: string; parent: string; index: number };
  const pathOf = (edge: Edge) => toPointer(['elements', edge.parent, 'children', edge.index]);
  const edges = new Map<string, Edge[]>();
  for (const id of ids) {
    const list: Edge[] = [];
    (childLists.get(id) ?? []).forEach((child, index) => {
      if (typeof child !== 'string') return;
      if (Object.hasOwn(elements, child)) list.push({ child, parent: id, index });
      else
        errors.push({ code: 'missing_ref', path: pathOf({ child, parent: id, index }), message: `child ${JSON.stringify(child)} is not defined in elements` });
    });
    edges.set(id, list);
  }
  const rootId = typeof root === 'string' && Object.hasOwn(elements, root) ? root : undefined;
  if (typeof root === 'string' && !rootId && idRegex.test(root)) {
    errors.push({ code: 'missing_ref', path: '/root', message: `root ${JSON.stringify(root)} is not defined in elements` });
  }

  // Iterative depth-first search (input depth is untrusted) to find back edges.
  const state = new Map<string, 'open' | 'done'>();
  const backEdges = new Set<Edge>();
  const starts = rootId ? [rootId, ...ids] : ids;
  for (const start of starts) {
    if (state.has(start)) continue;
    state.set(start, 'open');
    const stack: { id: string; next: number }[] = [{ id: start, next: 0 }];
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      const out = edges.get(frame.id) ?? [];
      if (frame.next >= out.length) {
        state.set(frame.id, 'done');
        stack.pop();
        continue;
      }
      const edge = out[frame.next++]!;
      const seen = state.get(edge.child);
      if (seen === 'open') {
        backEdges.add(edge);
        const relation = edge.child === frame.id ? 'references itself' : `is an ancestor of ${JSON.stringify(frame.id)}`;
        errors.push({ code: 'cycle', path: pathOf(edge), message: `${JSON.stringify(edge.child)} ${relation}; references must form a tree` });
      } else if (seen === undefined) {
        state.set(edge.child, 'open');
        stack.push({ id: edge.child, next: 0 });
      }
    }
  }

  const referencedAt = new Map<string, Edge | '/root'>();
  if (rootId) referencedAt.set(rootId, '/root');
  const treeChildren = new Map<string, string[]>();
  for (const id of ids) {
    const kept: string[] = [];
    for (const edge of edges.get(id) ?? []) {
      if (backEdges.has(edge)) continue;
      const first = referencedAt.get(edge.child);
      if (first !== undefined) {
        const where = typeof first === 'string' ? first : pathOf(first);
        errors.push({
          code: 'duplicate_ref',
          path: pathOf(edge),
          message: `${JSON.stringify(edge.child)} is already referenced at ${where}; an element may appear only once`,
        });
      } else {
        referencedAt.set(edge.child, edge);
        kept.push(edge.child);
      }
    }
    treeChildren.set(id, kept);
  }

  if (!rootId) return;
  const depth = new Map<string, number>([[rootId, 1]]);
  const queue = [rootId];
  let reportedDepth = false;
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i]!;
    const d = depth.get(id)!;
    if (d > LIMITS.maxDepth && !reportedDepth) {
      reportedDepth = true;
      errors.push({
        code: 'too_deep',
        path: toPointer(['elements', id]),
        message: `${JSON.stringify(id)} is nested ${d} levels deep; the limit is ${LIMITS.maxDepth}. Flatten the layout.`,
      });
    }
    for (const child of treeChildren.get(id) ?? []) {
      if (depth.has(child)) continue;
      depth.set(child, d + 1);
      queue.push(child);
    }
  }
  for (const id of ids) {
    if (!depth.has(id)) {
      errors.push({
        code: 'orphan',
        path: toPointer(['elements', id]),
        message: `${JSON.stringify(id)} is not reachable from root ${JSON.stringify(rootId)}; reference it as a child or remove it`,
      });
    }
  }
}

function checkFinalAnswer(input: unknown, published: Iterable<string> | undefined): FinalAnswerResult {
  const read = readJson(input, LIMITS.maxReportText * 4);
  if ('error' in read) return { ok: false, errors: [read.error] };
  const raw = read.value;
  if (!isPlainObject(raw)) {
    return {
      ok: false,
      errors: [{ code: 'invalid_envelope', path: '', message: `expected an object with text and ui_block_ids; found ${describeValue(raw)}` }],
    };
  }
  const parsed = FinalAnswerSchema.safeParse(raw);
  if (!parsed.success) {
    const errors = issuesToErrors(parsed.error.issues, FinalAnswerSchema, raw, []).map((e) =>
      e.code === 'non_finite' ? e : { ...e, code: 'invalid_envelope' as const },
    );
    return { ok: false, errors };
  }
  const answer = parsed.data;
  const errors: ValidationError[] = [];
  const available = published ? new Set(published) : undefined;
  const seen = new Set<string>();
  answer.ui_block_ids.forEach((id, i) => {
    const path = toPointer(['ui_block_ids', i]);
    if (seen.has(id)) errors.push({ code: 'duplicate_ref', path, message: `block ${JSON.stringify(id)} is listed twice` });
    seen.add(id);
    if (available && !available.has(id)) {
      const names = [...available].map((n) => JSON.stringify(n)).join(', ') || 'none';
      errors.push({ code: 'missing_ref', path, message: `block ${JSON.stringify(id)} was not published in this turn; published: ${names}` });
    }
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, answer: { text: answer.text, ui_block_ids: [...answer.ui_block_ids] } };
}
