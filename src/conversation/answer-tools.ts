/*
 * What the answer tools say to a model when it must repair a call, for
 * every back end that offers them (the AI SDK tools of answer-ui/agent and
 * the MCP App's `present_answer`). Their descriptions are the catalog's
 * (`presentAnswerPrompt()`, `finalAnswerPrompt()`, `catalogPrompt()`).
 */

/** What a model is told when a block or report it sent was refused, ahead of the errors. */
export const repairRequest = (what: 'block' | 'final answer') =>
  `The ${what} was not shown: fix these errors and call the tool again with the whole corrected input.`;
