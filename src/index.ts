/**
 * answer-ui: registers every answer element and exports their classes.
 */
import './components/block/define.js';
import './thread/define.js';

export { AnswerBlock } from './components/block/block.js';
export { AnswerStack } from './components/stack/stack.js';
export { AnswerSection } from './components/section/section.js';
export { AnswerText } from './components/text/text.js';
export { AnswerMetric } from './components/metric/metric.js';
export { AnswerTable } from './components/table/table.js';
export { AnswerChart, type ChartView } from './components/chart/chart.js';
export { AnswerEvidence } from './components/evidence/evidence.js';
export { AnswerMapLocation } from './components/map-location/map-location.js';
export { AnswerFollowUpForm } from './components/follow-up-form/follow-up-form.js';
export { AgentThread } from './thread/thread.js';
export { formSummary } from './thread/form-submission.js';
export { AnswerMarkdown } from './thread/markdown/markdown.js';
export type { RequestOptions, UIMessage } from './thread/transport.js';
export type { ThreadMessage, AssistantTurn, UserMessage, TurnItem } from './conversation/index.js';
export {
  AnswerErrorEvent,
  AnswerSendEvent,
  AnswerFormSubmitEvent,
  AnswerMapLocateEvent,
  AnswerSourceSelectEvent,
  type FormSubmitDetail,
  type FormValue,
} from './components/shared/events.js';
export { configureAnswerUI, type AnswerUIOptions, type MapOptions } from './config.js';
export { setAnswerLocale, getAnswerLocale, localeDirection, answerLocales, type AnswerLocale } from './localization.js';
