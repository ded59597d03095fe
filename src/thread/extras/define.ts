import { define } from '../../components/shared/define.js';
import { AnswerApproval } from './approval.js';
import { AnswerFiles } from './files.js';
import { AnswerSources } from './sources.js';

/*
 * The elements for what an AI SDK stream carries besides text and blocks:
 * sources, files and tool approvals. A chunk of its own, which a turn loads
 * only once it has one of them.
 */
define('answer-sources', AnswerSources);
define('answer-files', AnswerFiles);
define('answer-approval', AnswerApproval);
export { AnswerApproval, AnswerFiles, AnswerSources };
