import type { ErrorCode } from './issues.js';
import { LIMITS } from './limits.js';

/*
 * For a back end that checks a tool call with a JSON Schema validator, in
 * any language, instead of `validateBlock`: how to name the strict schema's
 * errors so that they read as the validator's, and the rules no schema can
 * state, each with its code and where its error points. The contract file
 * carries both; the tests hold them to what validate.ts, graph.ts and
 * data-rules.ts do.
 */

/** A code and when a schema error takes it; the first entry that holds wins. */
export interface ErrorName {
  code: ErrorCode;
  when: string;
}

/**
 * A rule no schema states. `at` lists where its error points, as JSON
 * Pointer templates: `{id}` is an element id, `{i}` an index.
 */
export interface NamedRule {
  name: string;
  code: ErrorCode;
  at: string[];
  rule: string;
}

export const ERROR_PATHS =
  'An error points at the value at fault (a JSON Pointer, RFC 6901): a missing required ' +
  'property, an unexpected property and an element id the element map refuses each at its ' +
  'own path, one error apiece. Patterns are ECMA-262, as JSON Schema says: `$` ends the text ' +
  "(Python's re also lets it match before a final newline). Numbers are finite: JSON text " +
  'such as 1e999, which many parsers read as infinity, fails the type number.';

const NOT_FINITE: ErrorName = {
  code: 'non_finite',
  when: 'the value at fault is a number that is not finite',
};

export const BLOCK_ERROR_CODES: ErrorName[] = [
  { code: 'too_many_nodes', when: 'maxProperties fails at /elements' },
  {
    code: 'invalid_envelope',
    when:
      'the path is "" or one of /block_id, /fallback_text, /root, /elements, /elements/{id} ' +
      '(the block, its fields, the element map, an element id, an element that is not an object)',
  },
  { code: 'unknown_component', when: 'the path is /elements/{id}/type' },
  NOT_FINITE,
  { code: 'unknown_prop', when: 'additionalProperties fails (an unexpected property)' },
  { code: 'invalid_prop', when: 'any other error, inside an element' },
];

export const FINAL_ANSWER_ERROR_CODES: ErrorName[] = [
  NOT_FINITE,
  { code: 'invalid_envelope', when: 'any other error' },
];

const json = (what: string): NamedRule => ({
  name: 'json',
  code: 'invalid_json',
  at: [''],
  rule: `${what} given as text is JSON.`,
});

export const BLOCK_RULES: NamedRule[] = [
  json('A block'),
  {
    name: 'byte_budget',
    code: 'too_large',
    at: [''],
    rule:
      `The block as JSON text is at most ${LIMITS.maxBlockBytes} bytes of UTF-8; ` +
      'checked first, and a block over it gets this error alone.',
  },
  {
    name: 'references',
    code: 'missing_ref',
    at: ['/root', '/elements/{id}/children/{i}'],
    rule: 'root and every child name an element of elements.',
  },
  {
    name: 'no_cycles',
    code: 'cycle',
    at: ['/elements/{id}/children/{i}'],
    rule: 'No element is its own ancestor.',
  },
  {
    name: 'one_parent',
    code: 'duplicate_ref',
    at: ['/elements/{id}/children/{i}'],
    rule: 'Each element is referenced once: as root or as one child of one element.',
  },
  {
    name: 'reachable',
    code: 'orphan',
    at: ['/elements/{id}'],
    rule: 'Every element is reachable from root.',
  },
  {
    name: 'depth',
    code: 'too_deep',
    at: ['/elements/{id}'],
    rule:
      `The tree is at most ${LIMITS.maxDepth} levels deep, root being level 1; ` +
      'the error names the first element deeper.',
  },
  {
    name: 'aligned_series',
    code: 'misaligned_series',
    at: ['/elements/{id}/props/series/{i}/values'],
    rule: 'Each Chart series has exactly one value per label.',
  },
  {
    name: 'row_width',
    code: 'row_length',
    at: ['/elements/{id}/props/rows/{i}'],
    rule: 'Each Table row has exactly one cell per column.',
  },
  {
    name: 'unique_field_names',
    code: 'duplicate_field',
    at: ['/elements/{id}/props/fields/{i}/name'],
    rule: 'The fields of a FollowUpForm have different names; each repeat is an error.',
  },
  {
    name: 'field_range',
    code: 'invalid_prop',
    at: ['/elements/{id}/props/fields/{i}/max'],
    rule: "A number field's min is at most its max.",
  },
];

export const FINAL_ANSWER_RULES: NamedRule[] = [
  json('A report'),
  {
    name: 'unique_blocks',
    code: 'duplicate_ref',
    at: ['/ui_block_ids/{i}'],
    rule: 'ui_block_ids names each block once.',
  },
  {
    name: 'published_blocks',
    code: 'missing_ref',
    at: ['/ui_block_ids/{i}'],
    rule: 'Each entry of ui_block_ids names a block published earlier in the same turn.',
  },
];
