import * as z from 'zod/mini';
import { BlockSchema, envelopeSchemas, FinalAnswerSchema } from './block.js';
import {
  Cell,
  componentNames,
  componentProps,
  containerComponents,
  type ComponentName,
} from './components.js';
import { catalogDescriptions } from './descriptions.js';
import { LIMITS, RESERVED_IDS } from './limits.js';

export type JsonSchema = Record<string, unknown>;

/** Which of the two schemas of a tool: the model's (compact) or a back end's (strict). */
export interface JsonSchemaOptions {
  /**
   * The strict validation schema: every structural rule the validator
   * enforces (lengths, counts, patterns, ranges, the element map's size,
   * which props one prop calls for), for a back end that checks a call with
   * a JSON Schema validator. `contract().validation` lists the rules no
   * schema can state. Default: the compact schema the model is sent.
   */
  strict?: boolean;
}

const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/** JSON Schema for the schemas Zod cannot express by itself. */
const customJsonSchemas = (strict: boolean) =>
  new Map<unknown, JsonSchema>([
    [
      Cell,
      {
        anyOf: [
          { type: 'string', ...(strict && { maxLength: LIMITS.maxLongText }) },
          { type: 'number' },
          { type: 'boolean' },
          { type: 'null' },
        ],
      },
    ],
  ]);

/*
 * What the validator enforces and the model reads once, in the prompt's
 * limits, rather than on every field: lengths, counts, patterns. A provider
 * constrains or checks a call by types, enums, required fields and closed
 * objects, which the schema keeps; the bounds only add tokens to every
 * request, and a call that breaks one gets the validator's repairable error.
 */
const PROMPT_ONLY = [
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'pattern',
  'minProperties',
  'maxProperties',
] as const;

const toJson = (schema: z.ZodMiniType, { described = false, strict = false } = {}): JsonSchema => {
  const custom = customJsonSchemas(strict);
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    ...(described && { metadata: catalogDescriptions() }),
    unrepresentable: ({ zodSchema }) => custom.get(zodSchema) ?? 'throw',
    override: ({ jsonSchema }) => {
      if (!strict) for (const key of PROMPT_ONLY) delete jsonSchema[key];
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
};

/**
 * The `present_answer` tool's input schema (JSON Schema draft 2020-12). By
 * default as the model is sent it: types, enums, required fields, every
 * object closed with `additionalProperties: false`. What each field means is
 * in `catalogPrompt()`, the tool's description, not here. The bounds are
 * checked by `validateBlock` and, with `{ strict: true }`, by this schema; the
 * graph and data rules (references, cycles, reachability, depth, aligned
 * series, row widths, unique field names, byte size) by `validateBlock` only.
 */
export function catalogJsonSchema({ strict = false }: JsonSchemaOptions = {}): JsonSchema {
  if (strict) return strictBlockSchema();
  const schema = toJson(BlockSchema);
  const properties = schema.properties as Record<string, JsonSchema>;
  const elements = properties.elements!;
  // A map of elements: its values are checked, its keys (ids) only by the validator.
  properties.elements = { type: 'object', additionalProperties: elements.additionalProperties };
  return schema;
}

/** The `final_answer` tool's input schema (JSON Schema draft 2020-12), compact or strict. */
export function finalAnswerJsonSchema({ strict = false }: JsonSchemaOptions = {}): JsonSchema {
  const schema = toJson(FinalAnswerSchema, { strict });
  return strict ? { $schema: DRAFT_2020_12, ...schema } : schema;
}

/** One component's props schema with the catalog's notes as `description`s, for docs and the prompt. */
export function componentJsonSchema(name: ComponentName): JsonSchema {
  return toJson(componentProps[name], { described: true });
}

/*
 * The strict block schema follows validate.ts rather than BlockSchema, so
 * that each of its errors lands where the validator's does: an element is
 * matched to its component by `type` (if/then, not oneOf, whose errors
 * would name every component), children are strings (an id that names no
 * element is the `missing_ref` rule's), and the props are the Zod schemas
 * with every bound kept.
 */
function strictBlockSchema(): JsonSchema {
  const { BlockId, FallbackText, ElementId } = envelopeSchemas();
  const strict = (schema: z.ZodMiniType) => toJson(schema, { strict: true });
  // The reserved ids are a Zod refinement, which JSON Schema cannot carry over.
  const elementId = { ...strict(ElementId), not: { enum: RESERVED_IDS } };
  const element = {
    type: 'object',
    properties: { type: { enum: componentNames } },
    required: ['type'],
    allOf: componentNames.map((name) => ({
      if: { properties: { type: { const: name } }, required: ['type'] },
      then: {
        properties: {
          type: true,
          props: withPropRules(name, strict(componentProps[name])),
          ...(containerComponents.has(name) && {
            children: { type: 'array', items: { type: 'string' } },
          }),
        },
        required: ['props'],
        additionalProperties: false,
      },
    })),
  };
  return {
    $schema: DRAFT_2020_12,
    type: 'object',
    properties: {
      block_id: strict(BlockId),
      fallback_text: strict(FallbackText),
      root: elementId,
      elements: {
        type: 'object',
        maxProperties: LIMITS.maxNodes,
        propertyNames: elementId,
        additionalProperties: element,
      },
    },
    required: ['block_id', 'fallback_text', 'root', 'elements'],
    additionalProperties: false,
  };
}

/*
 * The rules of data-rules.ts that a schema can state: which props one
 * prop's value calls for or rules out. The agreement tests hold the two
 * together; the rest of data-rules.ts is in the contract's named rules. A
 * `required` comes with the `properties` it names, as Ajv's strictRequired asks.
 */
const needsCurrency = {
  if: { properties: { format: { const: 'currency' } }, required: ['format'] },
  then: { properties: { currency: true }, required: ['currency'] },
};
const CHOICE_KINDS = ['select', 'radio'];
/** Never valid, like `false`, but Python's jsonschema keeps the property in the error's path. */
const NEVER = { not: {} };

function withPropRules(name: ComponentName, props: JsonSchema): JsonSchema {
  const properties = props.properties as Record<string, JsonSchema>;
  const itemsOf = (key: string) => properties[key]!.items as JsonSchema;
  if (name === 'Metric') props.allOf = [needsCurrency];
  if (name === 'Table') itemsOf('columns').allOf = [needsCurrency];
  if (name === 'FollowUpForm') {
    const field = itemsOf('fields');
    const kinds = (field.properties as Record<string, JsonSchema>).kind!.enum as string[];
    // Each rule applies only to a valid kind: with none, the kind's own error is the one to fix.
    const whenKind = (among: string[], then: JsonSchema) => ({
      if: { properties: { kind: { enum: among } }, required: ['kind'] },
      then,
    });
    field.allOf = [
      whenKind(CHOICE_KINDS, { properties: { options: true }, required: ['options'] }),
      whenKind(
        kinds.filter((kind) => !CHOICE_KINDS.includes(kind)),
        { properties: { options: NEVER } },
      ),
      whenKind(
        kinds.filter((kind) => kind !== 'number'),
        { properties: { min: NEVER, max: NEVER } },
      ),
    ];
  }
  return props;
}
