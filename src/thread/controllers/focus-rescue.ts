import type { ReactiveController, ReactiveControllerHost } from 'lit';

type Host = ReactiveControllerHost & {
  readonly shadowRoot: ShadowRoot | null;
  readonly renderRoot: HTMLElement | DocumentFragment;
};

/**
 * When an update removes the control that had focus (Stop once the answer
 * ends, New conversation once the thread is empty), focus goes on to
 * `target` (the message box) instead of falling to the page.
 */
export class FocusRescue implements ReactiveController {
  private hadFocus = false;

  constructor(
    private readonly host: Host,
    private readonly target: string,
  ) {
    host.addController(this);
  }

  hostUpdate() {
    this.hadFocus = Boolean(this.host.shadowRoot?.activeElement);
  }

  hostUpdated() {
    if (this.hadFocus && !this.host.shadowRoot?.activeElement)
      this.host.renderRoot.querySelector<HTMLElement>(this.target)?.focus();
  }
}
