import { msg } from '@lit/localize';
import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { ThreadState } from '../../conversation/index.js';
import { listenWhileConnected } from '../changes.js';

/** How close to the bottom (px) still counts as following the conversation. */
const FOLLOW_SLACK = 48;
/** How long after the reader's wheel, touch or key a scroll up counts as theirs (ms). */
const READER_SCROLL_MS = 1000;
/** Messages rendered at first when a long thread is restored; earlier ones render as the reader scrolls up. */
export const HISTORY_PAGE = 20;
/**
 * Messages one step of paging renders, up or down: one exchange, so that
 * even an answer with several blocks renders well within a frame's budget
 * while the reader scrolls (the benchmark's 2,000-turn thread: no frame
 * over 50 ms with 2, some with 4 or more).
 */
export const HISTORY_STEP = 2;
/** Most messages rendered at once while the reader pages through a long history: what is far from the view is let go. */
export const HISTORY_WINDOW = 3 * HISTORY_PAGE;

type Host = ReactiveControllerHost & { readonly renderRoot: HTMLElement | DocumentFragment };

/**
 * Keeps the conversation scrolled to its end while the reader follows it,
 * and pages a long history in from the end (restored, or let go while the
 * reader followed the end). A long history renders a window of it: paging
 * up lets go of what is far below, and paging back down lets go of what is
 * far above, so the cost of a page stays the same however long the thread.
 * The host's template puts the scroll container in `.scroller` (with
 * `onScroll` and `onReaderAction` wired to it) and, in `.messages`,
 * `earlierButton()`, the entries of `visible(messages)` (`.entry`) and
 * `laterButton()`.
 */
export class FollowController implements ReactiveController {
  /** Whether new content scrolls into view; off once the reader scrolls up. */
  private following = true;
  private autoScrollTop = 0;
  private frame = 0;
  /**
   * Content also grows after an update (a chart or map that loads later, a
   * font): follow that too, unless the reader caused it by opening something
   * ("View process", a source) since the last part arrived; then what they
   * opened stays where it is.
   */
  private readerActed = false;
  private contentResize = new ResizeObserver(() => !this.readerActed && this.schedule());
  private observed?: Element;
  /**
   * When the reader last turned the wheel, touched or pressed a key in the
   * conversation; `Infinity` while they hold a pointer down (the scrollbar).
   * Only the reader scrolls up: content that shrinks (a process folding) and
   * grows again before the scroll event arrives also leaves the view above
   * where auto-scroll put it, with no input.
   */
  private lastInput = -Infinity;
  private watched?: HTMLElement;
  private pagerObserver?: IntersectionObserver;
  /** Which paging buttons are in view. */
  private inView = { earlier: false, later: false };
  /** Index of the first message on screen: a long restored history renders its end first. */
  private shownFrom = 0;
  /** Index after the last message on screen. */
  private shownTo = 0;
  /** How many messages the last `visible()` saw. */
  private counted = 0;

  /** With `state`, content arrives with each of its changes (see `contentChanged`). */
  constructor(
    private readonly host: Host,
    state?: Pick<ThreadState, 'listen'>,
  ) {
    host.addController(this);
    if (state) listenWhileConnected(host, state, () => this.contentChanged());
  }

  private get scroller() {
    return this.host.renderRoot.querySelector<HTMLElement>('.scroller');
  }

  hostConnected() {
    this.observeContent();
    addEventListener('pointerup', this.released);
    addEventListener('pointercancel', this.released);
  }

  hostUpdated() {
    this.observeContent();
    this.watchInput();
    this.schedule();
    this.watchPagers();
  }

