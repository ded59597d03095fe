import { componentNames, containerComponents } from './components.js';
import { componentJsonSchema, type JsonSchema } from './json-schema.js';
import { LIMITS } from './limits.js';

/** A compact type expression for one JSON Schema node, e.g. `"line" | "bar"`. */
function typeOf(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (variants) return variants.map(typeOf).join(' | ');
  if (schema.type === 'array') {
    const items = schema.items as JsonSchema;
    const isUnion = Array.isArray(items.enum) || Boolean(items.anyOf ?? items.oneOf);
    return isUnion ? `(${typeOf(items)})[]` : `${typeOf(items)}[]`;
  }
  if (schema.type === 'object') {
    const fields = Object.entries(schema.properties as Record<string, JsonSchema>).map(
      ([key, value]) => {
        const optional = (schema.required as string[] | undefined)?.includes(key) ? '' : '?';
        return `${key}${optional}: ${typeOf(value)}`;
      },
    );
    return `{ ${fields.join(', ')} }`;
  }
  return String(schema.type);
}

function describeComponent(name: (typeof componentNames)[number]): string {
  const schema = componentJsonSchema(name);
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const lines = [
    `### ${name}${containerComponents.has(name) ? ' (takes children)' : ''}`,
    String(schema.description),
  ];
  for (const [key, prop] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
    lines.push(
      `- ${key}${required.has(key) ? '' : '?'}: ${typeOf(prop)} — ${String(prop.description ?? '')}`,
    );
  }
  return lines.join('\n');
}

/**
 * Model-facing description of the catalog, generated from the schemas so it
 * can never disagree with what the validator accepts.
 */
export function catalogPrompt(): string {
  return [
    '## Answer UI blocks',
    'Call `present_answer` with one block to show structured UI inside your answer. A block is',
    '`{ block_id, fallback_text, root, elements }`: `elements` maps ids to `{ type, props, children? }`,',
    `\`root\` names the top element, and every element is referenced exactly once. At most ${LIMITS.maxNodes} elements,`,
    `nesting depth ${LIMITS.maxDepth}, ${LIMITS.maxBlockBytes / 1000} KB of JSON. Chart series have one finite value per label; table rows`,
    'have one cell per column; form field names are unique. No HTML, scripts, URLs or event handlers:',
    'unknown properties are rejected. Publishing the same `block_id` again in the same turn updates that block.',
    'Finish with `final_answer` `{ text, ui_block_ids }`: the markdown report and the blocks to keep on display.',
    'Blocks of earlier turns come back in the conversation as text beginning with `[Answer block "<block_id>" shown to the reader]`,',
    'with their data; they stay as they were, so show a change in a new block.',
    '',
    ...componentNames.map(describeComponent).flatMap((text) => [text, '']),
  ]
    .join('\n')
    .trimEnd();
}
