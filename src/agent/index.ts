/**
 * answer-ui/agent: the catalog as AI SDK tools, for an agent back end in
 * Node (`ai` 6 or 7). `answerTools(writer)` gives a model `present_answer`
 * and `final_answer`, whose execute steps validate, hand `{ code, path,
 * message }` errors back to the model so it can repair its output, and write
 * only valid blocks and reports to the UI stream. `toModelMessages` gives
 * the model back what it showed, `answerStopWhen` ends the run at its
 * report, and `memoryResumableStreams` keeps an answer in flight resumable.
 * For an AG-UI server, `answerEvents()` gives the same blocks and reports
 * as AG-UI `CUSTOM` events.
 */
export { PRESENT_ANSWER, FINAL_ANSWER } from '../conversation/index.js';
export {
  answerTools,
  writeBlock,
  writeFinalAnswer,
  type PartWriter,
  type ToolOutcome,
} from './tools.js';
export { withoutAnswerToolCalls } from './tool-call-filter.js';
export { toModelMessages, type ModelHistoryOptions } from './history.js';
export { answerStopWhen } from './stop.js';
export {
  answerEvents,
  BLOCK_EVENT_NAME,
  FINAL_ANSWER_EVENT_NAME,
  type AnswerCustomEvent,
  type AnswerEventResult,
} from './ag-ui.js';
export {
  memoryResumableStreams,
  resumeStreamResponse,
  type MemoryResumableStreamsOptions,
  type ResumableStreams,
} from './resumable.js';
