/*
 * What the answer tools say to a model, once, for every back end that
 * offers them (the AI SDK tools of answer-ui/agent and the MCP App's
 * `present_answer`); the component documentation itself is the catalog's
 * (`catalogPrompt()`).
 */

/** The first line of `present_answer`'s description. */
export const PRESENT_ANSWER_PURPOSE =
  'Show structured UI (metrics, tables, charts, evidence, a map location, a follow-up form) inside your answer.';

/** `final_answer`'s description. */
export const FINAL_ANSWER_PURPOSE =
  'Finish the turn with the final report (markdown) and the ids of the blocks published in this turn that belong with it, in display order. Nothing runs after an accepted final answer: call every other tool first.';

/** What a model is told when a block or report it sent was refused, ahead of the errors. */
export const repairRequest = (what: 'block' | 'final answer') =>
  `The ${what} was not shown: fix these errors and call the tool again with the whole corrected input.`;
