import { define } from '../../components/shared/define.js';
import { AnswerMarkdown } from './markdown.js';

define('answer-markdown', AnswerMarkdown);
export { AnswerMarkdown };
