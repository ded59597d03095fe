import { oneEvent, waitUntil } from '@open-wc/testing';
import type { AgentThread } from '../thread/elements/thread.js';
import { deepElements, settle } from './settle.js';
import { press, typeText } from './engines.js';

/*
 * Drives <agent-thread> the way a person does: controls are found by their
 * role and accessible name through shadow roots, never by CSS class, and
 * each action resolves once what it causes is on screen, never after a sleep.
 */

/** Long enough for a loopback server's answer; a failing wait still names what never happened. */
const until = (condition: () => unknown, message: string) =>
  waitUntil(condition, message, { timeout: 10_000 });

const collapse = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** The accessible name of a control: aria-label, aria-labelledby, its <label for>, or its text. */
export function accessibleName(el: Element): string {
  const label = el.getAttribute('aria-label');
  if (label !== null) return collapse(label);
  const root = el.getRootNode() as Document | ShadowRoot;
  const labelledBy = el.getAttribute('aria-labelledby');
  if (labelledBy)
    return collapse(
      labelledBy
        .split(/\s+/)
        .map((id) => root.getElementById(id)?.textContent)
        .join(' '),
    );
  if (el.id && /^(textarea|input|select)$/.test(el.localName)) {
    const forIt = root.querySelector(`label[for="${el.id}"]`);
    if (forIt) return collapse(forIt.textContent);
  }
  return collapse(el.textContent);
}

type Role = 'button' | 'textbox' | 'group' | 'article';
const ROLE_SELECTORS: Record<Role, string> = {
  // A <summary> is the button that opens its <details>.
  button: 'button, summary, [role=button]',
  textbox: 'textarea, input:not([type]), input[type=text], [role=textbox]',
  group: '[role=group], fieldset',
  article: '[role=article], article',
};

/** Every element under `root` (through shadow roots) with this role and accessible name, in document order. */
export function allByRole<T extends HTMLElement = HTMLElement>(
  root: Element | ShadowRoot,
  role: Role,
  name: string | RegExp,
): T[] {
  const scope = root instanceof Element && root.shadowRoot ? root.shadowRoot : root;
  const matches = (el: Element) => {
    const own = accessibleName(el);
    return typeof name === 'string' ? own === name : name.test(own);
  };
  return deepElements(scope).filter(
    (el): el is T => el.matches(ROLE_SELECTORS[role]) && matches(el),
  );
}

/** The last element with this role and name under `root` (the newest, in a thread); throws if there is none. */
export function getByRole<T extends HTMLElement = HTMLElement>(
  root: Element | ShadowRoot,
  role: Role,
  name: string | RegExp,
): T {
  const found = allByRole<T>(root, role, name);
  if (!found.length) throw new Error(`no ${role} named ${String(name)}`);
  return found.at(-1)!;
}

/** The element with this role and name under `root`, or undefined. */
export function queryByRole<T extends HTMLElement = HTMLElement>(
  root: Element | ShadowRoot,
  role: Role,
  name: string | RegExp,
): T | undefined {
  return allByRole<T>(root, role, name).at(-1);
}

export class ThreadHarness {
  constructor(readonly thread: AgentThread) {}

  /** The button named `name` (the newest, if several), within `scope` or the whole thread. */
  button(name: string | RegExp, scope: Element | ShadowRoot = this.thread): HTMLButtonElement {
    return getByRole<HTMLButtonElement>(scope, 'button', name);
  }

  /** The button named `name`, or undefined while there is none. */
  queryButton(
    name: string | RegExp,
    scope: Element | ShadowRoot = this.thread,
  ): HTMLButtonElement | undefined {
    return queryByRole<HTMLButtonElement>(scope, 'button', name);
  }

  /** The composer's message box. */
  get messageBox(): HTMLTextAreaElement {
    return getByRole<HTMLTextAreaElement>(this.thread, 'textbox', 'Message');
  }

  /** The questions on screen ("You" articles), their text. */
  questions(): string[] {
    return allByRole(this.thread, 'article', 'You').map((el) => el.textContent ?? '');
  }

  /** Types `text` into the message box with the keyboard. */
  async type(text: string): Promise<void> {
    this.messageBox.focus();
    await typeText(text);
    await settle(this.thread);
  }

  /** Types a question and sends it with Enter or the Send button; resolves when the question is on screen. */
  async send(text: string, { via = 'enter' }: { via?: 'enter' | 'button' } = {}): Promise<void> {
    const before = this.questions().length;
    await this.type(text);
    if (via === 'enter') await press('Enter');
    else this.button('Send', this.composer()).click();
    await until(
      () => this.questions().length > before && this.questions().at(-1)!.includes(text.trim()),
      `the question "${text}" did not show`,
    );
    await settle(this.thread);
  }

  /** Presses Stop; resolves when Stop has given way to Send. */
  async stop(): Promise<void> {
    this.button('Stop', this.composer()).click();
    await until(() => !this.queryButton('Stop', this.composer()), 'Stop did not end the answer');
    await settle(this.thread);
  }

  /**
   * Opens the newest (or `turn`'s) folded "View process"; resolves once its first slice of
   * steps has rendered (a long process renders a slice a frame).
   */
  async viewProcess(turn?: Element): Promise<HTMLDetailsElement> {
    const summary = this.button('View process', turn ?? this.thread);
    const details = summary.parentElement as HTMLDetailsElement;
    if (!details.open) {
      const toggled = oneEvent(details, 'toggle');
      summary.click();
      await until(() => details.open, '"View process" did not open');
      // The steps render once the `toggle` event (a task after the click) has reached the turn.
      await toggled;
    }
    await settle(this.thread);
    return details;
  }

