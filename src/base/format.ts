import { getAnswerLocale } from './active-locale.js';

/*
 * Number and date formatting in the active locale. Intl formatters are
 * costly to build, so they are cached per locale and options. Digits are
 * Latin in every locale (`-u-nu-latn`): CLDR's default for Arabic, which
 * Chromium and Firefox follow and WebKit does not, and the digits the
 * model's own text uses.
 */

let cacheLocale = '';
type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat;
let cache = new Map<string, Formatter>();

/**
 * The formatter `name` of the active locale, made by `make` on first use (a table formats
 * hundreds of cells per render).
 */
function cached<T extends Formatter>(name: string, make: (locale: string) => T): T {
  const locale = getAnswerLocale() + '-u-nu-latn';
  if (locale !== cacheLocale) {
    cacheLocale = locale;
    cache = new Map();
  }
  let format = cache.get(name) as T | undefined;
  if (!format) cache.set(name, (format = make(locale)));
  return format;
}

const numberFormat = (name: string, options: Intl.NumberFormatOptions) =>
  cached(name, (locale) => new Intl.NumberFormat(locale, options));

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

/**
 * A number as it is said rather than shown: a currency by its name, a compact figure in words
 * ("1.2 million US dollars"), for what a screen reader or a voice reads.
 */
export function spokenNumber(value: number, style: NumberStyle = 'number', currency?: string) {
  if (style === 'currency' && currency)
    return numberFormat(`spoken ${currency}`, {
      style: 'currency',
      currency,
      currencyDisplay: 'name',
    }).format(value);
  if (style === 'compact')
    return numberFormat('spoken compact', {
      notation: 'compact',
      compactDisplay: 'long',
      maximumFractionDigits: 1,
    }).format(value);
  return formatNumber(value, style, currency);
}

/** Phrases read as one, joined as the locale joins a list of measures ("a, b, c"). */
export function formatList(parts: string[]): string {
  const list = cached(
    'list',
    (locale) => new Intl.ListFormat(locale, { type: 'unit', style: 'short' }),
  );
  return list.format(parts);
}

/** A coordinate in degrees, to four places (about ten metres), as a number of the locale. */
export function formatDegrees(value: number): string {
  return numberFormat('degrees', { maximumFractionDigits: 4 }).format(value);
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
  const format = cached(
    dateOnly ? 'date' : 'datetime',
    (locale) =>
      new Intl.DateTimeFormat(
        locale,
        dateOnly
          ? { dateStyle: 'medium', timeZone: 'UTC' }
          : { dateStyle: 'medium', timeStyle: 'short' },
      ),
  );
  return format.format(date);
}
