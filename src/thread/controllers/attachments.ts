import { msg, str } from '@lit/localize';
import { nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { getAnswerLocale } from '../../base/localization.js';

type FileHandling = typeof import('./attachment-files.chunk.js');

/** The composer's limits, read from the host's attributes each time files arrive. */
export interface AttachmentLimits {
  /** As the `<input accept>` attribute: MIME types, `type/*` wildcards, `.ext` suffixes; anything when empty. */
  accept?: string | undefined;
  /** Largest file in bytes; 10 MB when not set. */
  maxFileSize?: number | undefined;
  /** Most files one message takes; 10 when not set. */
  maxFiles?: number | undefined;
}

/** A file waiting in the composer to be sent. */
export interface PendingFile {
  /** Stable while the file is in the list (a render key). */
  readonly id: number;
  readonly name: string;
  readonly size: number;
  readonly mediaType: string;
  /** The content as a `data:` URL, once read. */
  readonly url?: string;
}

/** An AI SDK `file` UI part without its `type`. */
export interface FilePartFields {
  url: string;
  mediaType: string;
  filename: string;
}

/**
 * Files the reader attaches in the composer (picker, paste, drop), sent as
 * AI SDK `file` parts: each file is checked against the host's `accept`,
 * size and count limits, then read to a `data:` URL as `useChat` does
 * (`convertFileListToFileUIParts`). A refused file leaves a message that
 * names it and says why, until the next successful add or a removal.
 */
export class Attachments implements ReactiveController {
  /** The files in the composer, in the order they came. */
  files: readonly PendingFile[] = [];
  /** Why the last files were refused; empty when nothing was. */
  error = '';
  /** Files are being dragged over the composer. */
  dragging = false;
  private nextId = 0;
  private loaded?: FileHandling;
  /** Adds under way (the file handling may still be loading). */
  private adding = 0;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly limits: () => AttachmentLimits,
  ) {
    host.addController(this);
  }

  hostDisconnected() {
    this.dragging = false;
  }

  /** The host's `accept`, for the file picker. */
  get accept(): string | undefined {
    return this.limits().accept || undefined;
  }

  get hasFiles(): boolean {
    return this.files.length > 0;
  }

  /** Files are still being checked or read: Send waits. */
  get reading(): boolean {
    return this.adding > 0 || this.files.some((file) => file.url === undefined);
  }

  /** Resolves once the host has rendered the last change. */
  get updateComplete(): Promise<unknown> {
    return this.host.updateComplete;
  }

  /** Checks `files` against the limits, lists those accepted and resolves once they are read. */
  async add(files: Iterable<File>): Promise<void> {
    this.adding++;
    try {
      const handling = await this.handling();
      const { accepted, error, none } = handling.screen(
        files,
        this.files.length,
        this.limits(),
        () => this.nextId++,
        this.locale,
      );
      if (none) return;
      this.error = error;
      this.files = [...this.files, ...accepted.map(([pending]) => pending)];
      this.host.requestUpdate();
      await Promise.all(accepted.map(([pending, file]) => this.read(handling, pending, file)));
    } finally {
      this.adding--;
      this.host.requestUpdate();
    }
  }

  /** The active locale, for file sizes (the file handling loads later and takes it from here). */
  get locale(): string {
    return getAnswerLocale();
  }

  /** The chips of the attached files (nothing before the first file). */
  chips() {
    return this.loaded && this.hasFiles ? this.loaded.chips(this) : nothing;
  }

  /** The file handling, loaded with the first file. */
  private async handling(): Promise<FileHandling> {
    return (this.loaded ??= await import('./attachment-files.chunk.js'));
  }

  private async read(handling: FileHandling, pending: PendingFile, file: File) {
    try {
      const url = await handling.readDataUrl(file);
      // A file removed while it was read stays removed.
      this.files = this.files.map((f) => (f.id === pending.id ? { ...f, url } : f));
    } catch {
      if (!this.files.some((f) => f.id === pending.id)) return;
      this.files = this.files.filter((f) => f.id !== pending.id);
      this.error = msg(str`"${pending.name}" could not be read.`);
    }
    this.host.requestUpdate();
  }

  remove(index: number) {
    if (index < 0 || index >= this.files.length) return;
    this.files = this.files.filter((_, i) => i !== index);
    this.error = '';
    this.host.requestUpdate();
  }

  clear() {
    this.files = [];
    this.error = '';
    this.dragging = false;
    this.host.requestUpdate();
  }

  /** The files read so far as `file` part fields, taken out of the composer (a file still being read stays). */
  take(): FilePartFields[] {
    const read = this.files.filter(
      (file): file is PendingFile & { url: string } => file.url !== undefined,
    );
    this.files = this.files.filter((file) => file.url === undefined);
    this.error = '';
    this.host.requestUpdate();
    return read.map(({ url, mediaType, name }) => ({ url, mediaType, filename: name }));
  }

  /** Files are dragged over the composer, or no longer. */
  setDragging(dragging: boolean) {
    if (dragging === this.dragging) return;
    this.dragging = dragging;
    this.host.requestUpdate();
  }
}
