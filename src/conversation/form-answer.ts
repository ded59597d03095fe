import type { FormValue } from '../catalog/index.js';
import { isPlainObject as isRecord } from '../catalog/shape.js';

/*
 * The data a form submission travels in with the user message it became
 * (as a `data-answer_form` part): which form of which block, and the
 * answers. The thread writes it; a back end reads it (`toModelMessages`)
 * with `readFormAnswer`.
 */

export interface FormAnswer {
  type: 'answer_form';
  blockId: string;
  /** The form's element id within its block. */
  elementId: string;
  values: Record<string, FormValue>;
}

const isFormValue = (value: unknown) =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** A form answer read back from a message (untrusted), or undefined when it has not that shape. */
export function readFormAnswer(data: unknown): FormAnswer | undefined {
  if (!isRecord(data) || typeof data.blockId !== 'string' || typeof data.elementId !== 'string')
    return undefined;
  if (!isRecord(data.values) || !Object.values(data.values).every(isFormValue)) return undefined;
  const values = data.values as Record<string, FormValue>;
  return { type: 'answer_form', blockId: data.blockId, elementId: data.elementId, values };
}
