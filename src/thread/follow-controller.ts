import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** How close to the bottom (px) still counts as following the conversation. */
const FOLLOW_SLACK = 48;
/** Messages rendered at first when a long thread is restored; earlier ones render as the reader scrolls up. */
export const HISTORY_PAGE = 20;

type Host = ReactiveControllerHost & { readonly renderRoot: HTMLElement | DocumentFragment };

/**
 * Keeps the conversation scrolled to its end while the reader follows it,
 * and pages a long history in from the end (restored, or let go while the
 * reader followed the end). The host's template puts the
 * scroll container in `.scroller` (with `onScroll` and `onReaderAction`
 * wired to it), the content in `.messages` and the "Show earlier" button
 * in `.earlier`, and renders `visible(messages)`.
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
  private earlierObserver?: IntersectionObserver;
  private earlierInView = false;
  /** Index of the first message on screen: a long restored history renders its end first. */
  private shownFrom = 0;
  /** How many messages the last `visible()` saw. */
  private counted = 0;

  constructor(private readonly host: Host) {
    host.addController(this);
  }

  private get scroller() {
    return this.host.renderRoot.querySelector<HTMLElement>('.scroller');
  }

  hostConnected() {
    this.observeContent();
  }

  hostUpdated() {
    this.observeContent();
    this.schedule();
    this.watchEarlier();
  }

  hostDisconnected() {
    this.contentResize.disconnect();
    this.observed = undefined;
    this.earlierObserver?.disconnect();
    cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  private observeContent() {
    const content = this.host.renderRoot.querySelector('.messages');
    if (!content || content === this.observed) return;
    this.observed = content;
    this.contentResize.observe(content);
  }

  /** Content arrived: follow it (unless the reader scrolled away). */
  contentChanged() {
    this.readerActed = false;
    this.schedule();
  }

  /** The reader sent a message: follow again. */
  follow() {
    this.following = true;
  }

  /** The messages were replaced (loaded, cleared): show the last page, at the bottom. */
  reset(count: number) {
    this.shownFrom = Math.max(0, count - HISTORY_PAGE);
    this.counted = count;
    this.following = true;
  }

  /** Whether earlier messages are not rendered yet. */
  get hasEarlier(): boolean {
    return this.shownFrom > 0;
  }

  /**
   * The messages to render. While the reader follows the end of a long
   * conversation, messages more than two pages up are let go (their
   * elements, templates and DOM) down to the last page; scrolling up brings
   * them back a page at a time, as for a restored history.
   */
  visible<T>(messages: readonly T[]): readonly T[] {
    // Only when a message arrives: earlier ones the reader asked for stay.
    const arrived = messages.length > this.counted;
    this.counted = messages.length;
    if (arrived && this.following && messages.length - this.shownFrom > 2 * HISTORY_PAGE) this.shownFrom = messages.length - HISTORY_PAGE;
    return this.shownFrom > 0 ? messages.slice(this.shownFrom) : messages;
  }

  /**
   * The reader stops following by scrolling up from where auto-scroll put
   * them, and resumes by scrolling back to the bottom. Content that grows
   * before a scroll event arrives does not count as scrolling up.
   */
  onScroll = () => {
    const scroller = this.scroller!;
    if (scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < FOLLOW_SLACK) this.following = true;
    else if (scroller.scrollTop < this.autoScrollTop - 2) this.following = false;
    // The button may have come into view before this scroll told us the reader left the end.
    this.loadEarlierIfWanted();
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

  /** Renders the next page of earlier messages, keeping what the reader sees in place. */
  showEarlier = () => {
    this.earlierInView = false;
    const scroller = this.scroller;
    const fromBottom = scroller ? scroller.scrollHeight - scroller.scrollTop : 0;
    this.shownFrom = Math.max(0, this.shownFrom - HISTORY_PAGE);
    this.host.requestUpdate();
    void this.host.updateComplete.then(() => {
      if (scroller) scroller.scrollTop = scroller.scrollHeight - fromBottom;
    });
  };

  /** Loads earlier messages when their button scrolls into view. */
  private watchEarlier() {
    this.earlierObserver?.disconnect();
    const button = this.host.renderRoot.querySelector('.earlier');
    const scroller = this.scroller;
    if (!button || !scroller) return;
    this.earlierInView = false;
    this.earlierObserver = new IntersectionObserver(
      (entries) => {
        this.earlierInView = entries.at(-1)!.isIntersecting;
        this.loadEarlierIfWanted();
      },
      { root: scroller },
    );
    this.earlierObserver.observe(button);
  }

  /** Only a reader who scrolled up to "Show earlier" gets more; at the bottom, the button is there to press. */
  private loadEarlierIfWanted() {
    if (this.earlierInView && !this.following) this.showEarlier();
  }
}
