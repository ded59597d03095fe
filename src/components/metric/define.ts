import { define } from '../shared/define.js';
import { AnswerMetric } from './metric.js';

define('answer-metric', AnswerMetric);
export { AnswerMetric };
