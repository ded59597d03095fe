import { define } from '../../base/define.js';
import { AnswerTable } from './table.js';

define('answer-table', AnswerTable);
export { AnswerTable };
