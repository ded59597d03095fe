import { define } from '../../base/define.js';
import { AnswerBlock } from './block.js';
import { prepareWhenIdle } from './prepare.js';

define('answer-block', AnswerBlock);
prepareWhenIdle();
export { AnswerBlock };
