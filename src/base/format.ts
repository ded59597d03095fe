import { getAnswerLocale } from './localization.js';

/*
 * Number and date formatting in the active locale. Intl formatters are
 * costly to build, so they are cached per locale and options. Digits are
 * Latin in every locale (`-u-nu-latn`): CLDR's default for Arabic, which
 * Chromium and Firefox follow and WebKit does not, and the digits the
 * model's own text uses.
 */

let cacheLocale = '';
let cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** The formatter cache of the active locale (a table formats hundreds of cells per render). */
function formatters(): Map<string, Intl.NumberFormat | Intl.DateTimeFormat> {
  const locale = getAnswerLocale() + '-u-nu-latn';
  if (locale !== cacheLocale) {
    cacheLocale = locale;
    cache = new Map();
  }
  return cache;
}

function numberFormat(name: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const cached = formatters();
  let format = cached.get(name) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(cacheLocale, options);
    cached.set(name, format);
  }
  return format;
}

export type NumberStyle = 'number' | 'percent' | 'currency' | 'compact';

export function formatNumber(
  value: number,
  style: NumberStyle = 'number',
  currency?: string,
): string {
  switch (style) {
    case 'percent':
      return numberFormat('percent', { style: 'percent', maximumFractionDigits: 1 }).format(value);
    case 'currency':
      return currency
        ? numberFormat(`currency ${currency}`, { style: 'currency', currency }).format(value)
        : numberFormat('number', { maximumFractionDigits: 2 }).format(value);
    case 'compact':
      return numberFormat('compact', { notation: 'compact', maximumFractionDigits: 1 }).format(
        value,
      );
    default:
      return numberFormat('number', { maximumFractionDigits: 2 }).format(value);
  }
}

/** A signed percentage for deltas: +12%, −3.5%. */
export function formatDelta(fraction: number): string {
  return numberFormat('delta', {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  }).format(fraction);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Formats an ISO 8601 date; anything else is returned unchanged. */
export function formatDate(text: string): string {
  if (!ISO_DATE.test(text)) return text;
  const date = new Date(text.length === 10 ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(date.getTime())) return text;
  const dateOnly = text.length === 10;
  const cached = formatters();
  const key = dateOnly ? 'date' : 'datetime';
  let format = cached.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(
      cacheLocale,
      dateOnly
        ? { dateStyle: 'medium', timeZone: 'UTC' }
        : { dateStyle: 'medium', timeStyle: 'short' },
    );
    cached.set(key, format);
  }
  return format.format(date);
}
