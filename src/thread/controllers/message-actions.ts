import { msg } from '@lit/localize';
import { html, nothing, type ReactiveControllerHost } from 'lit';
import type { AssistantTurn, ThreadMessage, UserMessage } from '../../conversation/index.js';
import type { ChatRequests } from '../link/requests.js';
import { coordinatesPhrase, metricPhrase, tablePhrase } from '../../components/shared/phrases.js';
import { getAnswerLocale } from '../../base/active-locale.js';
import { PREPARE_PRINT } from '../../base/events.js';
import { threadPrintStyles } from './print.styles.js';

/** What the actions of a message depend on. */
export interface ActionContext {
  /** The message is the last of the conversation. */
  last: boolean;
  /** An answer is under way: nothing can be asked again until it ends. */
  busy: boolean;
}

/**
 * The reader's actions on a message, under it: **Copy** an answer as
 * markdown, **Export** it (Copy as Markdown, Download as HTML, Print: the
 * exporters load on first use), **Read aloud** (where the browser has voices), **Regenerate** the
 * last answer (**Retry** when it failed or was cut off), and **Edit** a
 * question to send it again. Edit turns the question into a small form in
 * place; the conversation after it goes when the edited question is sent.
 * This class comes with the turn's elements in their chunk, which a thread
 * has before it shows any message.
 */
