import { define } from '../../base/define.js';
import '../markdown/define.js';
import { AnswerApproval } from './approval.js';
import { AnswerFiles } from './files.js';
import { AgentProcess } from './process.js';
import { AnswerSources } from './sources.js';
import { AgentTurn } from './turn.js';

/*
 * The element of an assistant turn (`<agent-turn>`) and of its content besides blocks: its markdown text
 * (`<answer-markdown>`), what an AI SDK stream carries besides text and
 * blocks (sources, files and tool approvals), and the steps folded under
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
define('agent-process', AgentProcess);
export { AgentProcess, AgentTurn, AnswerApproval, AnswerFiles, AnswerSources };
