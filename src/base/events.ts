/*
 * What every answer event shares: a small Event subclass with a readonly
 * `detail`, bubbling and composed so a host can listen anywhere. The
 * components' events live with the components (components/shared/events.ts),
 * the thread's with the thread (thread/events.ts).
 */

/**
 * Dispatched on `window` before an answer is printed from its Export choices, as the browser
 * fires `beforeprint` before its own print: elements that draw only once in view (charts, maps)
 * draw now, so that paper shows them.
 */
export const PREPARE_PRINT = 'answer-prepare-print';

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
