/*
 * The events only the thread fires (see base/events.ts for what they share).
 */

import type { FormValue } from '../catalog/index.js';
import { AnswerEvent } from '../base/events.js';

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

/** The reader answered an AG-UI interrupt's form; the next run resumes with the answer. */
export class AnswerInterruptResponseEvent extends AnswerEvent<{
  interruptId: string;
  values: Record<string, FormValue>;
}> {
  constructor(detail: { interruptId: string; values: Record<string, FormValue> }) {
    super('answer-interrupt-response', detail);
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'answer-send': AnswerSendEvent;
    'answer-state': AnswerStateEvent;
    'answer-file-select': AnswerFileSelectEvent;
    'answer-approval-response': AnswerApprovalResponseEvent;
    'answer-data': AnswerDataEvent;
    'answer-interrupt-response': AnswerInterruptResponseEvent;
  }
}
