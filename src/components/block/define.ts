import { define } from '../shared/define.js';
import { AnswerBlock } from './block.js';

define('answer-block', AnswerBlock);
export { AnswerBlock };
