import { msg, str } from '@lit/localize';
import { html, nothing, svg } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { AttachmentLimits, Attachments, PendingFile } from './attachments.js';
import { icon } from '../icons.js';
import { isThumbnailUrl } from './data-url.js';

/*
 * The composer's file handling, loaded with the first file the reader
 * attaches: the checks against the host's limits, the messages that say
 * why a file was refused, and the chips of the attached files.
 */

export { readDataUrl } from './data-url.js';

export const DEFAULT_MAX_FILE_SIZE = 10 * 1024 * 1024;
export const DEFAULT_MAX_FILES = 10;

const MIME = /^[a-z0-9!#$&^_.+-]+\/(?:\*|[a-z0-9!#$&^_.+-]+)$/;

/** Whether `accept` (as the HTML attribute reads it) lets `file` in; tokens that are neither a MIME type nor an extension are ignored. */
export function acceptsFile(
  accept: string | undefined,
  file: { name: string; type: string },
): boolean {
  const tokens = (accept ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter((token) => (token.startsWith('.') && token.length > 1) || MIME.test(token));
  if (!tokens.length) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return tokens.some((token) =>
    token.startsWith('.')
      ? name.endsWith(token)
      : token.endsWith('/*')
        ? type.startsWith(token.slice(0, -1))
        : type === token,
  );
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
let sizeLocale = '';
let sizeFormats = new Map<string, Intl.NumberFormat>();

/** A file size in `locale` (the active one): "512 bytes", "1.5 kB", "10 MB" (1 kB = 1,024 bytes). */
export function formatFileSize(bytes: number, locale: string): string {
  let unit = 0;
  let value = bytes;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit && value < 10 ? 1 : 0;
  if (locale !== sizeLocale) {
    sizeLocale = locale;
    sizeFormats = new Map();
  }
  const key = `${unit} ${digits}`;
  let format = sizeFormats.get(key);
  if (!format) {
    // Latin digits in every locale, as src/base/format.ts says.
    format = new Intl.NumberFormat(`${locale}-u-nu-latn`, {
      style: 'unit',
      unit: UNITS[unit],
      unitDisplay: unit ? 'short' : 'long',
      maximumFractionDigits: digits,
    });
    sizeFormats.set(key, format);
  }
  return format.format(value);
}

const limit = (value: number | undefined, fallback: number) =>
  value !== undefined && Number.isFinite(value) && value >= 0 ? Math.floor(value) : fallback;

function tooManyMessage(maxFiles: number): string {
  if (maxFiles === 0) return msg('Files cannot be attached to this message.');
  if (maxFiles === 1) return msg('Only one file can be attached to one message.');
  return msg(str`Only ${maxFiles} files can be attached to one message.`);
}

/** At most two refusals named one by one; a long list of them would bury the message. */
function refusalText(refusals: string[], tooMany: string | undefined): string {
  const named =
    refusals.length > 3
      ? [...refusals.slice(0, 2), msg(str`${refusals.length - 2} more files were not attached.`)]
      : refusals;
  return [...named, tooMany].filter(Boolean).join(' ');
}

/** What `add` makes of the files it is given: those to list (with the file to read each from) and why others were refused. */
export function screen(
  files: Iterable<File>,
  listed: number,
  { accept, maxFileSize, maxFiles }: AttachmentLimits,
  nextId: () => number,
  locale: string,
) {
  const maxSize = limit(maxFileSize, DEFAULT_MAX_FILE_SIZE);
  const maxCount = limit(maxFiles, DEFAULT_MAX_FILES);
  const refusals: string[] = [];
  const accepted: [PendingFile, File][] = [];
  let tooMany = false;
  for (const file of files) {
    const name = file.name;
    if (!acceptsFile(accept, file))
      refusals.push(msg(str`"${name}" was not attached: this type of file is not accepted.`));
    else if (file.size > maxSize)
      refusals.push(
        msg(str`"${name}" was not attached: it is larger than ${formatFileSize(maxSize, locale)}.`),
      );
    else if (listed + accepted.length >= maxCount) tooMany = true;
    // A file the browser cannot type is still sent with a media type, as its data: URL has one.
    else
      accepted.push([
        { id: nextId(), name, size: file.size, mediaType: file.type || 'application/octet-stream' },
        file,
      ]);
  }
  const error = refusalText(refusals, tooMany ? tooManyMessage(maxCount) : undefined);
  return { accepted, error, none: !accepted.length && !refusals.length && !tooMany };
}

const documentGlyph = svg`<path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" /><path d="M14 3v5h5" />`;
const cross = svg`<path d="M6 6l12 12M18 6L6 18" />`;

// A file typed as an image that is not one leaves the document glyph under it showing.
const hideBroken = (event: Event) => ((event.target as HTMLImageElement).hidden = true);

/** The attached files above the message box: name, size, a thumbnail for an image, and a Remove button each. */
export function chips(attachments: Attachments) {
  if (!attachments.hasFiles) return nothing;
  // A removed chip takes the focus with it: the next chip's button (or the message box) gets it.
  const remove = async (event: Event, index: number) => {
    const form = (event.currentTarget as Element).closest('form')!;
    attachments.remove(index);
    await attachments.updateComplete;
    const buttons = form.querySelectorAll<HTMLElement>('.chip .remove');
    (buttons[Math.min(index, buttons.length - 1)] ?? form.querySelector('textarea'))?.focus();
  };
  const chip = (file: PendingFile, index: number) =>
    html`<li class=${file.url === undefined ? 'chip reading' : 'chip'}>
      <span class="glyph">
        ${icon(documentGlyph)}
        ${file.mediaType.startsWith('image/') && isThumbnailUrl(file.url) ? html`<img class="thumb" src=${file.url} alt="" @error=${hideBroken} />` : nothing}
      </span>
      <span class="name" dir="auto" title=${file.name}>${file.name}</span>
      <span class="size">${formatFileSize(file.size, attachments.locale)}</span>
      <button type="button" class="remove" aria-label=${msg(str`Remove ${file.name}`)} title=${msg(str`Remove ${file.name}`)} @click=${(e: Event) => remove(e, index)}>
        ${icon(cross)}
      </button>
    </li>`;
  return html`<ul class="attachments" aria-label=${msg('Attached files')}>
    ${repeat(attachments.files, (file) => file.id, chip)}
  </ul>`;
}
