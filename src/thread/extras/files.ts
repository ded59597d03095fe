import { msg, str } from '@lit/localize';
import { html } from 'lit';
import { property } from 'lit/decorators.js';
import { AnswerFileSelectEvent } from '../events.js';
import type { FileRef } from '../../conversation/index.js';
import { filesStyles } from './files.styles.js';
import { isInlineImage } from './safe-urls.js';
import { AnswerElement } from '../../base/answer-element.js';

/** A sheet with a folded corner, drawn in the text colour. */
const fileIcon = html`<svg class="icon" viewBox="0 0 16 16" aria-hidden="true">
  <path d="M4 1.5h5.5L13 5v9.5H4z M9.5 1.5V5H13" fill="none" stroke="currentColor" stroke-width="1.2" stroke-linejoin="round" />
</svg>`;

/**
 * @tag answer-files
 * @summary Files an answer carries. A PNG, JPEG, GIF, WebP or AVIF image that
 * is already in the page (a `data:` or `blob:` URL) is shown; anything else,
 * a remote URL included, is a chip naming the file that leaves the opening
 * to the host. Nothing remote is loaded.
 *
 * @fires answer-file-select - The reader chose a file chip; `detail: { url, mediaType, filename? }`.
 * @csspart image - A shown image.
 * @csspart chip - A file chip.
 */
export class AnswerFiles extends AnswerElement {
  static override styles = filesStyles;

  /** The files: `{ url, mediaType, filename? }`; `url` is empty for a file too large to have been saved. */
  @property({ attribute: false }) files: FileRef[] = [];

  private select(file: FileRef) {
    const { url, mediaType, filename } = file;
    this.dispatchEvent(
      new AnswerFileSelectEvent(filename ? { url, mediaType, filename } : { url, mediaType }),
    );
  }

  private renderFile(file: FileRef) {
    const name = file.filename || file.mediaType || msg('File');
    if (!file.url) {
      return html`<span class="chip unsaved" part="chip">${fileIcon}<span class="name" dir="auto">${msg(str`${name} (not saved: too large)`)}</span></span>`;
    }
    if (isInlineImage(file)) {
      return html`<img part="image" src=${file.url} alt=${file.filename || msg('Image')} decoding="async" referrerpolicy="no-referrer" />`;
    }
    return html`<button type="button" class="chip" part="chip" @click=${() => this.select(file)}>
      ${fileIcon}<span class="name" dir="auto">${name}</span>
    </button>`;
  }

  override render() {
    return (this.files ?? []).map((file) => this.renderFile(file));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'answer-files': AnswerFiles;
  }
}
