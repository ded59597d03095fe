import { describeErrors } from '../catalog/index.js';
import type { Change } from '../conversation/index.js';
import { AnswerErrorEvent } from '../components/shared/events.js';
import { noticeText } from './turn.js';

/** The `answer-error` events a change of the conversation owes the host: one for a notice, one for a rejected block. */
export function errorEvents(change: Change): AnswerErrorEvent[] {
  const events: AnswerErrorEvent[] = [];
  if (change.notice) events.push(new AnswerErrorEvent({ code: change.notice.code, message: change.notice.detail || noticeText(change.notice) }));
  if (change.rejected) events.push(new AnswerErrorEvent({ code: change.rejected.errors[0]!.code, message: describeErrors(change.rejected.errors) }));
  return events;
}