  /** The newest approval card, once its lazily loaded element has rendered. */
  async approvalCard(): Promise<HTMLElement> {
    await until(
      () => deepElements(this.thread.shadowRoot!).some((el) => el.localName === 'answer-approval'),
      'no approval card',
    );
    await customElements.whenDefined('answer-approval');
    const card = deepElements(this.thread.shadowRoot!)
      .filter((el): el is HTMLElement => el.localName === 'answer-approval')
      .at(-1)!;
    await settle(card);
    return card;
  }

  /** Presses Approve on the newest approval card; resolves when the card says it was approved. */
  async approve(): Promise<void> {
    const card = await this.approvalCard();
    this.button('Approve', card).click();
    await until(() => !this.queryButton('Approve', card), 'Approve was not taken');
    await settle(this.thread);
  }

  /**
   * Types `reason` (if any) and presses Deny on the newest approval card; resolves when the
   * card says it was denied.
   */
  async deny(reason?: string): Promise<void> {
    const card = await this.approvalCard();
    if (reason !== undefined) {
      getByRole<HTMLInputElement>(card, 'textbox', 'Reason (optional)').focus();
      await typeText(reason);
    }
    this.button('Deny', card).click();
    await until(() => !this.queryButton('Deny', card), 'Deny was not taken');
    await settle(this.thread);
  }

  /** Presses Regenerate under the newest (or `scope`'s) answer; resolves once the press has been handled. */
  async regenerate(scope?: Element): Promise<void> {
    this.button('Regenerate', scope ?? this.thread).click();
    await settle(this.thread);
  }

  /** Presses Retry under the newest (or `scope`'s) failed answer; resolves once the press has been handled. */
  async retry(scope?: Element): Promise<void> {
    this.button('Retry', scope ?? this.thread).click();
    await settle(this.thread);
  }

  /** Presses Copy under the newest (or `scope`'s) answer; resolves when the button says Copied. */
  async copy(scope?: Element): Promise<void> {
    this.button('Copy', scope ?? this.thread).click();
    await until(() => this.queryButton('Copied', scope ?? this.thread), 'Copy did not finish');
  }

  /**
   * Runs `copy` (a press of Copy, or of Export's Copy as Markdown) with the page's clipboard
   * replaced by one that records what it is given (the real one needs a permission a test page
   * does not have); resolves with the text copied.
   */
  async copiedBy(copy: () => Promise<unknown>): Promise<string> {
    let copied = '';
    const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void (copied = text) },
    });
    try {
      await copy();
      await until(() => copied !== '', 'nothing copied');
    } finally {
      delete (navigator as { clipboard?: unknown }).clipboard;
      if (original) Object.defineProperty(Navigator.prototype, 'clipboard', original);
    }
    return copied;
  }

  /** Presses Copy (under the newest answer, or `scope`'s); resolves with the text copied. */
  copyText(scope?: Element): Promise<string> {
    return this.copiedBy(() => this.copy(scope));
  }

  /** Presses Edit on a question (the newest, or the one in `scope`); resolves with the edit box once it shows. */
  async startEditing(scope?: Element): Promise<HTMLTextAreaElement> {
    this.button('Edit', scope ?? this.thread).click();
    await until(() => this.editBox(), 'Edit did not open the edit box');
    await settle(this.thread);
    return this.editBox()!;
  }

  /** The open edit box, or undefined. */
  editBox(): HTMLTextAreaElement | undefined {
    return queryByRole<HTMLTextAreaElement>(this.thread, 'textbox', 'Edit message');
  }

  /**
   * Replaces the open edit box's text with `text` and presses its Send; resolves when the
   * edited question is on screen.
   */
  async sendEdit(text: string): Promise<void> {
    const box = this.editBox();
    if (!box) throw new Error('no edit box is open');
    box.focus();
    box.select();
    await typeText(text);
    await settle(this.thread);
    this.button('Send', box.form ?? this.thread).click();
    await until(
      () => !this.editBox() && this.questions().some((question) => question.includes(text.trim())),
      `the edited question "${text}" did not show`,
    );
    await settle(this.thread);
  }

  /** Edits a question (the newest, or the one in `scope`) to `text` and sends it. */
  async edit(text: string, scope?: Element): Promise<void> {
    await this.startEditing(scope);
    await this.sendEdit(text);
  }

  /** Presses "New conversation"; resolves when the screen is empty. */
  async newConversation(): Promise<void> {
    this.button('New conversation').click();
    await until(
      () => this.thread.messages.length === 0 && this.questions().length === 0,
      '"New conversation" did not clear the thread',
    );
    await settle(this.thread);
  }

  /** Presses "Show earlier messages"; resolves when an earlier message is the first on screen. */
  async showEarlier(): Promise<void> {
    await this.page('Show earlier messages', () => this.firstShown());
  }

  /** Presses "Show later messages"; resolves when a later message is the last on screen. */
  async showLater(): Promise<void> {
    await this.page('Show later messages', () => this.lastShown());
  }

  /** The record id of the first message on screen. */
  firstShown(): string | undefined {
    return this.shownIds()[0];
  }

  /** The record id of the last message on screen. */
  lastShown(): string | undefined {
    return this.shownIds().at(-1);
  }

  private shownIds(): string[] {
    return allByRole(this.thread, 'article', /^(You|Assistant)$/).map(
      (el) => el.closest('[data-message-id]')?.getAttribute('data-message-id') ?? '',
    );
  }

  private async page(name: string, edge: () => string | undefined): Promise<void> {
    const before = edge();
    this.button(name).click();
    await until(() => edge() !== before, `"${name}" showed nothing new`);
    await settle(this.thread);
  }

  private composer(): Element {
    return this.messageBox.form ?? this.thread;
  }
}

/** A harness for `thread`. */
export const harness = (thread: AgentThread) => new ThreadHarness(thread);
