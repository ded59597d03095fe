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
export class AnswerMapLocateEvent extends AnswerEvent<{
  lat: number;
  lng: number;
  zoom: number;
  label: string;
  featureId?: string;
}> {
  constructor(detail: {
    lat: number;
    lng: number;
    zoom: number;
    label: string;
    featureId?: string;
  }) {
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
export class AnswerSendEvent extends AnswerEvent<{
  text: string;
  data?: unknown;
  files?: { url: string; mediaType: string; filename?: string }[];
}> {
  constructor(detail: {
    text: string;
    data?: unknown;
    files?: { url: string; mediaType: string; filename?: string }[];
  }) {
    super('answer-send', detail, { cancelable: true });
  }
}

/** The AG-UI agent state changed (a snapshot or a delta); `state` is the whole new state. */
export class AnswerStateEvent extends AnswerEvent<{ state: unknown }> {
  constructor(detail: { state: unknown }) {
    super('answer-state', detail);
  }
}

/**
 * A `data-*` part the thread does not render itself arrived (`type` is the
 * part's own, e.g. `data-weather`). Transient parts are announced and not kept.
 */
export class AnswerDataEvent extends AnswerEvent<{
  type: string;
  id?: string;
  data: unknown;
  transient: boolean;
}> {
  constructor(detail: { type: string; id?: string; data: unknown; transient: boolean }) {
    super('answer-data', detail);
  }
}

/** The reader chose a file chip; the host decides what opens (nothing remote is loaded by the element). */
export class AnswerFileSelectEvent extends AnswerEvent<{
  url: string;
  mediaType: string;
  filename?: string;
}> {
  constructor(detail: { url: string; mediaType: string; filename?: string }) {
    super('answer-file-select', detail);
  }
}

/** The reader approved or denied a tool call that asked for approval; `reason` only with a denial, when given. */
export class AnswerApprovalResponseEvent extends AnswerEvent<{
  approvalId: string;
  approved: boolean;
  reason?: string;
}> {
  constructor(detail: { approvalId: string; approved: boolean; reason?: string }) {
    super('answer-approval-response', detail);
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
    'answer-file-select': AnswerFileSelectEvent;
    'answer-approval-response': AnswerApprovalResponseEvent;
    'answer-data': AnswerDataEvent;
  }
}
