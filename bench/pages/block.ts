/*
 * Block render and update benchmark for answer-ui: an <answer-block> gets the
 * block (validation included, as in an application) and is awaited until
 * every element has rendered; updates assign new versions to the same
 * element. See block-driver.ts for the method.
 */
import '../../src/blocks.js';
import type { AnswerBlock } from '../../src/blocks.js';
import { runBlockBenchmark } from './block-driver.js';

type Updating = HTMLElement & { updateComplete: Promise<unknown>; isUpdatePending: boolean };

/** Awaits the block and every element of it that has an update pending. */
async function settled(el: AnswerBlock) {
  await el.updateComplete;
  const children = [...el.shadowRoot!.querySelectorAll('[data-element-id]')] as Updating[];
  await Promise.all(children.filter((c) => c.isUpdatePending).map((c) => c.updateComplete));
}

await runBlockBenchmark({
  input: (block) => block,
  async mount(block, host) {
    const el = document.createElement('answer-block');
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
});
