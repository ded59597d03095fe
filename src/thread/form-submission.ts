import type { Block, FormFieldT, FormValue } from '../catalog/index.js';
import type { BlockItem } from '../conversation/index.js';
import { formatAnswer } from '../components/follow-up-form/follow-up-form.js';
import type { FormSubmitDetail } from '../components/shared/events.js';

/** A readable user message for a form submission: "Title — Label: answer; …". */
export function formSummary(title: string | undefined, fields: readonly FormFieldT[], values: Record<string, FormValue>): string {
  const answers = Object.entries(values).map(([name, value]) => {
    const field = fields.find((f) => f.name === name);
    return `${field?.label ?? name}: ${formatAnswer(field ?? { kind: 'text' }, value)}`;
  });
  return [title, answers.join('\n')].filter(Boolean).join('\n');
}

/** The user message a form submission becomes: its answers as text, and the submission itself as data. */
export function submissionMessage(item: BlockItem | undefined, { blockId, elementId, values }: FormSubmitDetail) {
  const block = item?.valid ? (item.block as Block) : undefined;
  const form = block?.elements[elementId];
  const props = form?.type === 'FollowUpForm' ? form.props : undefined;
  return { text: formSummary(props?.title, props?.fields ?? [], values), data: { type: 'answer_form', blockId, elementId, values } };
}
