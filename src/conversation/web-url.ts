/**
 * The URL when `raw` is an absolute http(s) URL, else undefined (javascript:, data:, relative,
 * unparsable, not a string): the only addresses a source of an answer is linked by, on the page
 * and in its exports.
 */
export function webUrl(raw: unknown): URL | undefined {
  if (typeof raw !== 'string' || !raw) return undefined;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}
