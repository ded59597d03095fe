import { define } from '../../base/define.js';
import { AnswerMarkdown } from './markdown.js';

define('answer-markdown', AnswerMarkdown);
export { AnswerMarkdown };
