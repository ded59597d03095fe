import * as z from 'zod/mini';
import { BlockSchema, FinalAnswerSchema } from './block.js';
import { Cell, componentProps, type ComponentName } from './components.js';
import { catalogDescriptions } from './descriptions.js';

export type JsonSchema = Record<string, unknown>;

/** JSON Schema for the schemas Zod cannot express by itself. */
const customJsonSchemas = new Map<unknown, JsonSchema>([
  [
    Cell,
    { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }] },
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

const toJson = (schema: z.ZodMiniType, { described = false } = {}): JsonSchema => {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    ...(described && { metadata: catalogDescriptions() }),
    unrepresentable: ({ zodSchema }) => customJsonSchemas.get(zodSchema) ?? 'throw',
    override: ({ jsonSchema }) => {
      for (const key of PROMPT_ONLY) delete jsonSchema[key];
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
};

/**
 * The `present_answer` tool's input schema (JSON Schema draft 2020-12), as
 * the model is sent it: types, enums, required fields, every object closed
 * with `additionalProperties: false` (the element map through
 * `patternProperties`). What each field means is in `catalogPrompt()`, the
 * tool's description, not here. The bounds and the graph and data rules
 * (references, cycles, reachability, depth, aligned series, row widths,
 * unique field names, byte size) are enforced by `validateBlock` only.
 */
export function catalogJsonSchema(): JsonSchema {
  const schema = toJson(BlockSchema);
  const properties = schema.properties as Record<string, JsonSchema>;
  const elements = properties.elements!;
  // A map of elements: its values are checked, its keys (ids) only by the validator.
  properties.elements = { type: 'object', additionalProperties: elements.additionalProperties };
  return schema;
}

/** The `final_answer` tool's input schema (JSON Schema draft 2020-12). */
export function finalAnswerJsonSchema(): JsonSchema {
  return toJson(FinalAnswerSchema);
}

/** One component's props schema with the catalog's notes as `description`s, for docs and the prompt. */
export function componentJsonSchema(name: ComponentName): JsonSchema {
  return toJson(componentProps[name], { described: true });
}
