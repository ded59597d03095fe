import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { revenueBlock } from '../../test-support/blocks.js';
import { $, $$ } from '../../test-support/dom.js';
import { outline, settle } from '../../test-support/settle.js';
import { itNeeds, supports } from '../../test-support/engines.js';
import '../define.js';
import type { AgentThread } from '../elements/thread.js';

/**
 * 12,000 letters and spaces that do not repeat (xorshift from `seed`): Chromium compresses what
 * it stores in IndexedDB, and a repeated text would fit the quota however long.
 */
function noise(seed: number): string {
  let state = seed + 1;
  let text = '';
  while (text.length < 12_000) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const n = state >>> 0;
    text += n % 7 === 0 ? ' ' : String.fromCharCode(97 + (n % 26));
  }
  return text;
}

/*
 * Its own page: Chromium applies a quota override only to an origin that has
 * not used storage yet in this browser session, so this runs first and alone.
 */
describe('storage quota', () => {
  before(
    () => supports('devtools') && executeServerCommand('set-storage-quota', { bytes: 20_000 }),
  );
  after(() => supports('devtools') && executeServerCommand('set-storage-quota', {}));

  itNeeds(
    'devtools',
    'a real quota too small to save falls back to memory while the answer streams',
    async () => {
      const el = await fixture<AgentThread>(html`<agent-thread thread-id="quota"></agent-thread>`);
      await el.restored;
      const errors: string[] = [];
      el.addEventListener('answer-error', (event) => errors.push(event.detail.code));
      el.addEventListener('answer-send', (event) => event.preventDefault(), { once: true });
      await el.send('A long answer, please');
      el.applyPart({ type: 'start' });
      el.applyPart({ type: 'text-start', id: 'a' });
      for (let i = 0; i < 20; i++) {
        el.applyPart({ type: 'text-delta', id: 'a', delta: `Paragraph ${i}: ${noise(i)}\n\n` });
      }
      // The answer is still streaming: a checkpoint save of it runs into the quota.
      await waitUntil(() => errors.length > 0, 'no checkpoint ran into the quota', {
        timeout: 5000,
      });
      expect(el.busy).to.equal(true);
      el.applyPart({ type: 'data-answer_ui', id: 'q3-revenue', data: revenueBlock() });
      el.applyPart({ type: 'finish' });
      await el.saved();
      await settle(el);
      // 240,000 characters of markdown render a slice per frame: the last paragraph comes last.
      await waitUntil(() => outline(el).includes('Paragraph 19'), 'the whole answer shows', {
        timeout: 10_000,
      });
      expect(outline(el)).to.include('$1,200,000.00');
      expect(errors).to.deep.equal(['storage']);
      expect($(el, '.storage-notice').textContent).to.equal(
        'Saving is not available: this conversation is kept only until the page is closed.',
      );
      expect($$(el, '.storage-notice')).to.have.length(1);
    },
  );
});
