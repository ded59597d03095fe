import { define } from '../shared/define.js';
import { AnswerMapLocation } from './map-location.js';

define('answer-map-location', AnswerMapLocation);
export { AnswerMapLocation };
