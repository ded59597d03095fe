/**
 * Every bound the catalog enforces, in one place. The JSON Schema export, the
 * prompt text and the validator all read from here, so an agent and the
 * browser always agree on them.
 */
export const LIMITS = Object.freeze({
  /** Elements in one block. */
  maxNodes: 48,
  /** Nesting depth of one block; the root counts as depth 1. */
  maxDepth: 12,
  /** UTF-8 bytes of one block serialized as JSON. */
  maxBlockBytes: 100_000,
  /** Characters of a block's `fallback_text`. */
  maxFallbackText: 2_000,
  /** Characters of a label, title, name or other one-line string. */
  maxShortText: 200,
  /** Characters of a caption, description, summary or excerpt. */
  maxLongText: 2_000,
  /** Characters of one Text element. */
  maxTextBody: 20_000,
  /** Characters of the `final_answer` report. */
  maxReportText: 50_000,
  /** Table columns and rows. */
  maxTableColumns: 20,
  maxTableRows: 500,
  /** Chart categories and series. */
  maxChartLabels: 500,
  maxChartSeries: 12,
  /** Evidence items. */
  maxEvidenceItems: 50,
  /** Form fields and options of one choice field. */
  maxFormFields: 30,
  maxFieldOptions: 50,
  /** Blocks one final answer may reference. */
  maxReportBlocks: 24,
});

/** `block_id`, element ids and `ui_block_ids` entries. */
export const ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';
/** `ID_PATTERN` as a RegExp, for the validator. */
export const ID_REGEX = new RegExp(ID_PATTERN);

/**
 * Ids that the pattern admits but that name built-in object properties; an
 * element map keyed by them would be a prototype-pollution foothold.
 */
export const RESERVED_IDS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/** Form field names. */
export const FIELD_NAME_PATTERN = '^[a-z][a-z0-9_]{0,63}$';

/** ISO 4217 currency codes. */
export const CURRENCY_PATTERN = '^[A-Z]{3}$';
