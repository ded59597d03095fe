import { msg } from '@lit/localize';
import { html, nothing, svg, type ReactiveControllerHost } from 'lit';
import { icon } from '../icons.js';
import { Attachments, type AttachmentLimits, type FilePartFields } from './attachments.js';

/** What the composer shows and whom it tells. */
export interface ComposerOptions {
  draft: string;
  /** An answer is under way: Stop stands where Send was. */
  busy: boolean;
  /** The files to send with the message. */
  attachments: Attachments;
  input(draft: string): void;
  send(): void;
  stop(): void;
}

const paperclip = svg`<path d="M21.4 11.1l-9.2 9.2a6 6 0 0 1-8.5-8.5l9.2-9.2a4 4 0 0 1 5.7 5.7l-9.2 9.2a2 2 0 0 1-2.8-2.8l8.5-8.5" />`;
const carriesFiles = (data: DataTransfer | null): data is DataTransfer =>
  !!data && [...data.types].includes('Files');

/**
 * The message box with Send (or Stop): Enter sends, Shift+Enter adds a line,
 * nothing sends mid-composition or while an attached file is still read.
 * Files come through Attach files, a paste or a drop onto the form.
 */
export function composer({ draft, busy, attachments, input, send, stop }: ComposerOptions) {
  const submit = (event: Event) => {
    event.preventDefault();
    if (!attachments.reading) send();
  };
  const keydown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) submit(event);
  };
  const openPicker = (event: Event) => {
    const picker = (event.currentTarget as Element)
      .closest('form')!
      .querySelector<HTMLInputElement>('input[type=file]')!;
    try {
      picker.showPicker();
    } catch {
      picker.click();
    }
  };
  const picked = (event: Event) => {
    const picker = event.target as HTMLInputElement;
    const files = [...(picker.files ?? [])];
    // Cleared, so that picking the same file again after removing it still counts as a change.
    picker.value = '';
    void attachments.add(files);
  };
  // A file pasted with text beside it (a spreadsheet's cells come with a picture of them) leaves the text to paste too.
  const paste = (event: ClipboardEvent) => {
    const data = event.clipboardData;
    if (!data?.files.length) return;
    if (!data.types.includes('text/plain')) event.preventDefault();
    void attachments.add([...data.files]);
  };
  const dragover = (event: DragEvent) => {
    if (!carriesFiles(event.dataTransfer)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    attachments.setDragging(true);
  };
  const dragleave = (event: DragEvent) => {
    if (!(event.currentTarget as Element).contains(event.relatedTarget as Node | null))
      attachments.setDragging(false);
  };
  // Files dropped on the composer are attached; the browser does not open them in place of the page.
  const drop = (event: DragEvent) => {
    attachments.setDragging(false);
    if (!carriesFiles(event.dataTransfer)) return;
    event.preventDefault();
    void attachments.add([...event.dataTransfer.files]);
  };
  const empty = !draft.trim() && !attachments.hasFiles;
  return html`<form
    class=${attachments.dragging ? 'composer dragging' : 'composer'}
    part="composer"
    @submit=${submit}
    @dragenter=${dragover}
    @dragover=${dragover}
    @dragleave=${dragleave}
    @drop=${drop}
  >
    ${attachments.chips()}
    <div class="attach-error" role="status">${attachments.error}</div>
    <button type="button" class="button attach" title=${msg('Attach files')} @click=${openPicker}>
      ${icon(paperclip)}<span class="visually-hidden">${msg('Attach files')}</span>
    </button>
    <input type="file" multiple hidden tabindex="-1" accept=${attachments.accept ?? nothing} @change=${picked} />
    <label class="visually-hidden" for="message">${msg('Message')}</label>
    <textarea
      id="message"
      rows="1"
      placeholder=${msg('Ask the agent…')}
      .value=${draft}
      @input=${(e: InputEvent) => input((e.target as HTMLTextAreaElement).value)}
      @keydown=${keydown}
      @paste=${paste}
    ></textarea>
    ${
      busy
        ? html`<button type="button" class="button send" @click=${stop}>${msg('Stop')}</button>`
        : html`<button type="submit" class="button primary send" ?disabled=${empty || attachments.reading}>${msg('Send')}</button>`
    }
  </form>`;
}

/** What the composer hands over. */
export interface ComposerActions {
  /** An answer is under way: nothing is sent until it ends. */
  busy(): boolean;
  send(text: string, files: FilePartFields[]): void;
  stop(): void;
}

/** The composer's state, the draft and the attached files, drawn by `composer()`. */
export class Composer {
  private draft = '';
  readonly attachments: Attachments;

  constructor(
    private readonly host: ReactiveControllerHost,
    limits: () => AttachmentLimits,
    private readonly actions: ComposerActions,
  ) {
    this.attachments = new Attachments(host, limits);
  }

  /** Sends the draft and the files, once they are read; a message needs one or the other. */
  private send() {
    const text = this.draft.trim();
    if ((!text && !this.attachments.hasFiles) || this.attachments.reading || this.actions.busy())
      return;
    this.draft = '';
    this.actions.send(text, this.attachments.take());
  }

  render() {
    const input = (draft: string) => {
      this.draft = draft;
      this.host.requestUpdate();
    };
    return composer({
      draft: this.draft,
      busy: this.actions.busy(),
      attachments: this.attachments,
      input,
      send: () => this.send(),
      stop: this.actions.stop,
    });
  }
}
