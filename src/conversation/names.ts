/*
 * Every name the conversation protocol spells, once. The other layers
 * import these; a union type is derived from each list so that a runtime
 * check (restoring a record) and the type can never disagree.
 */

/** The tool whose input is an answer block. */
export const PRESENT_ANSWER = 'present_answer';
/** The tool whose input is the final report. */
export const FINAL_ANSWER = 'final_answer';
/** Tool calls that are the answer UI itself rather than steps to show. */
export const ANSWER_TOOLS: readonly string[] = [PRESENT_ANSWER, FINAL_ANSWER];

/** The UI message stream part that carries a block (`id` = block_id, `data` = block). */
export const BLOCK_PART = 'data-answer_ui';
/** The UI message stream part that carries the final report. */
export const FINAL_ANSWER_PART = 'data-final_answer';
/** The data part a form submission travels in, with the user message it became. */
export const FORM_ANSWER_PART = 'data-answer_form';

/**
 * The part that carries an A2UI surface: `data` is its messages so far (an
 * array, or `{ messages }`); a part with the same `id` replaces them, as the
 * AI SDK's data parts do. The thread shows the blocks the surface becomes.
 */
export const A2UI_PART = 'data-a2ui';

/** The prefix of every data part; `data-answer_ui` and the other answer parts are the thread's own. */
export const DATA_PART_PREFIX = 'data-';
/** Data parts the thread renders itself; any other `data-*` part is handed to the host. */
export const OWN_DATA_PARTS: readonly string[] = [BLOCK_PART, FINAL_ANSWER_PART, FORM_ANSWER_PART];

/** Why an inline notice was added to a turn. */
export const NOTICE_CODES = [
  'malformed_line',
  'connection_lost',
  'http_error',
  'stream_error',
  'invalid_final_answer',
  'request_failed',
  'storage',
  /** A same-id block update failed validation; the last valid version stays. */
  'invalid_update',
  /** The answer went past its size budget (`StreamLimits.maxAnswerChars`) and was cut off. */
  'answer_too_large',
  /** A file of the answer went past its own budget (`StreamLimits.maxFileChars`) and was left out. */
  'file_too_large',
  /** A part of a kind this reader does not know (a newer protocol's) was left out. */
  'unknown_part',
] as const;
export type NoticeCode = (typeof NOTICE_CODES)[number];

/** How a turn stands: streaming, or how it ended. */
export const TURN_STATUSES = ['streaming', 'complete', 'stopped', 'interrupted', 'error'] as const;
export type TurnStatus = (typeof TURN_STATUSES)[number];
/** How a turn can end. */
export type TurnEnding = Exclude<TurnStatus, 'streaming'>;

/**
 * How a tool step stands. `awaiting_approval`: the tool waits for the reader
 * to approve or deny it (a turn that ends leaves it waiting); `denied`: the
 * reader denied it and it did not run; `waiting`: the run ended leaving the
 * call for the application to answer (AG-UI `pendingToolCallIds`).
 */
export const TOOL_STATUSES = [
  'running',
  'done',
  'failed',
  'awaiting_approval',
  'denied',
  'waiting',
] as const;
export type ToolStatus = (typeof TOOL_STATUSES)[number];

/** Whether `value` is one of `list`: a type guard for the `as const` lists above. */
export const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  list.includes(value as T);
