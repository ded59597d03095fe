import { define } from '../../base/define.js';
import { AnswerMetric } from './metric.js';

define('answer-metric', AnswerMetric);
export { AnswerMetric };
