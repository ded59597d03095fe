/*
 * What every answer event shares: a small Event subclass with a readonly
 * `detail`, bubbling and composed so a host can listen anywhere. The
 * components' events live with the components (components/shared/events.ts),
 * the thread's with the thread (thread/events.ts).
 */

export abstract class AnswerEvent<D> extends Event {
  constructor(
    type: string,
    readonly detail: D,
    init: EventInit = {},
  ) {
    super(type, { bubbles: true, composed: true, ...init });
  }
}

/** Something the model, the network or storage sent could not be used. */
export class AnswerErrorEvent extends AnswerEvent<{ code: string; message: string }> {
  constructor(detail: { code: string; message: string }) {
    super('answer-error', detail);
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'answer-error': AnswerErrorEvent;
  }
}
