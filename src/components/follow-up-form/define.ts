import { define } from '../../base/define.js';
import { AnswerFollowUpForm } from './follow-up-form.js';

define('answer-follow-up-form', AnswerFollowUpForm);
export { AnswerFollowUpForm };
