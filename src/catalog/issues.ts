import type * as z from 'zod/mini';
import { truncate } from './shape.js';

/*
 * Turning Zod issues into the catalog's error records. Messages are written
 * for a model that has to repair its output: each says what was expected and
 * what was found, in plain English (they are protocol text, not UI text).
 */

/** Every code a validation error can have (SPEC §2). */
export const ERROR_CODES = [
  'invalid_json',
  'invalid_envelope',
  'unknown_component',
  'unknown_prop',
  'invalid_prop',
  'missing_ref',
  'cycle',
  'duplicate_ref',
  'orphan',
  'too_many_nodes',
  'too_deep',
  'too_large',
  'misaligned_series',
  'non_finite',
  'row_length',
  'duplicate_field',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ValidationError {
  code: ErrorCode;
  /** JSON Pointer (RFC 6901) into the input. */
  path: string;
  message: string;
}

/** The errors as lines a person or a model can read: `code at /path: message`. */
export function describeErrors(errors: readonly ValidationError[]): string {
  return errors.map((e) => `${e.code} at ${e.path || '/'}: ${e.message}`).join('\n');
}

export type Segment = string | number;

export function toPointer(segments: readonly Segment[]): string {
  let out = '';
  for (const s of segments) out += '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1');
  return out;
}

/** A short, safe rendering of a value for an error message. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') {
    const shown = truncate(value, 41);
    return `the string ${JSON.stringify(shown)}`;
  }
  if (typeof value === 'number')
    return Number.isFinite(value) ? `the number ${value}` : String(value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return `an array of ${value.length} item${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const key of path) {
    if (typeof key === 'symbol' || current === null || typeof current !== 'object')
      return undefined;
    if (!Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

type AnyDef = {
  type: string;
  shape?: Record<string, z.ZodMiniType>;
  element?: z.ZodMiniType;
  innerType?: z.ZodMiniType;
  options?: z.ZodMiniType[];
};
const defOf = (schema: z.ZodMiniType) => schema._zod.def as unknown as AnyDef;

/** The schema that governs the value at `path`, for listing allowed keys and types. */
function schemaAt(
  schema: z.ZodMiniType | undefined,
  path: readonly PropertyKey[],
): z.ZodMiniType | undefined {
  let current = schema;
  for (const key of path) {
    if (!current) return undefined;
    current = unwrap(current);
    const def = defOf(current);
    if (def.type === 'object') current = def.shape?.[String(key)];
    else if (def.type === 'array') current = def.element;
    else return undefined;
  }
  return current && unwrap(current);
}

function unwrap(schema: z.ZodMiniType): z.ZodMiniType {
  let current = schema;
  while (defOf(current).type === 'optional' && defOf(current).innerType)
    current = defOf(current).innerType!;
  return current;
}

function typeName(schema: z.ZodMiniType): string {
  const def = defOf(unwrap(schema));
  if (def.type === 'union') return (def.options ?? []).map(typeName).join(' or ');
  if (def.type === 'enum' || def.type === 'literal') return 'string';
  if (def.type === 'int') return 'integer';
  return def.type;
}

/**
 * Maps Zod issues raised while parsing `input` against `schema` to catalog
 * errors whose paths start at `base`.
 */
export function issuesToErrors(
  issues: readonly z.core.$ZodIssue[],
  schema: z.ZodMiniType,
  input: unknown,
  base: readonly Segment[],
): ValidationError[] {
  const errors: ValidationError[] = [];
  for (const issue of issues) {
    const path = issue.path as PropertyKey[];
    const segments = [...base, ...(path.filter((k) => typeof k !== 'symbol') as Segment[])];
    const value = valueAt(input, path);
    const at = toPointer(segments);
    if (typeof value === 'number' && !Number.isFinite(value)) {
      errors.push({
        code: 'non_finite',
        path: at,
        message: `expected a finite number, found ${value}`,
      });
      continue;
    }
    switch (issue.code) {
      case 'unrecognized_keys': {
        const owner = schemaAt(schema, path);
        const allowed = owner && defOf(owner).shape ? Object.keys(defOf(owner).shape!) : [];
        for (const key of issue.keys) {
          errors.push({
            code: 'unknown_prop',
            path: toPointer([...segments, key]),
            message: `unknown property ${JSON.stringify(key)}; allowed: ${allowed.join(', ')}`,
          });
        }
        break;
      }
      case 'invalid_type': {
        const expected = issue.expected === 'int' ? 'integer' : issue.expected;
        const key = path.at(-1);
        const message =
          value === undefined && typeof key === 'string'
            ? `missing required property ${JSON.stringify(key)} (${expected})`
            : `expected ${expected}, found ${describeValue(value)}`;
        errors.push({ code: 'invalid_prop', path: at, message });
        break;
      }
      case 'invalid_union': {
        const governing = schemaAt(schema, path);
        const expected = governing ? typeName(governing) : 'another type';
        errors.push({
          code: 'invalid_prop',
          path: at,
          message: `expected ${expected}, found ${describeValue(value)}`,
        });
        break;
      }
      case 'too_big':
      case 'too_small': {
        const bound =
          issue.code === 'too_big' ? `at most ${issue.maximum}` : `at least ${issue.minimum}`;
        const message =
          issue.origin === 'string'
            ? `expected ${bound} characters, found ${[...(value as string)].length}`
            : issue.origin === 'array'
              ? `expected ${bound} items, found ${(value as unknown[]).length}`
              : `expected a number ${issue.code === 'too_big' ? '≤' : '≥'} ${issue.code === 'too_big' ? issue.maximum : issue.minimum}, found ${describeValue(value)}`;
        errors.push({ code: 'invalid_prop', path: at, message });
        break;
      }
      case 'invalid_value':
        errors.push({
          code: 'invalid_prop',
          path: at,
          message: `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}; found ${describeValue(value)}`,
        });
        break;
      case 'invalid_format':
        errors.push({
          code: 'invalid_prop',
          path: at,
          message: `expected a string matching ${issue.pattern ?? issue.format}, found ${describeValue(value)}`,
        });
        break;
      default:
        errors.push({
          code: 'invalid_prop',
          path: at,
          message: `${issue.message}: found ${describeValue(value)}`,
        });
    }
  }
  return errors;
}
