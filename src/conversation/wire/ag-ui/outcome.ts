import type { ResumeEntry } from '@ag-ui/core';
import {
  FIELD_NAME_PATTERN,
  LIMITS,
  validateBlock,
  type Block,
  type FormFieldT,
} from '../../../catalog/index.js';
import { isPlainObject, isString as str, truncate } from '../../../catalog/shape.js';
import { ANSWER_TOOLS } from '../../names.js';
import {
  toolCallIdOf,
  type AssistantTurn,
  type InterruptItem,
  type ThreadMessage,
  type ToolItem,
} from '../../messages.js';

/*
 * How an AG-UI 1.0 run ended (`RUN_FINISHED.outcome`) and what the next
 * run sends back for it (`RunAgentInput.resume`). The outcome comes from the
 * network: it is read field by field, bounded, and anything else is taken as
 * the success an absent outcome means, as the protocol asks of an outcome a
 * consumer does not recognise.
 */

/** An outcome as the thread takes it. */
export type Outcome =
  | { type: 'success'; pendingToolCallIds?: string[] }
  | { type: 'cancelled' }
  | { type: 'interrupt'; interrupts: Interrupt[] };

export interface Interrupt {
  id: string;
  reason: string;
  message?: string;
  responseSchema?: Record<string, unknown>;
  expiresAt?: string;
}

/** Interrupts taken from one outcome, and pending calls named by it: a run has few. */
const MAX_INTERRUPTS = 16;
const MAX_PENDING = 256;
const MAX_ID = 200;
/** JSON characters of a response schema made into a form; a larger one gets a text answer. */
const MAX_SCHEMA = 16_000;

const id = (value: unknown): value is string =>
  str(value) && value.length > 0 && value.length <= MAX_ID;

function readInterrupt(raw: unknown): Interrupt | undefined {
  if (!isPlainObject(raw) || !id(raw.id) || !str(raw.reason)) return undefined;
  let schema: Record<string, unknown> | undefined;
  try {
    if (
      isPlainObject(raw.responseSchema) &&
      JSON.stringify(raw.responseSchema).length <= MAX_SCHEMA
    )
      schema = raw.responseSchema;
  } catch {
    schema = undefined;
  }
  return {
    id: raw.id,
    reason: truncate(raw.reason, LIMITS.maxShortText),
    ...(str(raw.message) && raw.message
      ? { message: truncate(raw.message, LIMITS.maxLongText) }
      : {}),
    ...(schema ? { responseSchema: schema } : {}),
    ...(str(raw.expiresAt) && raw.expiresAt.length <= MAX_ID ? { expiresAt: raw.expiresAt } : {}),
  };
}

/** `RUN_FINISHED.outcome` as the thread takes it. */
export function readOutcome(raw: unknown): Outcome {
  if (!isPlainObject(raw)) return { type: 'success' };
  if (raw.type === 'cancelled') return { type: 'cancelled' };
  if (raw.type === 'interrupt' && Array.isArray(raw.interrupts)) {
    const interrupts = raw.interrupts
      .slice(0, MAX_INTERRUPTS)
      .map(readInterrupt)
      .filter((i): i is Interrupt => i !== undefined);
    if (interrupts.length) return { type: 'interrupt', interrupts };
  }
  const pending = Array.isArray(raw.pendingToolCallIds)
    ? raw.pendingToolCallIds.slice(0, MAX_PENDING).filter(id)
    : undefined;
  return { type: 'success', ...(pending?.length ? { pendingToolCallIds: pending } : {}) };
}

/** A field for one property of a flat object schema, or undefined when it is not one a form has. */
function fieldOf(name: string, raw: unknown, required: boolean): FormFieldT | undefined {
  if (!new RegExp(FIELD_NAME_PATTERN).test(name) || !isPlainObject(raw)) return undefined;
  const label = truncate(str(raw.title) && raw.title ? raw.title : name, LIMITS.maxShortText);
  const base = { name, label, ...(required ? { required: true } : {}) };
  if (Array.isArray(raw.enum)) {
    if (!raw.enum.length || !raw.enum.every(str)) return undefined;
    return { ...base, kind: 'select', options: raw.enum };
  }
  switch (raw.type) {
    case 'string':
      return { ...base, kind: raw.format === 'date' ? 'date' : 'text' };
    case 'number':
    case 'integer':
      return {
        ...base,
        kind: 'number',
        ...(typeof raw.minimum === 'number' ? { min: raw.minimum } : {}),
        ...(typeof raw.maximum === 'number' ? { max: raw.maximum } : {}),
      };
    case 'boolean':
      // A checkbox is always answered (checked or not): it cannot be required.
      return { name, label, kind: 'checkbox' };
    default:
      return undefined;
  }
}

