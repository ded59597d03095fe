import { componentNames, type ComponentName } from './components.js';
import { componentJsonSchema, type JsonSchema } from './json-schema.js';
import { LIMITS } from './limits.js';

/*
 * What the model reads about the catalog, said once: the tools' JSON Schemas
 * give the types, enums and required fields, and these texts give what the
 * schema cannot (the rules that tie fields together, the limits, what a
 * field means where its name does not say). Generated from the catalog's
 * notes (`descriptions.ts`) and `LIMITS`, so they never disagree with what
 * the validator accepts.
 */

/** `name: note` for each field with a note, and `name[].field: note` inside arrays of objects. */
function fieldNotes(schema: JsonSchema, prefix = ''): string[] {
  const notes: string[] = [];
  for (const [key, field] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
    if (field.description) notes.push(`${prefix}${key}: ${String(field.description)}`);
    const items = field.items as JsonSchema | undefined;
    if (items?.type === 'object') notes.push(...fieldNotes(items, `${prefix}${key}[].`));
  }
  return notes;
}

function describeComponent(name: ComponentName): string {
  const schema = componentJsonSchema(name);
  const notes = fieldNotes(schema);
  return `- ${name}: ${String(schema.description)}${notes.length ? ` ${notes.join('; ')}.` : ''}`;
}

/**
 * The catalog as a model reads it: the block format, its limits, and a line
 * per component. Any tool or system prompt that asks for blocks can use it.
 */
export function catalogPrompt(): string {
  return [
    'A block is `{ block_id, fallback_text, root, elements }`. `elements` maps ids to',
    '`{ type, props, children? }`; `root` is the top one; every other is one child exactly once.',
    '`fallback_text`: plain-text summary. Ids: up to 64 letters, digits, _ and -.',
    `Limits: ${LIMITS.maxNodes} elements, depth ${LIMITS.maxDepth}, ${LIMITS.maxBlockBytes / 1000} KB;` +
      ` ${LIMITS.maxTableRows} rows of ${LIMITS.maxTableColumns} cells;` +
      ` ${LIMITS.maxChartSeries} series of ${LIMITS.maxChartLabels} values;`,
    `labels and titles ${LIMITS.maxShortText} characters. No HTML, URLs or unknown props.`,
    ...componentNames.map(describeComponent),
  ].join('\n');
}

/**
 * The `present_answer` tool's description (answer-ui/agent, and the
 * contract's): what the tool does within a turn, then the catalog.
 */
export function presentAnswerPrompt(): string {
  return [
    'Shows UI in your answer. The same `block_id` again in this turn replaces the block. Blocks of',
    'earlier turns come back as text `[Answer block "<id>" shown to the reader]`; they stay as they',
    'were: show a change in a new block.',
    catalogPrompt(),
  ].join('\n');
}

/** The `final_answer` tool's description. */
export function finalAnswerPrompt(): string {
  return [
    'Ends the turn with the report (markdown; links http(s) only, no HTML) and `ui_block_ids`, the',
    'blocks of this turn to keep on display, in order. Nothing runs after it: call other tools first.',
    'To answer in one step, call `present_answer` for each block and then `final_answer`, together.',
  ].join('\n');
}