  hostDisconnected() {
    removeEventListener('pointerup', this.released);
    removeEventListener('pointercancel', this.released);
    this.contentResize.disconnect();
    this.observed = undefined;
    this.pagerObserver?.disconnect();
    cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  private observeContent() {
    const content = this.host.renderRoot.querySelector('.messages');
    if (!content || content === this.observed) return;
    this.observed = content;
    this.contentResize.observe(content);
  }

  /** Hears the reader's input on the scroller, once per scroller element. */
  private watchInput() {
    const scroller = this.scroller;
    if (!scroller || scroller === this.watched) return;
    this.watched = scroller;
    const options = { passive: true };
    for (const type of ['wheel', 'touchmove', 'keydown'])
      scroller.addEventListener(type, this.input, options);
    scroller.addEventListener('pointerdown', this.held, options);
  }

  private input = () => {
    this.lastInput = Math.max(this.lastInput, performance.now());
  };
  private held = () => {
    this.lastInput = Infinity;
  };
  private released = () => {
    if (this.lastInput === Infinity) this.lastInput = performance.now();
  };

  /** Content arrived: follow it (unless the reader scrolled away). */
  contentChanged() {
    this.readerActed = false;
    this.schedule();
  }

  /** The reader sent a message: follow again. */
  follow() {
    this.following = true;
  }

  /**
   * The messages were replaced (loaded, cleared): show the last page, at the bottom. With
   * `earlier`, that many came in before those on screen (the rest of a thread that showed its
   * end first): what is shown stays.
   */
  reset(count: number, earlier = 0) {
    if (earlier) {
      this.shownFrom += earlier;
      this.shownTo += earlier;
      this.counted += earlier;
      return;
    }
    this.shownFrom = Math.max(0, count - HISTORY_PAGE);
    this.shownTo = count;
    this.counted = count;
    this.following = true;
  }

  /** "Show earlier messages", while earlier messages are not rendered. */
  earlierButton() {
    if (this.shownFrom === 0) return nothing;
    return html`<button type="button" class="button pager earlier" @click=${this.showEarlier}>${msg('Show earlier messages')}</button>`;
  }

  /** "Show later messages", while later messages are not rendered (the reader paged far up). */
  laterButton() {
    if (this.shownTo >= this.counted) return nothing;
    return html`<button type="button" class="button pager later" @click=${this.showLater}>${msg('Show later messages')}</button>`;
  }

  /**
   * The messages to render. While the reader follows the end of a long
   * conversation, messages more than two pages up are let go (their
   * elements, templates and DOM) down to the last page; scrolling up brings
   * them back a page at a time, as for a restored history.
   */
  visible<T>(messages: readonly T[]): readonly T[] {
    const count = messages.length;
    const arrived = count > this.counted;
    const atEnd = this.shownTo >= this.counted;
    this.counted = count;
    if (atEnd) this.shownTo = count;
    // Only when a message arrives: earlier ones the reader asked for stay.
    if (arrived && this.following && (!atEnd || count - this.shownFrom > 2 * HISTORY_PAGE)) {
      this.shownFrom = Math.max(0, count - HISTORY_PAGE);
      this.shownTo = count;
      // What is let go above moves the content up: the scroll that follows is not the reader's.
      this.autoScrollTop = 0;
    }
    return this.shownFrom > 0 || this.shownTo < count
      ? messages.slice(this.shownFrom, this.shownTo)
      : messages;
  }

  /**
   * The reader stops following by scrolling up from where auto-scroll put
   * them, and resumes by scrolling back to the bottom. Content that grows
   * before a scroll event arrives does not count as scrolling up, nor does
   * a scroll up with no input of the reader's (see `lastInput`).
   */
  onScroll = () => {
    const scroller = this.scroller!;
    const atBottom =
      scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < FOLLOW_SLACK;
    if (atBottom && this.shownTo >= this.counted) {
      this.following = true;
      this.autoScrollTop = scroller.scrollTop;
    } else if (
      scroller.scrollTop < this.autoScrollTop - 2 &&
      performance.now() - this.lastInput < READER_SCROLL_MS
    )
      this.following = false;
    // A button may have come into view before this scroll told us the reader left the end.
    this.pageIfWanted();
  };

  onReaderAction = () => {
    this.readerActed = true;
  };

  /** Follows new content once per frame, unless the reader scrolled up. */
  private schedule() {
    if (!this.following || this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      const scroller = this.scroller;
      if (scroller && this.following) {
        scroller.scrollTop = scroller.scrollHeight;
        this.autoScrollTop = scroller.scrollTop;
      }
    });
  }

  /** Renders the step of messages before the first shown, letting go of what is then far below; what the reader sees stays in place. */
  showEarlier = () => {
    const from = Math.max(0, this.shownFrom - HISTORY_STEP);
    this.show(from, Math.min(this.shownTo, from + HISTORY_WINDOW));
  };

  /** Renders the step of messages after the last shown, letting go of what is then far above; what the reader sees stays in place. */
  showLater = () => {
    const to = Math.min(this.counted, this.shownTo + HISTORY_STEP);
    this.show(Math.max(this.shownFrom, to - HISTORY_WINDOW), to);
  };

  /** Renders the messages from `from` up to `to`; the first entry in view stays where it was on screen. */
  private show(from: number, to: number) {
    const scroller = this.scroller;
    const viewTop = scroller?.getBoundingClientRect().top ?? 0;
    const entries = [...this.host.renderRoot.querySelectorAll('.messages > .entry')];
    const anchor = entries.find((entry) => entry.getBoundingClientRect().bottom > viewTop);
    const top = anchor?.getBoundingClientRect().top ?? 0;
    this.shownFrom = from;
    this.shownTo = to;
    this.inView = { earlier: false, later: false };
    this.host.requestUpdate();
    void this.host.updateComplete.then(() => {
      if (scroller && anchor?.isConnected)
        scroller.scrollTop += anchor.getBoundingClientRect().top - top;
    });
  }

  /** Pages in when a paging button scrolls into view. */
  private watchPagers() {
    this.pagerObserver?.disconnect();
    this.inView = { earlier: false, later: false };
    const scroller = this.scroller;
    const pagers = this.host.renderRoot.querySelectorAll('.pager');
    if (!pagers.length || !scroller) return;
    this.pagerObserver = new IntersectionObserver(
      (entries) => {
        for (const entry of entries)
          this.inView[entry.target.matches('.later') ? 'later' : 'earlier'] = entry.isIntersecting;
        this.pageIfWanted();
      },
      { root: scroller },
    );
    pagers.forEach((pager) => this.pagerObserver!.observe(pager));
  }

  /** Only a reader who scrolled up to "Show earlier" gets more; at the bottom, the button is there to press. Likewise down to "Show later". */
  private pageIfWanted() {
    const { earlier, later } = this.inView;
    // Both in view: everything rendered fits on screen, and the buttons are there to press.
    if (later && !earlier) this.showLater();
    else if (earlier && !later && !this.following) this.showEarlier();
  }
}
