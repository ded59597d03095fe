import type { Plugin } from 'vite';

/** CSS text without comments and without the spaces around punctuation that separates nothing. */
export function minifyCss(text: string): string;
/** Markup text with each run of white space down to one space. */
export function minifyMarkup(text: string): string;
/** The source with every `css`/`html`/`svg` template's literal text minified. */
export function minifyTemplates(code: string, fileName?: string): string;
/** The Vite plugin the CDN builds use. */
export function minifyTemplatesPlugin(): Plugin;
