import { define } from '../shared/define.js';
import { AnswerStack } from './stack.js';

define('answer-stack', AnswerStack);
export { AnswerStack };
