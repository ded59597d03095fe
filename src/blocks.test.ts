import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { AnswerBlock, validateBlock } from './blocks.js';
import { revenueBlock } from './test-support/blocks.js';
import { outline, settle } from './test-support/settle.js';

/*
 * answer-ui/blocks: blocks without the conversation, from npm (this page
 * imports nothing else) and from its CDN file (a plain page with one script
 * tag; npm run build makes it).
 */

describe('answer-ui/blocks', () => {
  it('registers answer-block and the catalog elements, and no thread', async () => {
    expect(customElements.get('answer-block')).to.equal(AnswerBlock);
    for (const tag of [
      'answer-stack',
      'answer-metric',
      'answer-table',
      'answer-chart',
      'answer-follow-up-form',
    ])
      expect(customElements.get(tag), tag).to.exist;
    expect(customElements.get('agent-thread')).to.equal(undefined);
    expect(customElements.get('answer-markdown')).to.equal(undefined);
  });

  it('renders a validated block and the fallback of an invalid one', async () => {
    const result = validateBlock(revenueBlock());
    expect(result.ok).to.equal(true);
    const el = await fixture<AnswerBlock>(
      html`<answer-block .block=${revenueBlock()}></answer-block>`,
    );
    await settle(el);
    expect(outline(el)).to.include('$1,200,000.00');
    el.block = { ...revenueBlock(), root: 'nowhere' };
    await settle(el);
    expect(outline(el)).to.include(revenueBlock().fallback_text);
  });

  it('works from its CDN file on a plain page', async function () {
    this.timeout(20_000);
    const frame = document.createElement('iframe');
    frame.src = '/src/test-support/cdn-blocks.html';
    document.body.append(frame);
    try {
      await waitUntil(
        () => frame.contentWindow?.customElements?.get('answer-block'),
        'the blocks build did not define answer-block',
        { timeout: 10_000 },
      );
      const win = frame.contentWindow as Window & typeof globalThis;
      expect(win.customElements.get('agent-thread')).to.equal(undefined);
      const block = win.document.querySelector('answer-block') as HTMLElement & { block: unknown };
      block.block = revenueBlock();
      await waitUntil(() => outline(block).includes('$1,200,000.00'), 'the block did not render', {
        timeout: 10_000,
      });
      const loaded = win.performance.getEntriesByType('resource').map((e) => e.name);
      expect(
        loaded.filter((url) => /store|define-|attachment|markdown/.test(url)),
        'no conversation code',
      ).to.deep.equal([]);
    } finally {
      frame.remove();
    }
  });
});