export class MessageActions {
  /** The question being edited, its draft, and its form. */
  private editing?: { message: UserMessage; form: () => unknown };
  /** The answer just copied: its Copy button says so for a moment. */
  private copied?: AssistantTurn;
  private copiedTimer?: ReturnType<typeof setTimeout>;
  /** Reads answers aloud, once first asked to. */
  private reader?: import('./read-aloud.chunk.js').ReadAloud;
  /** A listener waits for the browser's voices. */
  private awaitingVoices = false;
  /** The answer whose Export choices are open. */
  private exporting?: AssistantTurn;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement & { disclosure?: string },
    private readonly requests: ChatRequests,
    /** Tells screen readers what happened (the copy is silent otherwise). */
    private readonly say: (text: string) => void,
  ) {
    // The thread on paper, whether printed from Export or from the browser's own menu.
    const root = host.shadowRoot;
    if (root && threadPrintStyles.styleSheet)
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, threadPrintStyles.styleSheet];
  }

  /** Whether `message` is shown as its edit form. */
  isEditing(message: ThreadMessage): boolean {
    return this.editing?.message === message;
  }

  /** The actions under `message`, or nothing when none applies. */
  render(message: ThreadMessage, { last, busy }: ActionContext) {
    const canAsk = this.requests.canAsk && !busy;
    if (message.role === 'user') {
      // A form's answers are not a question to rewrite; an edit form shows no actions of its own.
      if (!canAsk || message.data !== undefined || this.isEditing(message)) return nothing;
      return this.bar(
        html`<button type="button" class="action" @click=${() => void this.startEditing(message)}>
          ${msg('Edit')}
        </button>`,
      );
    }
    if (!message.closed) return nothing;
    const failed = message.status === 'error' || message.status === 'interrupted';
    const hasAnswer =
      message.items.some(
        (item) => item.kind === 'block' || (item.kind === 'text' && item.parts.length > 0),
      ) || Boolean(message.final);
    const again = last && canAsk;
    if (!hasAnswer && !again) return nothing;
    return this.bar(
      html`${
        hasAnswer
          ? html`<button type="button" class="action" @click=${() => void this.copy(message)}>
              ${this.copied === message ? msg('Copied') : msg('Copy')}
            </button>`
          : nothing
      }
      ${hasAnswer ? this.exportButtons(message) : nothing}
      ${hasAnswer && this.speaks() ? this.readAloudButton(message) : nothing}
      ${
        again
          ? html`<button type="button" class="action" @click=${() => void this.requests.regenerate(message)}>
              ${failed ? msg('Retry') : msg('Regenerate')}
            </button>`
          : nothing
      }`,
      last,
    );
  }

  /** The edit form that stands in place of the question being edited. */
  renderEditor() {
    return this.editing ? this.editing.form() : nothing;
  }

  private bar(buttons: unknown, pinned = false) {
    return html`<div class="actions ${pinned ? 'pinned' : ''}" role="group" aria-label=${msg('Message actions')}>${buttons}</div>`;
  }

  /** Turns `message` into its edit form (the form loads on the first edit). */
  private async startEditing(message: UserMessage) {
    const { startEditing } = await import('./edit-form.chunk.js');
    const close = () => {
      this.editing = undefined;
      this.host.requestUpdate();
    };
    this.editing = startEditing(this.host, message, close, (text) => {
      close();
      void this.requests.send(
        { text, ...(message.files ? { files: message.files } : {}) },
        message,
      );
    });
  }

  /** Whether the browser can read aloud: it has voices (they may come after the first render). */
  private speaks(): boolean {
    const speech = globalThis.speechSynthesis;
    const voices = speech?.getVoices().length;
    if (speech && !voices && !this.awaitingVoices) {
      this.awaitingVoices = true;
      // Held weakly: a browser may never have voices, and a thread gone from the page is let go.
      const host = new WeakRef(this.host);
      speech.addEventListener('voiceschanged', () => host.deref()?.requestUpdate(), { once: true });
    }
    return Boolean(voices);
  }

  /** Read aloud, or its Pause and Stop while the answer is read (the reader loads on first use). */
  private readAloudButton(turn: AssistantTurn) {
    const start = async () => {
      const { ReadAloud } = await import('./read-aloud.chunk.js');
      const phrases = { metricPhrase, tablePhrase, coordinatesPhrase };
      void (this.reader ??= new ReadAloud(this.host, phrases)).start(turn);
    };
    return (
      this.reader?.controls(turn) ??
      html`<button type="button" class="action read-aloud" @click=${start}>
        ${msg('Read aloud')}
      </button>`
    );
  }

  /**
   * Export and, once pressed, its choices beside it: a disclosure (its button says whether the
   * choices are shown), so Tab reaches them in order and Escape closes them.
   */
  private exportButtons(turn: AssistantTurn) {
    const open = this.exporting === turn;
    const choose = (action: (turn: AssistantTurn) => Promise<void>) => () => {
      this.closeExport(false);
      void action.call(this, turn);
    };
    const onKeydown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      this.closeExport(true);
    };
    const choices = html`<span class="export-choices" role="group" aria-label=${msg('Export')} @keydown=${onKeydown}>
      <button type="button" class="action" @click=${choose(this.copy)}>${msg('Copy as Markdown')}</button>
      <button type="button" class="action" @click=${choose(this.download)}>${msg('Download as HTML')}</button>
      <button type="button" class="action" @click=${choose(this.print)}>${msg('Print')}</button>
    </span>`;
    const toggle = () => {
      this.exporting = open ? undefined : turn;
      this.host.requestUpdate();
    };
    const expanded = open ? 'true' : 'false';
    return html`<button type="button" class="action export" aria-expanded=${expanded}
        @click=${toggle} @keydown=${onKeydown}>
        ${msg('Export')}
      </button>${open ? choices : nothing}`;
  }

  /** Closes the Export choices; `refocus` puts the focus back on Export (the choices it was in are gone). */
  private closeExport(refocus: boolean) {
    this.exporting = undefined;
    this.host.requestUpdate();
    if (refocus)
      void this.host.updateComplete.then(() =>
        this.host.shadowRoot?.querySelector<HTMLElement>('.action.export')?.focus(),
      );
  }

  /** How an export of this thread is written: in its locale, with its disclosure (an export always carries one). */
  private exportOptions() {
    const disclosure = this.host.disclosure;
    return {
      locale: getAnswerLocale(),
      ...(disclosure && disclosure !== 'none' ? { disclosure } : {}),
    };
  }

  /** Saves an answer as a self-contained HTML page (the exporter loads on first use). */
  private async download(turn: AssistantTurn) {
    try {
      const { toHtml } = await import('../../export/index.js');
      const { output } = toHtml(turn, this.exportOptions());
      const url = URL.createObjectURL(new Blob([output], { type: 'text/html;charset=utf-8' }));
      const link = Object.assign(document.createElement('a'), {
        href: url,
        download: 'answer.html',
      });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      this.say(msg('The answer is saved as a web page.'));
    } catch {
      this.say(msg('Saving failed: the answer could not be exported.'));
    }
  }

  /** Prints an answer alone: the thread's print styles leave out every other entry while it prints. */
  private async print(turn: AssistantTurn) {
    const entry = this.host.shadowRoot?.querySelector<HTMLElement>(
      `.entry[data-message-id="${CSS.escape(turn.id)}"]`,
    );
    if (!entry) return;
    await drawnForPrint(entry);
    // Where a frame may not print, the dialog never opens nor closes: no answer stays the only one.
    const done = () => {
      delete this.host.dataset.printing;
      for (const marked of this.host.shadowRoot!.querySelectorAll<HTMLElement>('[data-printing]'))
        delete marked.dataset.printing;
    };
    done();
    this.host.dataset.printing = entry.dataset.printing = '';
    addEventListener('afterprint', done, { once: true });
    print();
  }

  /** Copies an answer as markdown, marked as AI-generated (the exporter loads on first use). */
  private async copy(turn: AssistantTurn) {
    try {
      const { toMarkdown } = await import('../../export/index.js');
      await navigator.clipboard.writeText(toMarkdown(turn, this.exportOptions()).output);
      this.copied = turn;
      clearTimeout(this.copiedTimer);
      this.copiedTimer = setTimeout(() => {
        this.copied = undefined;
        this.host.requestUpdate();
      }, 2000);
      this.host.requestUpdate();
      this.say(msg('Copied to the clipboard.'));
    } catch {
      this.say(msg('Copying failed: the browser did not allow it.'));
    }
  }
}

/** Every element under `root`, shadow roots included. */
function deepQuery<K extends keyof HTMLElementTagNameMap>(root: Element, tag: K) {
  const found: HTMLElementTagNameMap[K][] = [];
  const walk = (node: Element | ShadowRoot) => {
    for (const element of node.querySelectorAll('*')) {
      if (element.localName === tag) found.push(element as HTMLElementTagNameMap[K]);
      if (element.shadowRoot) walk(element.shadowRoot);
    }
  };
  walk(root);
  return found;
}

/** The answer's charts drawn for paper, those the reader has not scrolled to as well (at most 2 s). */
async function drawnForPrint(entry: HTMLElement) {
  dispatchEvent(new Event(PREPARE_PRINT));
  const charts = deepQuery(entry, 'answer-chart').filter((chart) => chart.view !== 'table');
  const until = Date.now() + 2_000;
  while (charts.some((chart) => !chart.chartInstance) && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 50));
}
