import { msg } from '@lit/localize';
import type { Block, FormFieldT, FormValue } from '../catalog/index.js';
import { formatDate, formatNumber } from './format.js';

/*
 * A submitted form as the reader reads it: each answer formatted in the
 * current locale, and the summary the submission becomes as the reader's
 * next message (in the thread and in the MCP App's host alike).
 */

/** A submitted answer as the reader reads it, in the current locale (numbers and dates formatted). */
export function formatAnswer(
  field: Pick<FormFieldT, 'kind'>,
  value: FormValue | undefined,
): string {
  if (value === null || value === undefined || value === '') return msg('(no answer)');
  if (typeof value === 'boolean') return value ? msg('Yes') : msg('No');
  if (typeof value === 'number') return formatNumber(value);
  return field.kind === 'date' ? formatDate(value) : value;
}

/** A readable message for a form submission: the form's title, then "Label: answer" per field. */
export function formSummary(
  title: string | undefined,
  fields: readonly FormFieldT[],
  values: Record<string, FormValue>,
): string {
  const answers = Object.entries(values).map(([name, value]) => {
    const field = fields.find((f) => f.name === name);
    return `${field?.label ?? name}: ${formatAnswer(field ?? { kind: 'text' }, value)}`;
  });
  return [title, ...answers].filter(Boolean).join('\n');
}

/** The summary of the submission of the form `elementId` of `block` (its fields unknown when it is not one). */
export function blockFormSummary(
  block: Block | undefined,
  elementId: string,
  values: Record<string, FormValue>,
): string {
  const form = block?.elements[elementId];
  const props = form?.type === 'FollowUpForm' ? form.props : undefined;
  return formSummary(props?.title, props?.fields ?? [], values);
}
