/**
 * answer-ui: registers every answer element and exports their classes:
 * the elements of answer-ui/blocks, and the conversation (`<agent-thread>`).
 */
import './elements.js';
import './thread/define.js';
import { prepareUnlessThread } from './components/block/prepare.js';

export * from './elements.js';
export { AgentThread } from './thread/elements/thread.js';
export { formSummary } from './base/form-summary.js';
export type { RequestOptions } from './thread/link/request-options.js';
export type { UIMessage } from './conversation/index.js';
export type { ThreadMessage, AssistantTurn, UserMessage, TurnItem } from './conversation/index.js';
export {
  AnswerSendEvent,
  AnswerFileSelectEvent,
  AnswerApprovalResponseEvent,
  AnswerInterruptResponseEvent,
  AnswerDataEvent,
  AnswerStateEvent,
} from './thread/events.js';

// A page that loads every element and shows no thread is there for its blocks.
prepareUnlessThread();
