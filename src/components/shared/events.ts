/*
 * The events answer elements fire. Each is a small Event subclass with a
 * readonly `detail`, bubbling and composed so a host can listen anywhere.
 */

import type { FormValue } from '../../catalog/index.js';

export type { FormValue };

abstract class AnswerEvent<D> extends Event {
  constructor(
    type: string,
    readonly detail: D,
    init: EventInit = {},
  ) {
    super(type, { bubbles: true, composed: true, ...init });
  }
}

/** A FollowUpForm was submitted. */
export interface FormSubmitDetail {
  blockId: string;
  /** The form's element id within its block. */
  elementId: string;
  values: Record<string, FormValue>;
}

export class AnswerFormSubmitEvent extends AnswerEvent<FormSubmitDetail> {
  constructor(detail: FormSubmitDetail) {
    super('answer-form-submit', detail);
  }
}

/** The reader asked the host's map to show a place. */
export class AnswerMapLocateEvent extends AnswerEvent<{ lat: number; lng: number; zoom: number; label: string; featureId?: string }> {
  constructor(detail: { lat: number; lng: number; zoom: number; label: string; featureId?: string }) {
    super('answer-map-locate', detail);
  }
}

/** The reader selected an evidence item; the host decides what its `ref` opens. */
export class AnswerSourceSelectEvent extends AnswerEvent<{ ref: string }> {
  constructor(detail: { ref: string }) {
    super('answer-source-select', detail);
  }
}

/** Something the model, the network or storage sent could not be used. */
export class AnswerErrorEvent extends AnswerEvent<{ code: string; message: string }> {
  constructor(detail: { code: string; message: string }) {
    super('answer-error', detail);
  }
}

/** The reader sends a message. Cancelable: a host that calls `preventDefault()` delivers it and feeds the answer itself. */
export class AnswerSendEvent extends AnswerEvent<{ text: string; data?: unknown }> {
  constructor(detail: { text: string; data?: unknown }) {
    super('answer-send', detail, { cancelable: true });
  }
}

/** The AG-UI agent state changed (a snapshot or a delta); `state` is the whole new state. */
export class AnswerStateEvent extends AnswerEvent<{ state: unknown }> {
  constructor(detail: { state: unknown }) {
    super('answer-state', detail);
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'answer-form-submit': AnswerFormSubmitEvent;
    'answer-map-locate': AnswerMapLocateEvent;
    'answer-source-select': AnswerSourceSelectEvent;
    'answer-error': AnswerErrorEvent;
    'answer-send': AnswerSendEvent;
    'answer-state': AnswerStateEvent;
  }
}
