/**
 * The block every example renders: a metric and a form, as an agent would
 * publish it through `present_answer`. It is set as the `block` property of
 * `<answer-block>` (an object; an attribute could only carry text).
 */
import type { Block } from 'answer-ui';

export const pumpBlock = {
  block_id: 'pump-4',
  fallback_text: 'Pump station 4 runs at 82% of its capacity. Schedule an inspection below.',
  root: 'main',
  elements: {
    main: {
      type: 'Stack',
      props: { direction: 'vertical', gap: 'md' },
      children: ['load', 'inspect'],
    },
    load: {
      type: 'Metric',
      props: {
        label: 'Pump station 4 load',
        value: 0.82,
        format: 'percent',
        caption: 'of capacity',
      },
    },
    inspect: {
      type: 'FollowUpForm',
      props: {
        title: 'Schedule an inspection',
        fields: [
          { name: 'crew', label: 'Crew', kind: 'text', required: true },
          { name: 'urgent', label: 'Urgent', kind: 'checkbox' },
        ],
      },
    },
  },
} satisfies Block;

/** The languages the examples offer, in their own names. */
export const languages = [
  { locale: 'en', name: 'English' },
  { locale: 'de', name: 'Deutsch' },
  { locale: 'ja', name: '日本語' },
  { locale: 'ar', name: 'العربية' },
] as const;
