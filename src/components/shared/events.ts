/*
 * The events the catalog components fire (see base/events.ts for what
 * they share).
 */

import type { FormValue } from '../../catalog/index.js';
import { AnswerEvent } from '../../base/events.js';

export { AnswerErrorEvent } from '../../base/events.js';
export type { FormValue };

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

declare global {
  interface GlobalEventHandlersEventMap {
    'answer-form-submit': AnswerFormSubmitEvent;
    'answer-map-locate': AnswerMapLocateEvent;
    'answer-source-select': AnswerSourceSelectEvent;
  }
}
