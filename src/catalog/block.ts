import * as z from 'zod/mini';
import {
  componentNames,
  componentProps,
  containerComponents,
  type ComponentName,
  type ComponentPropsMap,
} from './components.js';
import { ID_PATTERN, LIMITS, RESERVED_IDS } from './limits.js';

/*
 * The block envelope: a flat map of elements with child references (the shape
 * json-render uses), plus the `final_answer` input. Graph rules (references,
 * cycles, reachability, depth) and data rules (aligned series, row widths)
 * cannot be said in JSON Schema; `validate.ts` enforces them.
 */

function buildEnvelope() {
  const idRegex = new RegExp(ID_PATTERN);
  const notReserved = z.refine<string>((id) => !RESERVED_IDS.includes(id), 'reserved id');
  const elementId = () => z.string().check(z.regex(idRegex), notReserved);
  const ElementId = elementId();
  const BlockId = z.string().check(z.regex(idRegex));
  const FallbackText = z.string().check(z.maxLength(LIMITS.maxFallbackText));
  /** Envelope fields checked before the elements themselves. */
  const envelopeShape = {
    block_id: BlockId,
    fallback_text: FallbackText,
    // An instance of its own, so that its description can differ from ElementId's.
    root: elementId(),
  };
  const FinalAnswerSchema = z.strictObject({
    text: z.string().check(z.minLength(1), z.maxLength(LIMITS.maxReportText)),
    ui_block_ids: z.array(BlockId).check(z.maxLength(LIMITS.maxReportBlocks)),
  });
  return { ElementId, BlockId, FallbackText, envelopeShape, FinalAnswerSchema };
}

type Envelope = ReturnType<typeof buildEnvelope>;
let envelope: Envelope | undefined;
/** The envelope's and the final answer's schemas, built on the first call (as the components' are). */
export const envelopeSchemas = (): Envelope => (envelope ??= buildEnvelope());
const schema = <K extends keyof Envelope>(name: K): Envelope[K] => envelopeSchemas()[name];

export const ElementId = /* @__PURE__ */ schema('ElementId');
export const BlockId = /* @__PURE__ */ schema('BlockId');
export const FallbackText = /* @__PURE__ */ schema('FallbackText');
export const FinalAnswerSchema = /* @__PURE__ */ schema('FinalAnswerSchema');

const elementUnion = () => {
  const Children = z.array(ElementId).check(z.maxLength(LIMITS.maxNodes));
  const elementSchema = <N extends ComponentName>(name: N) =>
    z.strictObject({
      type: z.literal(name),
      props: componentProps[name],
      ...(containerComponents.has(name) ? { children: z.optional(Children) } : {}),
    });
  type Element = ReturnType<typeof elementSchema>;
  return z.discriminatedUnion(
    'type',
    componentNames.map(elementSchema) as unknown as [Element, ...Element[]],
  );
};

/*
 * The validator checks a block's elements one by one and never reads the
 * union or the block schema: these are for the JSON Schema export, and a
 * page that only validates drops them.
 */
export const ElementSchema = /* @__PURE__ */ elementUnion();
const blockSchema = () =>
  z.strictObject({
    ...envelopeSchemas().envelopeShape,
    elements: z.record(ElementId, ElementSchema),
  });
export const BlockSchema = /* @__PURE__ */ blockSchema();

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
