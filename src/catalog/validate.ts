import * as z from 'zod/mini';
import { envelopeSchemas, type Block, type BlockElement, type FinalAnswer } from './block.js';
import {
  componentNames,
  componentSchemas,
  containerComponents,
  type ComponentName,
  type ComponentPropsMap,
} from './components.js';
import { jsonEqual } from './json-equal.js';
import {
  describeValue,
  issuesToErrors,
  toPointer,
  type Segment,
  type ValidationError,
} from './issues.js';
import { ID_PATTERN, ID_REGEX, LIMITS, RESERVED_IDS } from './limits.js';
import { checkData } from './data-rules.js';
import { checkGraph } from './graph.js';
import { readJson } from './read-json.js';
import { isPlainObject } from './shape.js';

export type BlockResult = { ok: true; block: Block } | { ok: false; errors: ValidationError[] };
export type FinalAnswerResult =
  { ok: true; answer: FinalAnswer } | { ok: false; errors: ValidationError[] };

/**
 * Blocks this validator returned. A renderer handed one of these need not
 * check it again; anything else (a host's object, JSON text) it validates.
 * Private to this module, so only `validateBlock` can vouch for a block.
 */
const validated = new WeakSet<Block>();

/** Whether `value` is a block `validateBlock` returned (and so is valid as it stands). */
export const isValidatedBlock = (value: unknown): value is Block =>
  typeof value === 'object' && value !== null && validated.has(value as Block);

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
    // Only a block this validator returned vouches for its elements and its graph.
    const reuse = options.reuse && validated.has(options.reuse) ? options.reuse : undefined;
    return checkBlock(input, reuse);
  } catch (error) {
    // Only reachable through pathological input (e.g. a getter that throws).
    return fail([
      { code: 'invalid_json', path: '', message: `input could not be read: ${String(error)}` },
    ]);
  }
}

/**
 * Validates the `final_answer` input. With `publishedBlockIds`, every entry of
 * `ui_block_ids` must name one of them (the blocks published in this turn).
 */
export function validateFinalAnswer(
  input: unknown,
  options: { publishedBlockIds?: Iterable<string> } = {},
): FinalAnswerResult {
  try {
    return checkFinalAnswer(input, options.publishedBlockIds);
  } catch (error) {
    return {
      ok: false,
      errors: [
        { code: 'invalid_json', path: '', message: `input could not be read: ${String(error)}` },
      ],
    };
  }
}

const fail = (errors: ValidationError[]): BlockResult => ({ ok: false, errors });

function checkBlock(input: unknown, reuse: Block | undefined): BlockResult {
  const read = readJson(input, LIMITS.maxBlockBytes);
  if ('error' in read) return fail([read.error]);
  const raw = read.value;
  if (!isPlainObject(raw)) {
    return fail([
      {
        code: 'invalid_envelope',
        path: '',
        message: `expected an object with block_id, fallback_text, root and elements; found ${describeValue(raw)}`,
      },
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
  for (const [key, schema] of Object.entries(envelopeSchemas().envelopeShape)) {
    const parsed = schema.safeParse(raw[key]);
    if (!parsed.success) {
      for (const e of issuesToErrors(parsed.error.issues, schema, raw[key], [key])) {
        errors.push({
          ...e,
          code: 'invalid_envelope',
          message: e.message.replace(/^expected /, `${key}: expected `),
        });
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
  // An in-place update rarely moves anything: the same ids, root and child lists as `reuse` make the same, valid tree.
  if (!reuse || !sameTree(reuse, raw.root, ids, childLists))
    checkGraph(raw.root, elements, ids, childLists, errors);

  if (errors.length > 0) return fail(errors);
  const out: Record<string, BlockElement> = {};
  for (const id of ids) out[id] = checked.get(id)!;
  const block: Block = {
    block_id: raw.block_id as string,
    fallback_text: raw.fallback_text as string,
    root: raw.root as string,
    elements: out,
  };
  validated.add(block);
  return { ok: true, block };
}

function sameTree(
  reuse: Block,
  root: unknown,
  ids: string[],
  childLists: Map<string, unknown[]>,
): boolean {
  if (root !== reuse.root || ids.length !== Object.keys(reuse.elements).length) return false;
  return ids.every(
    (id) =>
      Object.hasOwn(reuse.elements, id) &&
      jsonEqual(childLists.get(id) ?? [], reuse.elements[id]!.children ?? []),
  );
}

function checkElement(
  id: string,
  element: unknown,
  errors: ValidationError[],
  previous?: BlockElement,
): BlockElement | undefined {
  if (previous && jsonEqual(element, previous)) return previous;
  const base: Segment[] = ['elements', id];
  if (!ID_REGEX.test(id) || RESERVED_IDS.includes(id)) {
    errors.push({
      code: 'invalid_envelope',
      path: toPointer(base),
      message: `element id ${JSON.stringify(id)} must match ${ID_PATTERN} and not be ${RESERVED_IDS.join(', ')}`,
    });
  }
  if (!isPlainObject(element)) {
    errors.push({
      code: 'invalid_envelope',
      path: toPointer(base),
      message: `expected an element object {type, props}; found ${describeValue(element)}`,
    });
    return undefined;
  }
  const type = element.type;
  if (typeof type !== 'string' || !(componentNames as readonly string[]).includes(type)) {
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

  const schema = componentSchemas().componentProps[name];
  if (previous?.type === name && jsonEqual(element.props, previous.props)) {
    return (
      children
        ? { type: name, props: previous.props, children }
        : { type: name, props: previous.props }
    ) as BlockElement;
  }
  if (!isPlainObject(element.props)) {
    const message =
      element.props === undefined
        ? `missing props (an object of ${name} properties)`
        : `expected props to be an object; found ${describeValue(element.props)}`;
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

function checkFinalAnswer(
  input: unknown,
  published: Iterable<string> | undefined,
): FinalAnswerResult {
  const read = readJson(input, LIMITS.maxReportText * 4);
  if ('error' in read) return { ok: false, errors: [read.error] };
  const raw = read.value;
  if (!isPlainObject(raw)) {
    return {
      ok: false,
      errors: [
        {
          code: 'invalid_envelope',
          path: '',
          message: `expected an object with text and ui_block_ids; found ${describeValue(raw)}`,
        },
      ],
    };
  }
  const schema = envelopeSchemas().FinalAnswerSchema;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const errors = issuesToErrors(parsed.error.issues, schema, raw, []).map((e) =>
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
    if (seen.has(id))
      errors.push({
        code: 'duplicate_ref',
        path,
        message: `block ${JSON.stringify(id)} is listed twice`,
      });
    seen.add(id);
    if (available && !available.has(id)) {
      const names = [...available].map((n) => JSON.stringify(n)).join(', ') || 'none';
      errors.push({
        code: 'missing_ref',
        path,
        message: `block ${JSON.stringify(id)} was not published in this turn; published: ${names}`,
      });
    }
  });
  return errors.length > 0
    ? { ok: false, errors }
    : { ok: true, answer: { text: answer.text, ui_block_ids: [...answer.ui_block_ids] } };
}
