import { expect, fixture, html } from '@open-wc/testing';
import { $ } from '../../test-support/dom.js';
import { outline, settle } from '../../test-support/settle.js';

/* Its own page: a browser with no IndexedDB at all (some private modes). */
Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true });

describe('without IndexedDB', () => {
  it('the chat works in memory and says once that nothing is saved', async () => {
    await import('../define.js');
    const el = await fixture<
      HTMLElement & {
        restored: Promise<void>;
        send(t: string): Promise<void>;
        applyPart(p: unknown): void;
      }
    >(html`<agent-thread thread-id="private"></agent-thread>`);
    await el.restored;
    el.addEventListener('answer-send', (event) => event.preventDefault());
    await el.send('Hello');
    [
      { type: 'start' },
      { type: 'text-start', id: 'a' },
      { type: 'text-delta', id: 'a', delta: 'Answer in memory.' },
      { type: 'finish' },
    ].forEach((p) => el.applyPart(p));
    await settle(el);
    expect(outline(el)).to.include('Answer in memory.');
    expect($(el, '.storage-notice').textContent).to.include('Saving is not available');
  });
});
