import { define } from '../../base/define.js';
import { AnswerChart } from './chart.js';

define('answer-chart', AnswerChart);
export { AnswerChart };
