import { define } from '../../base/define.js';
import { AnswerSection } from './section.js';

define('answer-section', AnswerSection);
export { AnswerSection };
