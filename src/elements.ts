/**
 * The answer elements: registers `<answer-block>` and the nine catalog
 * elements, and exports them with the validator, the events, configuration
 * and localization. Both entries (answer-ui/blocks and answer-ui) are this.
 */
import './components/block/define.js';

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
export { validateBlock, type Block, type ValidationError } from './catalog/index.js';
export {
  AnswerErrorEvent,
  AnswerFormSubmitEvent,
  AnswerMapLocateEvent,
  AnswerSourceSelectEvent,
  type FormSubmitDetail,
  type FormValue,
} from './components/shared/events.js';
export { configureAnswerUI, type AnswerUIOptions, type MapOptions } from './base/config.js';
export {
  setAnswerLocale,
  getAnswerLocale,
  localeDirection,
  answerLocales,
  type AnswerLocale,
} from './base/localization.js';
