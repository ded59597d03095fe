import { define } from '../../base/define.js';
import { AnswerEvidence } from './evidence.js';

define('answer-evidence', AnswerEvidence);
export { AnswerEvidence };
