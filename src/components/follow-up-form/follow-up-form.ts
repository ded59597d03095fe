import { msg } from '@lit/localize';
import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import type { FormFieldT } from '../../catalog/index.js';
import { AnswerFormSubmitEvent, type FormValue } from '../shared/events.js';
import {} from '../../base/format.js';
import { followUpFormStyles } from './follow-up-form.styles.js';
import { AnswerElement } from '../../base/answer-element.js';
import { formatAnswer } from '../../base/form-summary.js';

/**
 * @tag answer-follow-up-form
 * @summary A short form the reader may fill in and submit once.
 *
 * Fields start empty. Submitting runs the browser's own validation
 * (required, min, max), fires `answer-form-submit` with typed values, and
 * turns the form into a read-only record of the answers. With `review-only`
 * the form is shown for looking back at (e.g. from an earlier step of an
 * answer): its fields are disabled, it has no submit button, and it never
 * fires `answer-form-submit`.
 *
 * @fires answer-form-submit - The reader submitted; `detail: { blockId, elementId, values }`, numbers as numbers, checkboxes as booleans, unanswered fields as null.
 * @csspart form - The `<form>`.
 * @csspart submit - The submit button.
 * @csspart answers - The read-only answers after submission.
 * @csspart review-note - The note on a review-only form that it is from an earlier step.
 */
export class AnswerFollowUpForm extends AnswerElement {
  static override styles = followUpFormStyles;

  /** Heading of the form. */
  @property() heading = '';

  /** Why the answers are needed. */
  @property() description?: string;

  /** The fields: `{ name, label, kind, required?, options?, min?, max?, placeholder? }`. */
  @property({ attribute: false }) fields: FormFieldT[] = [];

  /** Label of the submit button (default "Submit"). */
  @property({ attribute: 'submit-label' }) submitLabel?: string;

  /** Id of the block this form belongs to, passed on with `answer-form-submit`. */
  @property({ attribute: 'block-id' }) blockId = '';

  /** Id of this form within its block. */
  @property({ attribute: 'element-id' }) elementId = '';

  /** The submitted answers; once set the form is read-only. Set it to restore a submitted form. */
  @property({ attribute: false }) submission?: Record<string, FormValue>;

  /** Shows the form for review only: fields disabled, no submit button, a note that it is from an earlier step. */
  @property({ type: Boolean, attribute: 'review-only' }) reviewOnly = false;

  private get form() {
    // As Lit's @query: no render root until the element is first connected.
    return this.renderRoot?.querySelector('form');
  }

  private fieldId(field: FormFieldT) {
    return `field-${field.name}`;
  }

  private readValues(form: HTMLFormElement): Record<string, FormValue> {
    const values: Record<string, FormValue> = {};
    for (const field of this.fields ?? []) {
      const control = form.elements.namedItem(field.name);
      if (field.kind === 'checkbox') {
        values[field.name] = (control as HTMLInputElement | null)?.checked ?? false;
      } else if (field.kind === 'radio') {
        values[field.name] = (control as RadioNodeList | null)?.value || null;
      } else if (field.kind === 'number') {
        const input = control as HTMLInputElement | null;
        values[field.name] = input && input.value !== '' ? input.valueAsNumber : null;
      } else {
        const value = (control as HTMLInputElement | null)?.value ?? '';
        values[field.name] = value === '' ? null : value;
      }
    }
    return values;
  }

  private onSubmit(event: SubmitEvent) {
    event.preventDefault();
    const form = this.form;
    if (!form || this.submission || this.reviewOnly) return;
    if (!form.reportValidity()) return;
    const values = this.readValues(form);
    this.submission = values;
    this.dispatchEvent(
      new AnswerFormSubmitEvent({ blockId: this.blockId, elementId: this.elementId, values }),
    );
    // The button the reader pressed is gone: focus moves on to the confirmation, where the form was.
    void this.updateComplete.then(() =>
      this.renderRoot.querySelector<HTMLElement>('.status')?.focus({ preventScroll: true }),
    );
  }

  private renderControl(field: FormFieldT) {
    const id = this.fieldId(field);
    const required = Boolean(field.required);
    const disabled = this.reviewOnly;
    const mark = required ? html`<span class="required" aria-hidden="true">*</span>` : nothing;
    // The label isolated (bdi), so bidi controls in it cannot move the mark.
    const name = html`<bdi>${field.label}</bdi>${mark}`;
    switch (field.kind) {
      case 'textarea':
        return html`<label for=${id}>${name}</label>
          <textarea id=${id} name=${field.name} ?required=${required} ?disabled=${disabled} placeholder=${field.placeholder ?? nothing}></textarea>`;
      case 'select':
        return html`<label for=${id}>${name}</label>
          <select id=${id} name=${field.name} ?required=${required} ?disabled=${disabled}>
            <option value="">${msg('Choose…')}</option>
            ${(field.options ?? []).map((option) => html`<option value=${option}>${option}</option>`)}
          </select>`;
      case 'radio':
        return html`<fieldset>
          <legend>${name}</legend>
          ${(field.options ?? []).map(
            (option, i) =>
              html`<label class="choice"><input type="radio" id="${id}-${i}" name=${field.name} value=${option} ?required=${required} ?disabled=${disabled} />${option}</label>`,
          )}
        </fieldset>`;
      case 'checkbox':
        // One span: a label that wraps keeps the required mark right after its last word.
        return html`<label class="choice"><input type="checkbox" id=${id} name=${field.name} ?required=${required} ?disabled=${disabled} /><span>${name}</span></label>`;
      default:
        return html`<label for=${id}>${name}</label>
          <input
            id=${id}
            name=${field.name}
            type=${field.kind === 'number' ? 'number' : field.kind === 'date' ? 'date' : 'text'}
            step=${field.kind === 'number' ? 'any' : nothing}
            min=${field.min ?? nothing}
            max=${field.max ?? nothing}
            ?required=${required}
            ?disabled=${disabled}
            placeholder=${field.placeholder ?? nothing}
          />`;
    }
  }

  private renderAnswers(submission: Record<string, FormValue>) {
    return html`<dl part="answers">
        ${(this.fields ?? []).map((field) => html`<dt>${field.label}</dt><dd>${formatAnswer(field, submission[field.name])}</dd>`)}
      </dl>
      <p class="status" role="status" tabindex="-1">✓ ${msg('Submitted')}</p>`;
  }

  override render() {
    return html`<div class="card">
      <h3 dir="auto">${this.heading}</h3>
      ${this.description ? html`<p class="description muted" dir="auto">${this.description}</p>` : nothing}
      ${
        this.submission
          ? this.renderAnswers(this.submission)
          : html`<form part="form" @submit=${this.onSubmit}>
            ${this.reviewOnly ? html`<p class="review-note muted" part="review-note">${msg('From an earlier step, for review only.')}</p>` : nothing}
            <div class="fields">
              ${repeat(
                this.fields ?? [],
                (field) => field.name,
                (field) => html`<div class="field">${this.renderControl(field)}</div>`,
              )}
            </div>
            ${
              this.reviewOnly
                ? nothing
                : html`<div class="actions">
                    <button type="submit" class="button primary" part="submit">${this.submitLabel || msg('Submit')}</button>
                  </div>`
            }
          </form>`
      }
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'answer-follow-up-form': AnswerFollowUpForm;
  }
}
