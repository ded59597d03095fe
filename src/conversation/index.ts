/**
 * The conversation as data: messages and turn items, the stream part
 * reader, the thread state machine, and every protocol name. No DOM, no
 * Lit: the thread renders it, the store saves it, the agent helpers read it.
 */
export * from './names.js';
export * from './messages.js';
export { answerPieces, type AnswerPiece } from './answer-pieces.js';
export { readPart, type StreamPart } from './parts.js';
export {
  ThreadState,
  type Change,
  type ChangeListener,
  type SurfacePart,
  type SurfaceShower,
} from './thread-state.js';
export { takeLateResult } from './late-results.js';
export { readFormAnswer, type FormAnswer } from './form-answer.js';
export { answerApproval, pendingApprovals } from './approvals.js';
export {
  carriedByCall,
  isReportOf,
  reportCarriedByCall,
  SHORTENED_NOTE,
  toUIMessages,
  type UIMessage,
} from './wire/ai-sdk.js';
export {
  endsRun,
  EventStreamParser,
  MAX_EVENT_LENGTH,
  OVERSIZED_EVENT,
  type StreamEvent,
} from './sse.js';
export { repairRequest } from './answer-tools.js';
