import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { $, $$ } from '../../test-support/dom.js';
import { settle } from '../../test-support/settle.js';
import '../define.js';
import { HISTORY_WINDOW } from './follow-controller.js';
import type { AgentThread } from '../elements/thread.js';
import { harness } from '../../test-support/thread-harness.js';

/* A long live conversation keeps only its end rendered while the reader follows it. */

const ids = (el: AgentThread) => el.messages.map((message) => message.id);
const shownIds = (el: AgentThread) =>
  $$(el, '.messages > .entry').map((entry) => (entry as HTMLElement).dataset.messageId!);
const scrollerOf = (el: AgentThread) => $(el, '.scroller') as HTMLElement;
const EARLIER = 'Show earlier messages';
const LATER = 'Show later messages';
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
    const seen = new Set(shown);
    const reader = harness(el);
    for (let i = 0; i < 100 && reader.queryButton(EARLIER); i++) {
      // The reader turns the wheel: only their input scrolls the thread away from its end.
      scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: -100 }));
      scroller.scrollTop = 0;
      const first = shownIds(el)[0];
      await waitUntil(
        () => shownIds(el)[0] !== first,
        'earlier messages come back when the reader scrolls up',
      );
      await settle(el);
      // What is rendered is one run of the conversation, in order, and no longer than the window.
      const now = shownIds(el);
      expect(now.length, 'messages rendered while paging up').to.be.at.most(HISTORY_WINDOW);
      expect(now).to.deep.equal(
        ids(el).slice(ids(el).indexOf(now[0]!), ids(el).indexOf(now[0]!) + now.length),
      );
      now.forEach((id) => seen.add(id));
    }
    expect(seen.size, 'every message came back').to.equal(80);
    expect($(el, '.entry').textContent).to.include('Question 0');
  });

  it('pages back down after paging far up, keeping what the reader sees in place, and follows the end again', async () => {
    const el = await liveThread(40);
    const scroller = scrollerOf(el);
    const reader = harness(el);
    const topOf = (id: string) => $(el, `[data-message-id="${id}"]`).getBoundingClientRect().top;
    /** The first message the reader sees. */
    const inView = () =>
      shownIds(el).find(
        (id) =>
          $(el, `[data-message-id="${id}"]`).getBoundingClientRect().bottom >
          scroller.getBoundingClientRect().top,
      )!;
    /** Presses a paging button: the first message the reader saw stays where it was on screen. */
    const page = async (button: typeof EARLIER | typeof LATER) => {
      const seen = inView();
      const top = topOf(seen);
      await (button === EARLIER ? reader.showEarlier() : reader.showLater());
      await settle(el);
      await frame();
      expect(topOf(seen), `${seen} stays where it was`).to.be.closeTo(top, 1);
    };
    // The reader scrolls up, short of the "Show earlier" button, and presses it.
    // The reader turns the wheel: only their input scrolls the thread away from its end.
    scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: -100 }));
    scroller.scrollTop = 200;
    scroller.dispatchEvent(new Event('scroll'));
    await frame();
    for (let i = 0; i < 100 && reader.queryButton(EARLIER); i++) await page(EARLIER);
    expect(shownIds(el)[0]).to.equal(ids(el)[0]);
    expect(shownIds(el)).to.have.length(HISTORY_WINDOW);
    expect(shownIds(el)).not.to.include('a39');

    await page(LATER);
    expect(shownIds(el)[0], 'what is far above is let go').not.to.equal(ids(el)[0]);
    for (let i = 0; i < 100 && reader.queryButton(LATER); i++) {
      scroller.scrollTop = scroller.scrollHeight;
      const end = shownIds(el).at(-1);
      await waitUntil(
        () => shownIds(el).at(-1) !== end,
        'later messages come back when the reader scrolls down',
      );
      await settle(el);
    }
    expect(shownIds(el).at(-1)).to.equal('a39');
    scroller.scrollTop = scroller.scrollHeight;
    scroller.dispatchEvent(new Event('scroll'));
    await answer(el, 40);
    expect(shownIds(el).at(-1)).to.equal('a40');
    await waitUntil(
      () => scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 48,
      'the view follows the end again',
    );
  });

  it('keeps what the reader scrolled up to while new messages arrive', async () => {
    const el = await liveThread(30);
    const scroller = scrollerOf(el);
    await harness(el).showEarlier();
    // The reader turns the wheel: only their input scrolls the thread away from its end.
    scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: -100 }));
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
