import type { FileRef } from '../../conversation/index.js';

/*
 * What the model may have sent as a URL, judged without fetching it. A
 * source is a link only when it is an absolute http(s) URL; a file is drawn
 * only when it is already in the page (a `data:` or `blob:` URL) and is a
 * raster image both by the part's media type and, for `data:`, by its own.
 */

// An answer's export links the same sources: one judgement for both.
export { webUrl } from '../../conversation/web-url.js';

/** Raster formats a browser draws without running anything; never SVG. */
const IMAGE_TYPES: readonly string[] = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
];

/** `image/PNG; charset=x` → `image/png`. */
const essence = (mediaType: string) => mediaType.split(';')[0]!.trim().toLowerCase();

/** Whether `file` may be shown as an `<img>`: an allowed image type, from a `data:` URL that declares the same type or from a `blob:` URL. */
export function isInlineImage(file: FileRef): boolean {
  const type = essence(file.mediaType ?? '');
  if (!IMAGE_TYPES.includes(type) || typeof file.url !== 'string') return false;
  if (/^blob:/i.test(file.url)) return true;
  const declared = /^data:([^,;]*)[;,]/i.exec(file.url);
  return Boolean(declared) && essence(declared![1]!) === type;
}
