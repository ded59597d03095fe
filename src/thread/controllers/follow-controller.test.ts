import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { css, LitElement } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { queryByRole } from '../../test-support/thread-harness.js';
import {
  FollowController,
  HISTORY_PAGE,
  HISTORY_STEP,
  HISTORY_WINDOW,
} from './follow-controller.js';

/*
 * The follow controller's own rules, through a small host wired as
 * <agent-thread> wires it: a scroller of entries between the paging
 * buttons. What a reader notices: which messages are rendered, which
 * buttons are there, and whether the view goes to the end.
 */

class FollowHost extends LitElement {
  static override styles = css`
    :host {
      display: block;
    }
    .scroller {
      height: 100%;
      overflow-y: auto;
    }
    .entry {
      height: var(--entry-height);
    }
  `;
  /** The conversation: one entry per message. */
  messages: string[] = [];
  readonly follow = new FollowController(this);

  /** The messages were replaced, as when a thread loads. */
  load(messages: string[]) {
    this.messages = messages;
    this.follow.reset(messages.length);
    this.requestUpdate();
  }

  /** One more message arrived. */
  add(message: string) {
    this.messages = [...this.messages, message];
    this.requestUpdate();
  }

  override render() {
    const shown = this.follow.visible(this.messages);
    return html`<div class="scroller" @scroll=${this.follow.onScroll} @pointerdown=${this.follow.onReaderAction} @keydown=${this.follow.onReaderAction}>
      <div class="messages">
        ${this.follow.earlierButton()}
        ${repeat(
          shown,
          (message) => message,
          (message) => html`<div class="entry">${message}</div>`,
        )}
        ${this.follow.laterButton()}
      </div>
    </div>`;
  }
}
customElements.define('follow-test-host', FollowHost);

const EARLIER = 'Show earlier messages';
const LATER = 'Show later messages';

const conversation = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => `Message ${from + i}`);

/**
 * A host showing `count` messages. `short`: a box of three tall entries,
 * which the reader scrolls; `roomy`: a box where even a full window of
 * messages fits, so the view never scrolls and the buttons are only pressed.
 */
async function open(count: number, box: 'short' | 'roomy') {
  const style =
    box === 'short' ? 'height: 300px; --entry-height: 100px' : 'height: 580px; --entry-height: 8px';
  const el = await fixture<FollowHost>(html`<follow-test-host style=${style}></follow-test-host>`);
  el.load(conversation(count));
  await el.updateComplete;
  if (box === 'short') await waitUntil(() => atBottom(el), 'a loaded thread shows its end');
  return el;
}

const scrollerOf = (el: FollowHost) => el.shadowRoot!.querySelector<HTMLElement>('.scroller')!;
const atBottom = (el: FollowHost) => {
  const scroller = scrollerOf(el);
  return scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 2;
};
/** The messages rendered, in order. */
const shown = (el: FollowHost) =>
  [...el.shadowRoot!.querySelectorAll('.entry')].map((entry) => entry.textContent!);
/** The button whose accessible name (its text) is `name`, if it is there. */
const button = (el: FollowHost, name: string) => queryByRole<HTMLButtonElement>(el, 'button', name);
const press = async (el: FollowHost, name: string) => {
  const found = button(el, name);
  expect(found, `a "${name}" button`).to.exist;
  found!.click();
  await el.updateComplete;
};
const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
/** The reader scrolls the conversation to `top`, with the wheel. */
async function scrollTo(el: FollowHost, top: number | 'bottom') {
  const scroller = scrollerOf(el);
  scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: top === 'bottom' ? 100 : -100 }));
  scroller.scrollTop = top === 'bottom' ? scroller.scrollHeight : top;
  // The next frame sends the scroll event, ahead of its animation frame callbacks.
  await frame();
}

/**
 * The reader scrolls to the first (or last) message rendered, the button
 * beyond it just out of view (in view, it would page by itself), and presses it.
 */
