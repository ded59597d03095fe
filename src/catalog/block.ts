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
const elementId = () => z.string().check(z.regex(idRegex), notReserved);

export const ElementId = elementId();

export const BlockId = z.string().check(z.regex(idRegex));

export const FallbackText = z.string().check(z.maxLength(LIMITS.maxFallbackText));

const Children = z.array(ElementId).check(z.maxLength(LIMITS.maxNodes));

function elementSchema<N extends ComponentName>(name: N) {
  const shape = {
    type: z.literal(name),
    props: componentProps[name],
    ...(containerComponents.has(name) ? { children: z.optional(Children) } : {}),
  };
  return z.strictObject(shape);
}

const elementUnion = () =>
  z.discriminatedUnion('type', componentNames.map(elementSchema) as unknown as [ReturnType<typeof elementSchema>, ...ReturnType<typeof elementSchema>[]]);

/*
 * The union, the block and the final answer are built by calls marked pure:
 * the validator checks a block's elements one by one and never reads the
 * first two, so a page that only validates blocks drops all three.
 */
export const ElementSchema = /* @__PURE__ */ elementUnion();

/** Envelope fields checked before the elements themselves. */
export const envelopeShape = {
  block_id: BlockId,
  fallback_text: FallbackText,
  // An instance of its own, so that its description can differ from ElementId's.
  root: elementId(),
};

const blockSchema = () => z.strictObject({ ...envelopeShape, elements: z.record(ElementId, ElementSchema) });
export const BlockSchema = /* @__PURE__ */ blockSchema();

const finalAnswerSchema = () =>
  z.strictObject({
    text: z.string().check(z.minLength(1), z.maxLength(LIMITS.maxReportText)),
    ui_block_ids: z.array(BlockId).check(z.maxLength(LIMITS.maxReportBlocks)),
  });
export const FinalAnswerSchema = /* @__PURE__ */ finalAnswerSchema();

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
