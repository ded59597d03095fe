import { fromA2ui } from '../a2ui/from-a2ui.js';
import { getAnswerLocale } from '../base/active-locale.js';
import { Surfaces } from '../conversation/surfaces.js';

/*
 * The A2UI surfaces of a thread: `answer-ui/a2ui`'s reader and what places
 * the blocks it makes, a chunk the thread loads once a surface arrives.
 */

/** Messages that leave a surface without its root or a child it names are not whole yet. */
const UNFINISHED = ['missing_root', 'missing_child'];

/** One for the page: it keeps each turn's surfaces by the turn. */
export const surfaces = new Surfaces((messages) => {
  // A surface's formatting functions speak the reader's language, as its blocks do.
  const read = fromA2ui(messages, { locale: getAnswerLocale() });
  return {
    blocks: read.blocks,
    notShown: read.notShown.map((part) => part.component),
    whole: !read.errors.some((error) => UNFINISHED.includes(error.code)),
  };
});
