import { define } from '../../base/define.js';
import { AnswerStack } from './stack.js';

define('answer-stack', AnswerStack);
export { AnswerStack };
