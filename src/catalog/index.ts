/**
 * The answer-ui catalog: schemas, validator, JSON Schema export and prompt
 * text. Runs unchanged in Node and in the browser; imports no DOM and no Lit.
 */
export {
  LIMITS,
  ID_PATTERN,
  FIELD_NAME_PATTERN,
  CURRENCY_PATTERN,
  RESERVED_IDS,
} from './limits.js';
export * from './components.js';
export {
  BlockSchema,
  ElementSchema,
  FinalAnswerSchema,
  BlockId,
  ElementId,
  FallbackText,
  type Block,
  type BlockElement,
  type ElementOf,
  type FinalAnswer,
} from './block.js';
export {
  validateBlock,
  validateFinalAnswer,
  isValidatedBlock,
  fallbackTextOf,
  type BlockResult,
  type FinalAnswerResult,
  type ValidateBlockOptions,
} from './validate.js';
export { jsonEqual } from './json-equal.js';
export { elementsInOrder } from './reading-order.js';
export { ERROR_CODES, describeErrors, type ErrorCode, type ValidationError } from './issues.js';
export {
  catalogJsonSchema,
  finalAnswerJsonSchema,
  componentJsonSchema,
  type JsonSchema,
  type JsonSchemaOptions,
} from './json-schema.js';
export { contract } from './contract.js';
export { catalogPrompt, finalAnswerPrompt, presentAnswerPrompt } from './prompt.js';
export { catalogDescriptions } from './descriptions.js';
