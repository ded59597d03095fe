/**
 * A2UI both ways: A2UI v0.9 surfaces read as answer-ui blocks (`fromA2ui`),
 * blocks written as A2UI messages for answer-ui's catalog (`toA2ui`), and
 * that catalog as an A2UI catalog document (`a2uiCatalog`). Runs in Node and
 * in the browser; imports no DOM.
 */
export { fromA2ui, type FromA2uiOptions, type FromA2uiResult } from './from-a2ui.js';
export { toA2ui, type ToA2uiOptions } from './to-a2ui.js';
export { a2uiCatalog, a2uiInstructions } from './catalog.js';
export {
  ANSWER_UI_CATALOG_ID,
  BASIC_CATALOG_ID,
  MINIMAL_CATALOG_ID,
  A2UI_VERSIONS,
  type A2uiError,
  type A2uiErrorCode,
  type NotShown,
  type NotShownReason,
} from './names.js';
