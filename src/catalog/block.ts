import * as z from 'zod/mini';
import { componentProps, componentNames, containerComponents, type ComponentName, type ComponentPropsMap } from './components.js';
import { ID_PATTERN, LIMITS, RESERVED_IDS } from './limits.js';

/*
 * The block envelope: a flat map of elements with child references (the shape
 * json-render uses), plus the `final_answer` input. Graph rules (references,
 * cycles, reachability, depth) and data rules (aligned series, row widths)
 * cannot be said in JSON Schema; `validate.ts` enforces them.
 */

const idRegex = new RegExp(ID_PATTERN);
const notReserved = z.refine<string>((id) => !RESERVED_IDS.includes(id), 'reserved id');

export const ElementId = z.string().check(z.regex(idRegex), notReserved, z.describe('Element id: letters, digits, "_" or "-", at most 64 characters.'));

export const BlockId = z
  .string()
  .check(z.regex(idRegex), z.describe('Stable id of this block. Publishing the same id again in the same turn replaces the block in place.'));

export const FallbackText = z
  .string()
  .check(z.maxLength(LIMITS.maxFallbackText), z.describe('Plain-text summary of the block, shown wherever the block cannot be rendered.'));

const Children = z
  .array(ElementId)
  .check(z.maxLength(LIMITS.maxNodes), z.describe('Ids of child elements, in display order. Each element is referenced once.'));

function elementSchema<N extends ComponentName>(name: N) {
  const shape = {
    type: z.literal(name),
    props: componentProps[name],
    ...(containerComponents.has(name) ? { children: z.optional(Children) } : {}),
  };
  return z.strictObject(shape).check(z.describe(`A ${name} element.`));
}

export const ElementSchema = z.discriminatedUnion(
  'type',
  componentNames.map(elementSchema) as unknown as [ReturnType<typeof elementSchema>, ...ReturnType<typeof elementSchema>[]],
);

/** Envelope fields checked before the elements themselves. */
export const envelopeShape = {
  block_id: BlockId,
  fallback_text: FallbackText,
  root: ElementId.check(z.describe('Id of the top element; every other element must be reachable from it.')),
};

export const BlockSchema = z
  .strictObject({
    ...envelopeShape,
    elements: z.record(ElementId, ElementSchema).check(z.describe(`The elements by id, at most ${LIMITS.maxNodes}.`)),
  })
  .check(z.describe('One answer UI block: a tree of catalog components.'));

export const FinalAnswerSchema = z
  .strictObject({
    text: z
      .string()
      .check(z.minLength(1), z.maxLength(LIMITS.maxReportText), z.describe('The final report in markdown. Raw HTML is not rendered; links must be http(s).')),
    ui_block_ids: z
      .array(BlockId)
      .check(z.maxLength(LIMITS.maxReportBlocks), z.describe('Blocks published earlier in this turn to show with the report, in this order.')),
  })
  .check(z.describe('The final report of a turn and the blocks it keeps on display.'));

export type ElementOf<N extends ComponentName> = {
  type: N;
  props: ComponentPropsMap[N];
  children?: string[];
};
export type BlockElement = { [N in ComponentName]: ElementOf<N> }[ComponentName];

export interface Block {
  block_id: string;
  fallback_text: string;
  root: string;
  elements: Record<string, BlockElement>;
}

export interface FinalAnswer {
  text: string;
  ui_block_ids: string[];
}
