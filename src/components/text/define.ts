import { define } from '../shared/define.js';
import { AnswerText } from './text.js';

define('answer-text', AnswerText);
export { AnswerText };
