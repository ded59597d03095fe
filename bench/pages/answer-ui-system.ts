/*
 * answer-ui as the block benchmark drives it, whichever entry defined the
 * elements (answer-ui/blocks, the main entry, the CDN file): an
 * <answer-block> gets the block (validation included, as in an application)
 * and is awaited until every element has rendered; updates assign new
 * versions to the same element. See block-driver.ts for the method.
 */
import type { Block } from '../../src/catalog/index.js';
import type { BlockSystem } from './block-driver.js';

type Updating = HTMLElement & { updateComplete: Promise<unknown>; isUpdatePending: boolean };
type BlockElement = Updating & { block: unknown };

/** Awaits the block and every element of it that has an update pending. */
async function settled(el: BlockElement) {
  await el.updateComplete;
  const children = [...el.shadowRoot!.querySelectorAll('[data-element-id]')] as Updating[];
  await Promise.all(children.filter((c) => c.isUpdatePending).map((c) => c.updateComplete));
}

export const answerUi: BlockSystem<Block> = {
  input: (block) => block,
  async mount(block, host) {
    const el = document.createElement('answer-block') as BlockElement;
    el.block = block;
    host.append(el);
    await settled(el);
    return {
      async update(next) {
        el.block = next;
        await settled(el);
      },
      count: () => el.shadowRoot!.querySelectorAll('[data-element-id]').length,
      shownValue: () =>
        el
          .shadowRoot!.querySelector('[data-element-id="e0"]')!
          .shadowRoot!.querySelector('.value')!
          .textContent!.trim(),
      unmount: () => el.remove(),
    };
  },
};
