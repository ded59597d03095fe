import { configureLocalization } from '@lit/localize';
import { sourceLocale, targetLocales, allLocales } from '../locales/locale-codes.js';
import { getAnswerLocale, readLocaleFrom } from './active-locale.js';

export type AnswerLocale = (typeof allLocales)[number];
export const answerLocales: readonly AnswerLocale[] = allLocales;

/* Explicit imports (not a template string) so every bundler emits one chunk per locale. */
const loaders: Record<(typeof targetLocales)[number], () => Promise<unknown>> = {
  ar: () => import('../locales/ar.js'),
  de: () => import('../locales/de.js'),
  es: () => import('../locales/es.js'),
  fr: () => import('../locales/fr.js'),
  ja: () => import('../locales/ja.js'),
  ko: () => import('../locales/ko.js'),
  'zh-Hans': () => import('../locales/zh-Hans.js'),
};

let runtime: ReturnType<typeof configureLocalization> | undefined;
try {
  runtime = configureLocalization({
    sourceLocale,
    targetLocales,
    loadLocale: (locale) =>
      loaders[locale as keyof typeof loaders]() as ReturnType<
        Parameters<typeof configureLocalization>[0]['loadLocale']
      >,
  });
} catch {
  // The host page configured @lit/localize itself (it may be called only once
  // per page); its setLocale then drives these elements too.
}

export { getAnswerLocale };
if (runtime) readLocaleFrom(runtime.getLocale);

/**
 * Switches every answer element to `locale` at run time ("en", "zh-Hans",
 * "ja", "ko", "es", "fr", "de" or "ar"); resolves once its strings are loaded.
 * The locale's text direction is the host's to set (`dir="rtl"` for Arabic);
 * `localeDirection()` tells which.
 */
export async function setAnswerLocale(locale: string): Promise<void> {
  if (!runtime)
    throw new Error(
      'answer-ui: @lit/localize was configured by the host page; switch locales through it.',
    );
  if (!(answerLocales as readonly string[]).includes(locale)) {
    throw new Error(
      `answer-ui: unsupported locale "${locale}"; supported: ${answerLocales.join(', ')}`,
    );
  }
  await runtime.setLocale(locale);
}

/** Text direction of a locale. */
export function localeDirection(locale: string = getAnswerLocale()): 'ltr' | 'rtl' {
  return /^(ar|he|fa|ur)(-|$)/.test(locale) ? 'rtl' : 'ltr';
}
