import {
  validateBlock,
  validateFinalAnswer,
  type Block,
  type FinalAnswer,
  type ValidationError,
} from '../catalog/index.js';
import { BLOCK_EVENT, FINAL_ANSWER_EVENT } from '../conversation/wire/ag-ui/names.js';

/*
 * The AG-UI side of the answer tools, for a JavaScript AG-UI server: a
 * validated block or report as the `CUSTOM` event `<agent-thread
 * protocol="ag-ui">` shows, to send with the server's own event encoder.
 * The event is plain JSON; `type` is the wire value of AG-UI's
 * `EventType.CUSTOM`.
 */

/** The `CUSTOM` event name that carries a block. */
export const BLOCK_EVENT_NAME = BLOCK_EVENT;
/** The `CUSTOM` event name that carries the final report. */
export const FINAL_ANSWER_EVENT_NAME = FINAL_ANSWER_EVENT;

export interface AnswerCustomEvent<T> {
  type: 'CUSTOM';
  name: typeof BLOCK_EVENT_NAME | typeof FINAL_ANSWER_EVENT_NAME;
  value: T;
  timestamp?: number;
}

export type AnswerEventResult<T> =
  { ok: true; event: AnswerCustomEvent<T> } | { ok: false; errors: ValidationError[] };

/**
 * Builds the `CUSTOM` events for one turn. Blocks are validated as the
 * `present_answer` tool validates them and remembered, so the report may
 * name only blocks of this turn: create one per turn. An invalid input
 * gives `{ code, path, message }` errors to hand back to the model.
 */
export function answerEvents() {
  const published = new Set<string>();
  return {
    /** A block as a `CUSTOM` `answer_ui` event (sending it again with the same `block_id` updates it in place). */
    block(input: unknown): AnswerEventResult<Block> {
      const result = validateBlock(input);
      if (!result.ok) return result;
      published.add(result.block.block_id);
      return {
        ok: true,
        event: {
          type: 'CUSTOM',
          name: BLOCK_EVENT_NAME,
          value: result.block,
          timestamp: Date.now(),
        },
      };
    },
    /** The final report as a `CUSTOM` `final_answer` event; it ends the turn in the thread. */
    finalAnswer(input: unknown): AnswerEventResult<FinalAnswer> {
      const result = validateFinalAnswer(input, { publishedBlockIds: published });
      if (!result.ok) return result;
      return {
        ok: true,
        event: {
          type: 'CUSTOM',
          name: FINAL_ANSWER_EVENT_NAME,
          value: result.answer,
          timestamp: Date.now(),
        },
      };
    },
  };
}
