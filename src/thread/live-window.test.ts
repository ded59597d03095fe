import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { $, $$ } from '../test-support/dom.js';
import { settle } from '../test-support/settle.js';
import './define.js';
import type { AgentThread } from './thread.js';

/* A long live conversation keeps only its end rendered while the reader follows it. */

const shownIds = (el: AgentThread) => $$(el, '.messages > .entry').map((entry) => (entry as HTMLElement).dataset.messageId!);
const scrollerOf = (el: AgentThread) => $(el, '.scroller') as HTMLElement;
const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** An answer the host feeds (an agent speaking up), with no question: the reader did nothing. */
async function answer(el: AgentThread, i: number) {
  el.applyPart({ type: 'start', messageId: `a${i}` });
  el.applyPart({ type: 'text-start', id: 't' });
  el.applyPart({ type: 'text-delta', id: 't', delta: `Answer ${i}, with **markdown**.` });
  el.applyPart({ type: 'finish' });
  await settle(el);
}

async function exchange(el: AgentThread, i: number) {
  el.addEventListener('answer-send', (event) => event.preventDefault(), { once: true });
  await el.send(`Question ${i}`);
  await answer(el, i);
}

async function liveThread(exchanges: number) {
  const el = await fixture<AgentThread>(html`<agent-thread style="height: 400px"></agent-thread>`);
  for (let i = 0; i < exchanges; i++) await exchange(el, i);
  await frame();
  return el;
}

describe('a long live conversation', () => {
  it('lets go of messages far above the end while the reader follows it, and brings every one back on scrolling up, in order', async () => {
    const el = await liveThread(40);
    expect(el.messages).to.have.length(80);
    const shown = shownIds(el);
    expect(shown.length, 'messages rendered').to.be.at.most(40);
    expect(shown.at(-1)).to.equal('a39');
    expect($$(el, 'agent-turn').length).to.be.at.most(20);

    const scroller = scrollerOf(el);
    for (let i = 0; i < 10 && $$(el, '.earlier').length; i++) {
      scroller.scrollTop = 0;
      const before = shownIds(el).length;
      await waitUntil(() => shownIds(el).length > before, 'earlier messages come back when the reader scrolls up');
      await settle(el);
    }
    const all = shownIds(el);
    expect(all).to.have.length(80);
    expect(all.filter((id) => id.startsWith('a'))).to.deep.equal(Array.from({ length: 40 }, (_, i) => `a${i}`));
    expect($(el, '.entry').textContent).to.include('Question 0');
  });

  it('keeps what the reader scrolled up to while new messages arrive', async () => {
    const el = await liveThread(30);
    const scroller = scrollerOf(el);
    $(el, '.earlier').click();
    await settle(el);
    scroller.scrollTop = 0;
    scroller.dispatchEvent(new Event('scroll'));
    await frame();
    await settle(el);
    const reading = shownIds(el)[0];
    for (let i = 30; i < 45; i++) await answer(el, i);
    expect(shownIds(el)[0], 'the message the reader scrolled to is still there').to.equal(reading);
    expect(shownIds(el).at(-1)).to.equal('a44');
  });
});