async function pageByHand(el: FollowHost, name: typeof EARLIER | typeof LATER) {
  const scroller = scrollerOf(el);
  const entries = el.shadowRoot!.querySelectorAll('.entry');
  const view = scroller.getBoundingClientRect();
  const top =
    name === EARLIER
      ? scroller.scrollTop + entries[0]!.getBoundingClientRect().top - view.top + 50
      : scroller.scrollTop +
        entries[entries.length - 1]!.getBoundingClientRect().bottom -
        view.bottom -
        50;
  if (Math.abs(scroller.scrollTop - top) >= 1) await scrollTo(el, top);
  await press(el, name);
}

describe('FollowController', () => {
  it('renders a conversation of one page whole, with no paging buttons', async () => {
    const el = await open(HISTORY_PAGE, 'roomy');
    expect(shown(el)).to.deep.equal(conversation(HISTORY_PAGE));
    expect(button(el, EARLIER)).to.equal(undefined);
    expect(button(el, LATER)).to.equal(undefined);
  });

  it('renders the last page of a longer one, under a "Show earlier messages" button', async () => {
    const el = await open(HISTORY_PAGE + 1, 'roomy');
    expect(shown(el)).to.deep.equal(conversation(HISTORY_PAGE, 1));
    expect(button(el, EARLIER)).to.exist;
    expect(button(el, LATER)).to.equal(undefined);
    await expect(el).to.be.accessible();
  });

  it(`pages up ${HISTORY_STEP} messages at a time and never renders more than ${HISTORY_WINDOW}: past that, the end is let go behind "Show later messages"`, async () => {
    const el = await open(100, 'short');
    const all = conversation(100);
    let from = 100 - HISTORY_PAGE;
    while (button(el, EARLIER)) {
      await pageByHand(el, EARLIER);
      from -= HISTORY_STEP;
      const to = Math.min(100, from + HISTORY_WINDOW);
      expect(shown(el), `after paging up to message ${from}`).to.deep.equal(all.slice(from, to));
      expect(!!button(el, LATER), 'a "Show later messages" button').to.equal(to < 100);
    }
    expect(from).to.equal(0);
    expect(shown(el)).to.deep.equal(all.slice(0, HISTORY_WINDOW));

    let to = HISTORY_WINDOW;
    while (button(el, LATER)) {
      await pageByHand(el, LATER);
      to += HISTORY_STEP;
      expect(shown(el), `after paging down to message ${to - 1}`).to.deep.equal(
        all.slice(to - HISTORY_WINDOW, to),
      );
      expect(button(el, EARLIER)).to.exist;
    }
    expect(to).to.equal(100);
  });

  it('at the bottom of a conversation that fits its box, the button is there to press, not pressed for the reader', async () => {
    const el = await open(HISTORY_PAGE + 5, 'roomy');
    const earlier = button(el, EARLIER)!;
    // Observers of one frame report in one task, in an order of the browser's choosing: once this
    // one has reported and the next frame has come, the controller has had its report too.
    await new Promise<void>((seen) => {
      const watch = new IntersectionObserver(([entry]) => {
        if (!entry?.isIntersecting) return;
        watch.disconnect();
        requestAnimationFrame(() => seen());
      });
      watch.observe(earlier);
    });
    await el.updateComplete;
    expect(shown(el)).to.deep.equal(conversation(HISTORY_PAGE, 5));
    await press(el, EARLIER);
    expect(shown(el)).to.deep.equal(conversation(HISTORY_PAGE + HISTORY_STEP, 5 - HISTORY_STEP));
  });

  describe('while the reader follows the end', () => {
    it(`renders what arrives, and lets go of all but the last page once more than ${2 * HISTORY_PAGE} are rendered`, async () => {
      const el = await open(0, 'short');
      for (let i = 0; i < 2 * HISTORY_PAGE; i++) {
        el.add(`Message ${i}`);
        await el.updateComplete;
      }
      expect(shown(el)).to.deep.equal(conversation(2 * HISTORY_PAGE));
      expect(button(el, EARLIER)).to.equal(undefined);

      el.add(`Message ${2 * HISTORY_PAGE}`);
      await el.updateComplete;
      expect(shown(el)).to.deep.equal(conversation(HISTORY_PAGE, HISTORY_PAGE + 1));
      expect(button(el, EARLIER)).to.exist;
      await waitUntil(() => atBottom(el), 'the view is at the end');
    });

    it('shows a message that arrives after the reader paged far up, going back to the end', async () => {
      const el = await open(100, 'roomy');
      while (!button(el, LATER)) await press(el, EARLIER);
      el.add('Message 100');
      await el.updateComplete;
      expect(shown(el)).to.deep.equal(conversation(HISTORY_PAGE, 101 - HISTORY_PAGE));
      expect(button(el, LATER)).to.equal(undefined);
    });
  });

  describe('once the reader scrolls up', () => {
    it('only the reader scrolls up: a view pulled up with no input of theirs (content that shrank) still follows', async () => {
      const el = await open(30, 'short');
      const scroller = scrollerOf(el);
      scroller.scrollTop = 500;
      await frame();
      el.add('Message 30');
      await el.updateComplete;
      await waitUntil(() => atBottom(el), 'the new message is followed');
      expect(shown(el).at(-1)).to.equal('Message 30');
    });

    it('leaves the view where they put it and lets go of nothing as messages arrive; at the bottom again, it follows', async () => {
      const el = await open(30, 'short');
      const scroller = scrollerOf(el);
      await scrollTo(el, 500);
      for (let i = 30; i < 55; i++) {
        el.add(`Message ${i}`);
        await el.updateComplete;
      }
      // The frame in which a follow would scroll.
      await frame();
      expect(scroller.scrollTop, 'the view stays').to.equal(500);
      expect(shown(el), 'what was rendered stays, and the new messages follow it').to.deep.equal(
        conversation(55 - 10, 10),
      );

      await scrollTo(el, 'bottom');
      el.add('Message 55');
      await el.updateComplete;
      expect(shown(el), 'back at the end, what is far above is let go').to.deep.equal(
        conversation(HISTORY_PAGE, 56 - HISTORY_PAGE),
      );
      await waitUntil(() => atBottom(el), 'the new message is followed');
    });

    it('keeps a page the reader paged to while messages arrive below it', async () => {
      const el = await open(100, 'short');
      while (!button(el, LATER)) await pageByHand(el, EARLIER);
      const reading = shown(el);
      const scroller = scrollerOf(el);
      const top = scroller.scrollTop;
      el.add('Message 100');
      await el.updateComplete;
      await frame();
      expect(shown(el)).to.deep.equal(reading);
      expect(button(el, LATER)).to.exist;
      expect(scroller.scrollTop, 'the view stays').to.equal(top);
    });

    it('follows again when the reader sends a message (follow())', async () => {
      const el = await open(30, 'short');
      await scrollTo(el, 500);
      el.follow.follow();
      el.add('My question');
      await el.updateComplete;
      await waitUntil(() => atBottom(el), 'the view goes to the end');
      expect(shown(el).at(-1)).to.equal('My question');
    });
  });

  describe('reset (the messages were replaced)', () => {
    it('shows the last page of the new conversation at its end, even if the reader had scrolled up', async () => {
      const el = await open(30, 'short');
      await scrollTo(el, 500);
      el.load(conversation(50, 1000));
      await el.updateComplete;
      expect(shown(el)).to.deep.equal(conversation(HISTORY_PAGE, 1050 - HISTORY_PAGE));
      await waitUntil(() => atBottom(el), 'the view is at the end');
      // And the reader follows again: the next message is followed too.
      el.add('Message 1050');
      await el.updateComplete;
      await waitUntil(() => atBottom(el), 'the next message is followed');
      expect(shown(el).at(-1)).to.equal('Message 1050');
    });

    it('takes away the paging buttons when the new conversation fits one page', async () => {
      const el = await open(100, 'roomy');
      while (!button(el, LATER)) await press(el, EARLIER);
      expect(button(el, EARLIER)).to.exist;
      el.load(conversation(5));
      await el.updateComplete;
      expect(shown(el)).to.deep.equal(conversation(5));
      expect(button(el, EARLIER)).to.equal(undefined);
      expect(button(el, LATER)).to.equal(undefined);
    });
  });
});
