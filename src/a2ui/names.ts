/*
 * The names A2UI and answer-ui agree on: the catalogs a surface may be
 * written for, the protocol versions read, and what a conversion reports.
 */

/**
 * answer-ui's own catalog, as an A2UI agent names it in `createSurface`:
 * named by the npm package, which answer-ui owns (A2UI asks for a name its
 * owner controls), and versioned with the block format.
 */
export const ANSWER_UI_CATALOG_ID = 'npm:answer-ui/a2ui-catalog/v1';
/** A2UI's basic catalog (v0.9) and its minimal subset. */
export const BASIC_CATALOG_ID = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';
export const MINIMAL_CATALOG_ID =
  'https://a2ui.org/specification/v0_9/catalogs/minimal/catalog.json';

/** The versions `fromA2ui` reads unless told otherwise; `toA2ui` writes the first. */
export const A2UI_VERSIONS: readonly string[] = ['v0.9', 'v0.9.1'];

/** Where `toA2ui` keeps what a block has beyond its components, in the surface's data model. */
export const ENVELOPE_KEY = 'answer_ui';

/** Why a conversion failed or left something out, for a program to act on. */
export type A2uiErrorCode =
  | 'invalid_input'
  | 'invalid_message'
  | 'unknown_surface'
  | 'unsafe_path'
  | 'too_deep'
  | 'too_large'
  | 'missing_root'
  | 'missing_child'
  | 'cycle'
  | 'missing_data'
  | 'invalid_block';

export interface A2uiError {
  code: A2uiErrorCode;
  /** Where: `/3` is the fourth message; `surface/component/prop` a component's value. */
  path: string;
  message: string;
}

/** Why a part of a surface is not shown. */
export type NotShownReason =
  /** An image, icon, video or audio: blocks carry no URLs, by design. */
  | 'media'
  /** A button that acts for the agent (no form to submit), a link to open. */
  | 'action'
  /** A modal, a divider, a password field: nothing a block shows. */
  | 'unsupported'
  /** A component no catalog here knows. */
  | 'unknown_component'
  /** A value made by a function this page does not run. */
  | 'function_not_run'
  /** Beyond a block's limits (elements, depth, form fields). */
  | 'cut_to_limit';

export interface NotShown {
  surfaceId: string;
  componentId: string;
  /** The A2UI component's name, e.g. `Image`. */
  component: string;
  reason: NotShownReason;
  /** The function not run, for `function_not_run`. */
  detail?: string;
}
