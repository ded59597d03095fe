import { define } from '../../base/define.js';
import { AnswerMapLocation } from './map-location.js';

define('answer-map-location', AnswerMapLocation);
export { AnswerMapLocation };
