import { msg } from '@lit/localize';
import { html, type ReactiveControllerHost } from 'lit';
import { fallbackTextOf } from '../../catalog/index.js';
import type { Change, ThreadState } from '../../conversation/index.js';
import { listenWhileConnected } from '../changes.js';
import { noticeText } from '../notices.js';

/**
 * What screen readers hear of a conversation, through one polite live
 * region: a completed block once, a notice, the finished answer, what an
 * interrupted run asks; never a token.
 */
export class Announcer {
  private text = '';

  /**
   * `host` re-renders the region when there is something new to say; `state`'s changes are
   * heard while it is on the page.
   */
  constructor(
    private readonly host: ReactiveControllerHost,
    state: Pick<ThreadState, 'listen'>,
  ) {
    listenWhileConnected(host, state, (change) => this.change(change));
  }

  /** Announces what a change of the conversation brings. */
  private change(change: Change) {
    if (change.notice) this.say(noticeText(change.notice));
    if (change.newBlock)
      this.say(`${msg('New content:')} ${fallbackTextOf(change.newBlock.block)}`);
    if (change.final) this.say(msg('The answer is complete.'));
    // A run that ended on an interrupt waits for the reader: they hear what it asks.
    const asked = change.closed
      ? change.turn.items.findLast((item) => item.kind === 'interrupt' && !item.answer)
      : undefined;
    if (asked?.kind === 'interrupt')
      this.say(`${msg('The agent asks:')} ${asked.message ?? asked.reason}`);
  }

  /** Says `text` once, politely. */
  say(text: string) {
    // Re-setting the same text would not be announced again; a trailing space makes it new.
    this.text = this.text === text ? `${text} ` : text;
    this.host.requestUpdate();
  }

  /** The live region; the host renders it once. */
  render() {
    return html`<div class="visually-hidden" role="status" aria-live="polite">${this.text}</div>`;
  }
}
