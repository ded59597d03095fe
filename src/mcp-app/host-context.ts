import { applyDocumentTheme, type McpUiHostContext } from '@modelcontextprotocol/ext-apps';
import {
  answerLocales,
  localeDirection,
  setAnswerLocale,
  type AnswerLocale,
} from '../base/localization.js';

/**
 * The host's standard style variables (MCP Apps "Theming") and the answer-ui
 * tokens they stand for. A host that sends none leaves our own light and
 * dark defaults in place.
 */
const TOKEN_FOR_HOST_VARIABLE: Record<string, string> = {
  '--color-text-primary': '--answer-color-text',
  '--color-text-secondary': '--answer-color-muted',
  '--color-background-primary': '--answer-color-surface',
  '--color-background-secondary': '--answer-color-raised',
  '--color-border-primary': '--answer-color-border',
  '--color-text-info': '--answer-color-accent',
  '--color-text-success': '--answer-color-positive',
  '--color-text-danger': '--answer-color-negative',
  '--color-ring-primary': '--answer-color-focus',
  '--font-sans': '--answer-font-family',
  '--font-mono': '--answer-font-family-mono',
  '--font-text-md-size': '--answer-font-size',
  '--border-radius-md': '--answer-radius',
};

/** The supported locale closest to a BCP 47 tag: itself, else its language ("zh-CN" → "zh-Hans"), else English. */
export function answerLocaleFor(tag: string): AnswerLocale {
  const exact = answerLocales.find((locale) => locale.toLowerCase() === tag.toLowerCase());
  if (exact) return exact;
  const language = tag.split(/[-_]/)[0]!.toLowerCase();
  return answerLocales.find((locale) => locale.split('-')[0]!.toLowerCase() === language) ?? 'en';
}

/**
 * Applies what the host says about itself to the view's document: theme,
 * style variables, locale with its direction, and the container's size.
 * Host context arrives whole at start and in parts later; each part
 * changes only what it names.
 */
export async function applyHostContext(
  context: McpUiHostContext | undefined,
  root: HTMLElement = document.documentElement,
): Promise<void> {
  if (!context) return;
  if (context.theme) {
    applyDocumentTheme(context.theme);
    root.style.setProperty('--answer-color-scheme', context.theme);
  }
  const variables = context.styles?.variables as Record<string, string | undefined> | undefined;
  for (const [hostVariable, token] of Object.entries(TOKEN_FOR_HOST_VARIABLE)) {
    const value = variables?.[hostVariable];
    if (value) root.style.setProperty(token, value);
  }
  const dimensions = context.containerDimensions as
    { height?: number; maxHeight?: number; width?: number; maxWidth?: number } | undefined;
  if (dimensions) {
    // A fixed size is filled; a maximum is a bound the content grows within.
    root.style.height = dimensions.height !== undefined ? '100vh' : '';
    root.style.maxHeight = dimensions.maxHeight ? `${dimensions.maxHeight}px` : '';
    root.style.width = dimensions.width !== undefined ? '100vw' : '';
    root.style.maxWidth = dimensions.maxWidth ? `${dimensions.maxWidth}px` : '';
  }
  if (context.locale) {
    const locale = answerLocaleFor(context.locale);
    root.lang = context.locale;
    root.dir = localeDirection(context.locale);
    await setAnswerLocale(locale);
  }
}
