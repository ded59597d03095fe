import { define } from '../shared/define.js';
import { AnswerFollowUpForm } from './follow-up-form.js';

define('answer-follow-up-form', AnswerFollowUpForm);
export { AnswerFollowUpForm };
