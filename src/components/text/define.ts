import { define } from '../../base/define.js';
import { AnswerText } from './text.js';

define('answer-text', AnswerText);
export { AnswerText };