/**
 * The fields of a flat object schema (string, number, boolean and enum
 * properties), or undefined when the schema asks for more than such a form.
 */
function fieldsOf(schema: Record<string, unknown>): FormFieldT[] | undefined {
  if (schema.type !== 'object' || !isPlainObject(schema.properties)) return undefined;
  const required = Array.isArray(schema.required) ? schema.required.filter(str) : [];
  const fields = Object.entries(schema.properties).map(([name, property]) =>
    fieldOf(name, property, required.includes(name)),
  );
  return fields.length && fields.every(Boolean) ? (fields as FormFieldT[]) : undefined;
}

/** A form asking `text`: its start as the title, the whole of a longer one under it. */
function formBlock(text: string, fields: FormFieldT[]): Block | undefined {
  const title = truncate(text, LIMITS.maxShortText);
  const description = title === text ? {} : { description: text };
  const result = validateBlock({
    block_id: 'interrupt',
    fallback_text: text,
    root: 'form',
    elements: { form: { type: 'FollowUpForm', props: { title, ...description, fields } } },
  });
  return result.ok ? result.block : undefined;
}

/**
 * The item an interrupt is shown as: its message, and when it carries a
 * `responseSchema`, a form for the answer (FollowUpForm): the schema's own
 * fields when it is a flat object, else one text field labelled
 * `answerLabel` whose text is the answer.
 */
export function interruptItem(interrupt: Interrupt, answerLabel: string): InterruptItem {
  const title = interrupt.message ?? interrupt.reason;
  const schema = interrupt.responseSchema;
  const fields = schema && fieldsOf(schema);
  const form = fields && formBlock(title, fields);
  const textForm =
    schema && !form
      ? formBlock(title, [{ name: 'answer', label: answerLabel, kind: 'textarea', required: true }])
      : undefined;
  return {
    kind: 'interrupt',
    key: `interrupt:${interrupt.id}`,
    interruptId: interrupt.id,
    reason: interrupt.reason,
    ...(interrupt.message ? { message: interrupt.message } : {}),
    ...(interrupt.expiresAt ? { expiresAt: interrupt.expiresAt } : {}),
    ...(form ? { form } : textForm ? { form: textForm, textAnswer: true as const } : {}),
  };
}

/**
 * Applies the outcome to the turn the run streamed, before it ends: an
 * interrupt's item is added; the calls the run left for the application
 * (those it names, or when it names none every call still without a
 * result, as `HttpAgent` derives them), and those of a run paused on an
 * interrupt, wait rather than fail.
 */
export function applyOutcome(turn: AssistantTurn, outcome: Outcome, answerLabel: string) {
  if (outcome.type === 'interrupt')
    for (const interrupt of outcome.interrupts)
      if (!turn.items.some((i) => i.key === `interrupt:${interrupt.id}`))
        turn.items.push(interruptItem(interrupt, answerLabel));
  if (outcome.type === 'cancelled') return;
  // A run paused on an interrupt did not fail its calls either: they go on when it resumes.
  const named = outcome.type === 'success' ? outcome.pendingToolCallIds : undefined;
  for (const item of turn.items) {
    if (item.kind !== 'tool' || ANSWER_TOOLS.includes(item.name)) continue;
    const pending = named ? named.includes(toolCallIdOf(item)) : item.status === 'running';
    if (pending && item.output === undefined && item.errorText === undefined)
      (item as ToolItem).status = 'waiting';
  }
}

/** Whether an interrupt can no longer be answered (a date that does not parse never expires, as the protocol says). */
const expired = (item: InterruptItem, now: number) =>
  item.expiresAt !== undefined && Date.parse(item.expiresAt) <= now;

/**
 * What the next run sends back for the interrupts of the last answer, as
 * `HttpAgent` requires (every open interrupt addressed, an expired one
 * only cancelled): each one answered with the reader's answer, any other
 * as abandoned (marked `cancelled` here, so its form is closed and nothing
 * asks again). Returns the entries and the turn that changed, to be saved.
 */
export function resumeEntries(messages: readonly ThreadMessage[]): {
  resume: ResumeEntry[];
  turn?: AssistantTurn;
} {
  const turn = messages.findLast((m): m is AssistantTurn => m.role === 'assistant');
  const interrupts = (turn?.items ?? []).filter((i): i is InterruptItem => i.kind === 'interrupt');
  if (!interrupts.length) return { resume: [] };
  const now = Date.now();
  const resume = interrupts.map((item): ResumeEntry => {
    if (!item.answer || expired(item, now)) {
      item.cancelled = true;
      return { interruptId: item.interruptId, status: 'cancelled' };
    }
    const payload = item.textAnswer ? item.answer.answer : item.answer;
    return { interruptId: item.interruptId, status: 'resolved', payload };
  });
  return { resume, turn };
}
