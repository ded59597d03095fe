/*
 * Type-checked by svelte-check, never bundled: each line below compiles only
 * while answer-ui/svelte types the element, its property or its event for
 * real (an untyped element takes anything, and `@ts-expect-error` then fails).
 * The props are those svelte-check checks a template's attributes against.
 */
import type {} from 'answer-ui/svelte';
import type { SvelteHTMLElements } from 'svelte/elements';
import type { AnswerFormSubmitEvent } from 'answer-ui';

type Props<Tag extends keyof SvelteHTMLElements> = SvelteHTMLElements[Tag];

export const typed = [
  // @ts-expect-error: a chart's kind is 'line' | 'bar'
  { kind: 'pie' } satisfies Props<'answer-chart'>,
  // @ts-expect-error: a metric's value is a number or a string
  { label: 'Load', value: { load: 1 } } satisfies Props<'answer-metric'>,
  {
    // @ts-expect-error: the detail of answer-form-submit has no `nope`
    'onanswer-form-submit': (event) => event.detail.nope,
  } satisfies Props<'answer-block'>,
  {
    // @ts-expect-error: answer-send's text is a string
    'onanswer-send': (event) => event.detail.text satisfies number,
  } satisfies Props<'agent-thread'>,
  {
    'onanswer-form-submit': (event: AnswerFormSubmitEvent) => event.detail.values,
  } satisfies Props<'answer-block'>,
  { maxFiles: 3, resume: true } satisfies Props<'agent-thread'>,
];
