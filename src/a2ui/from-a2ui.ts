import type { Block } from '../catalog/index.js';
import { isString } from '../catalog/shape.js';
import { readBasic } from './basic.js';
import { packBlocks } from './blocks.js';
import { ANSWER_UI_CATALOG_ID, A2UI_VERSIONS, type A2uiError, type NotShown } from './names.js';
import { envelopeOf, readOwn } from './own.js';
import { messagesOf, readSurfaces } from './surface.js';
import { Walk } from './walk.js';

export interface FromA2uiOptions {
  /** The reader's locale, for A2UI's formatting functions (a BCP 47 tag); the runtime's by default. */
  locale?: string;
  /** The A2UI versions read; `v0.9` and `v0.9.1` by default. */
  versions?: readonly string[];
}

export interface FromA2uiResult {
  /** The blocks the surfaces became, each valid as a `present_answer` block. */
  blocks: Block[];
  /** What the blocks leave out, and why. */
  notShown: NotShown[];
  /** What could not be read; the rest still is. */
  errors: A2uiError[];
}

/**
 * A2UI messages (v0.9: `createSurface`, `updateComponents`,
 * `updateDataModel`, `deleteSurface`; an array, JSON Lines or `{ messages }`)
 * read as answer-ui blocks: each surface the messages leave becomes one
 * block, or several when it is larger than a block may be. Never throws.
 */
export function fromA2ui(messages: unknown, options: FromA2uiOptions = {}): FromA2uiResult {
  const errors: A2uiError[] = [];
  const notShown: NotShown[] = [];
  const blocks: Block[] = [];
  try {
    const list = messagesOf(messages, errors);
    for (const surface of readSurfaces(list, errors, options.versions ?? A2UI_VERSIONS)) {
      const root = surface.components.get('root');
      if (!root) {
        errors.push({
          code: 'missing_root',
          path: surface.surfaceId,
          message: 'no component with id "root" yet',
        });
        continue;
      }
      const walk = new Walk(surface, errors, options.locale);
      const ours = surface.catalogId === ANSWER_UI_CATALOG_ID;
      const place = { component: root, base: '' };
      const tree = ours ? readOwn(walk, place) : readBasic(walk, place);
      const fallback = ours ? envelopeOf(surface.model).fallback_text : undefined;
      if (tree)
        blocks.push(...packBlocks(walk, tree, errors, isString(fallback) ? fallback : undefined));
      notShown.push(...walk.notShown);
    }
  } catch (error) {
    // Only reachable through input no JSON makes (a getter that throws, a revoked proxy).
    errors.push({
      code: 'invalid_input',
      path: '',
      message: `could not be read: ${String(error)}`,
    });
  }
  return { blocks, notShown, errors };
}
