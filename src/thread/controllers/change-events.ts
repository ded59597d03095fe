import { describeErrors } from '../../catalog/index.js';
import type { Change, ThreadState } from '../../conversation/index.js';
import { listenWhileConnected } from '../changes.js';
import type { ReactiveControllerHost } from 'lit';
import { AnswerDataEvent } from '../events.js';
import { AnswerErrorEvent } from '../../base/events.js';
import { noticeText } from '../notices.js';

/**
 * The events a change of the conversation owes the host: `answer-error` for
 * a notice and for a rejected block, `answer-data` for a data part the
 * thread does not render itself.
 */
export function changeEvents(change: Change): Event[] {
  const events: Event[] = [];
  if (change.notice)
    events.push(
      new AnswerErrorEvent({
        code: change.notice.code,
        message: change.notice.detail || noticeText(change.notice),
      }),
    );
  if (change.rejected)
    events.push(
      new AnswerErrorEvent({
        code: change.rejected.errors[0]!.code,
        message: describeErrors(change.rejected.errors),
      }),
    );
  if (change.data) events.push(new AnswerDataEvent(change.data));
  return events;
}

/** Fires on `host` the events each change of `state` owes the host, while `host` is on the page. */
export function fireChangeEvents(
  host: ReactiveControllerHost & EventTarget,
  state: Pick<ThreadState, 'listen'>,
): void {
  listenWhileConnected(host, state, (change) => {
    for (const event of changeEvents(change)) host.dispatchEvent(event);
  });
}
