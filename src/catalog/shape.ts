/*
 * Small checks and text helpers every layer uses on values it did not make
 * (a model's output, the network, storage). They live in the catalog, the
 * one layer every other may import; they are not part of its public entry.
 */

export const isString = (value: unknown): value is string => typeof value === 'string';

/** An object that is not an array (nor null): what JSON calls an object. */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `text` cut to at most `max` characters, the last of them "…" when it was cut. */
export const truncate = (text: string, max: number): string =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;
