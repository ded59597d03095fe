/*
 * Type-checked, never bundled: each line below compiles only while
 * answer-ui/react types the element, its property or its event for real (an
 * untyped element takes anything, and `@ts-expect-error` then fails tsc).
 */
import type { AnswerFormSubmitEvent } from 'answer-ui';

export const typed = [
  // @ts-expect-error: a chart's kind is 'line' | 'bar'
  <answer-chart kind="pie" />,
  // @ts-expect-error: a metric's value is a number or a string
  <answer-metric label="Load" value={{ load: 1 }} />,
  // @ts-expect-error: the detail of answer-form-submit has no `nope`
  <answer-block onanswer-form-submit={(event) => event.detail.nope} />,
  // @ts-expect-error: answer-send's text is a string
  <agent-thread onanswer-send={(event) => event.detail.text satisfies number} />,
  <answer-block onanswer-form-submit={(event: AnswerFormSubmitEvent) => event.detail.values} />,
  <agent-thread ref={(thread) => thread?.stop()} maxFiles={3} resume />,
];
