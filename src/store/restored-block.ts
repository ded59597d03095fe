import { validateBlock, type FormValue } from '../catalog/index.js';
import { MAX_NOT_SHOWN, type BlockItem } from '../conversation/index.js';
import { isObject, isString } from './guards.js';

/*
 * A restored block passes the validator again, but only when it is first
 * read (shown, copied, sent), not all at once: a thread of thousands of
 * turns shows its last ones without first checking every block before them.
 * The item looks like any other block item; accessors do the check behind it.
 */

type BlockState = Pick<BlockItem, 'block' | 'valid' | 'submissions'>;
/** A restored block's saved record until it is checked, then what the check made of it. */
const SAVED = Symbol('saved');
const STATE = Symbol('state');
type RestoredBlock = BlockItem & { [SAVED]?: Record<string, unknown>; [STATE]?: BlockState };

// Kept out of sight (not enumerable): a copy or JSON of the item has only what the item shows.
const hidden = (value: unknown): PropertyDescriptor => ({
  value,
  writable: true,
  configurable: true,
});
const checked = (item: RestoredBlock): BlockState => {
  if (!item[STATE])
    Object.defineProperties(item, {
      [STATE]: hidden(checkBlock(item[SAVED]!)),
      [SAVED]: hidden(undefined),
    });
  return item[STATE]!;
};
// One set of accessors for every restored block: a thread of thousands of blocks holds no closures per block.
const accessor = (name: keyof BlockState): PropertyDescriptor => ({
  enumerable: true,
  get(this: RestoredBlock) {
    return checked(this)[name];
  },
  set(this: RestoredBlock, value: never) {
    checked(this)[name] = value;
  },
});
const BLOCK_STATE = {
  block: accessor('block'),
  valid: accessor('valid'),
  submissions: accessor('submissions'),
};

/**
 * A restored block, checked when first read. One that no longer passes the
 * validator shows its fallback text.
 */
export function restoredBlock(
  key: string,
  blockId: string,
  saved: Record<string, unknown>,
): BlockItem {
  const names = Array.isArray(saved.notShown)
    ? saved.notShown.filter(isString).slice(0, MAX_NOT_SHOWN)
    : [];
  const item = { kind: 'block', key, blockId, ...(names.length ? { notShown: names } : {}) };
  return Object.defineProperties(item as RestoredBlock, {
    ...BLOCK_STATE,
    [SAVED]: hidden(saved),
  });
}

function checkBlock(raw: Record<string, unknown>): BlockState {
  const result = raw.block === undefined ? undefined : validateBlock(raw.block);
  const submissions = isObject(raw.submissions)
    ? (raw.submissions as Record<string, Record<string, FormValue>>)
    : {};
  if (result?.ok) return { block: result.block, valid: true, submissions };
  const fallback = isString(raw.fallbackText)
    ? raw.fallbackText
    : isObject(raw.block) && isString(raw.block.fallback_text)
      ? raw.block.fallback_text
      : '';
  return { block: { fallback_text: fallback }, valid: false, submissions: {} };
}
