import { sourceLocale } from '../locales/locale-codes.js';

/*
 * The active locale, apart from the code that loads the locales' strings (`localization.ts`):
 * a lazily loaded chunk that formats or phrases in the locale imports this, and a chunk that
 * imported the loaders would make the bundler split the entry into chunks it loads up front.
 */

let read: () => string = () => sourceLocale;

/** The active locale of the answer elements. */
export function getAnswerLocale(): string {
  return read();
}

/** Where the active locale is read from: set once by `localization.ts`. */
export function readLocaleFrom(getLocale: () => string): void {
  read = getLocale;
}
