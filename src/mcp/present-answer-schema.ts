import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { catalogJsonSchema, type JsonSchema } from '../catalog/index.js';

/**
 * The `present_answer` input schema as the MCP SDK takes it: `tools/list`
 * advertises the catalog's JSON Schema, but the SDK's own check lets every
 * input through. A block the schema would refuse must still reach
 * `validateBlock`, whose `{ code, path, message }` errors tell the model how
 * to repair it; the SDK's check would answer with a generic message instead.
 */
export function presentAnswerInputSchema(): StandardSchemaWithJSON<unknown, unknown> {
  let schema: JsonSchema | undefined;
  const jsonSchema = () => (schema ??= catalogJsonSchema()) as Record<string, unknown>;
  return {
    '~standard': {
      version: 1,
      vendor: 'answer-ui',
      validate: (value) => ({ value }),
      jsonSchema: { input: jsonSchema, output: jsonSchema },
    },
  };
}
