import { define } from '../shared/define.js';
import { AnswerTable } from './table.js';

define('answer-table', AnswerTable);
export { AnswerTable };
