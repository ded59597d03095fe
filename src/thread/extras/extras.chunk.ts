import { define } from '../../base/define.js';
import '../markdown/define.js';
import { AnswerActivity } from './activity.js';
import { AnswerApproval } from './approval.js';
import { AnswerFiles } from './files.js';
import { AnswerInterrupt } from './interrupt.js';
import { AgentProcess } from './process.js';
import { AnswerSources } from './sources.js';
import { AgentTurn } from './turn.js';

/*
 * The element of an assistant turn (`<agent-turn>`) and of its content besides blocks: its markdown text
 * (`<answer-markdown>`), what an AI SDK stream carries besides text and
 * blocks (sources, files and tool approvals), what an AG-UI run that ended
 * on an interrupt asks (`<answer-interrupt>`), its subagents and activities
 * (`<answer-activity>`), and the steps folded under
 * "View process" (`<agent-process>`; rendered before the chunk is in, it
 * upgrades when it comes, as the report's markdown does). A chunk of its
 * own, which a thread loads when the page is idle, or at once when it has
 * messages to show (`load-extras.ts`), so a thread page paints before any
 * of it is loaded.
 */
define('agent-turn', AgentTurn);
define('answer-sources', AnswerSources);
define('answer-files', AnswerFiles);
define('answer-approval', AnswerApproval);
define('answer-interrupt', AnswerInterrupt);
define('answer-activity', AnswerActivity);
define('agent-process', AgentProcess);
export { MessageActions } from '../controllers/message-actions.js';
export {
  AgentProcess,
  AgentTurn,
  AnswerActivity,
  AnswerApproval,
  AnswerFiles,
  AnswerInterrupt,
  AnswerSources,
};
