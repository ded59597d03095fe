import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html, nothing } from 'lit';
import type { FormFieldT } from '../src/catalog/index.js';
import type { FormValue } from '../src/index.js';
import '../src/index.js';
import { everyKindFields, everyKindSubmission } from './fixtures.js';

interface FormArgs {
  heading: string;
  description?: string;
  fields: FormFieldT[];
  submitLabel?: string;
  blockId: string;
  elementId: string;
  submission?: Record<string, FormValue>;
  reviewOnly: boolean;
}

const meta: Meta<FormArgs> = {
  title: 'Components/FollowUpForm',
  component: 'answer-follow-up-form',
  args: {
    heading: 'Book a technician',
    description: 'We need a few details to schedule the repair of valve V-12.',
    fields: everyKindFields,
    submitLabel: 'Send request',
    blockId: 'pump-4-report',
    elementId: 'booking',
    submission: undefined,
    reviewOnly: false,
  },
  argTypes: {
    heading: { control: 'text' },
    description: { control: 'text' },
    fields: {
      control: 'object',
      description:
        "`{ name, label, kind: 'text'|'textarea'|'number'|'select'|'radio'|'checkbox'|'date', required?, options?, min?, max?, placeholder? }`",
    },
    submitLabel: { name: 'submit-label', control: 'text' },
    blockId: { name: 'block-id', control: 'text' },
    elementId: { name: 'element-id', control: 'text' },
    submission: {
      control: 'object',
      description: 'Submitted values; when set the form is read-only',
    },
    reviewOnly: {
      name: 'review-only',
      control: 'boolean',
      description: 'For review only: fields disabled, no submit button',
    },
  },
  render: (args) => html`<answer-follow-up-form
    style="max-width: 36rem"
    heading=${args.heading}
    description=${args.description ?? nothing}
    .fields=${args.fields}
    submit-label=${args.submitLabel ?? nothing}
    block-id=${args.blockId}
    element-id=${args.elementId}
    .submission=${args.submission}
    ?review-only=${args.reviewOnly}
  ></answer-follow-up-form>`,
};
export default meta;

type Story = StoryObj<FormArgs>;

/** Every field kind, before submitting. Submitting logs `answer-form-submit` in the Actions panel. */
export const BeforeSubmit: Story = {};

/** The submitted, read-only state (restored through `.submission`). */
export const Submitted: Story = { args: { submission: everyKindSubmission } };

export const SubmittedWithoutAnswers: Story = {
  args: {
    submission: {
      site: 'Pump station 1',
      priority: 'Low',
      flow: null,
      contact: null,
      visit: null,
      details: null,
      confirm: false,
    },
  },
};

/** For review only (e.g. folded into an answer's process): the fields are disabled and there is no submit button. */
export const ReviewOnly: Story = { args: { reviewOnly: true } };

/** Fills in the form and submits it through the UI. */
export const FilledAndSubmitted: Story = {
  play: async ({ canvasElement }) => {
    const form = canvasElement.querySelector('answer-follow-up-form')!;
    await form.updateComplete;
    const root = form.shadowRoot!;
    const set = (selector: string, value: string) => {
      const control = root.querySelector<
        HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement
      >(selector)!;
      control.value = value;
      control.dispatchEvent(new Event('input', { bubbles: true }));
      control.dispatchEvent(new Event('change', { bubbles: true }));
    };
    set('select[name="site"]', 'Pump station 2');
    root.querySelector<HTMLInputElement>('input[name="priority"][value="Normal"]')!.click();
    set('input[name="flow"]', '380');
    set('input[name="contact"]', 'Sam Lee');
    root.querySelector<HTMLInputElement>('input[name="confirm"]')!.click();
    root.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await form.updateComplete;
  },
};

export const SingleTextarea: Story = {
  args: {
    heading: 'Anything we missed?',
    description: undefined,
    submitLabel: undefined,
    fields: [
      { name: 'feedback', label: 'Your feedback', kind: 'textarea', placeholder: 'Optional' },
    ],
  },
};

export const LongLabels: Story = {
  args: {
    heading:
      'Confirm the shutdown window for the maintenance of the outlet valve at pump station four',
    fields: [
      {
        name: 'window',
        label:
          'Which of the proposed two-hour maintenance windows suits the hospital district best?',
        kind: 'radio',
        options: [
          'Tuesday 02:00–04:00 (lowest demand)',
          'Wednesday 13:00–15:00',
          'Saturday 06:00–08:00',
        ],
        required: true,
      },
      {
        name: 'ack',
        label:
          'I have informed the hospital facilities team about the planned interruption of the water supply',
        kind: 'checkbox',
        required: true,
      },
    ],
  },
};
