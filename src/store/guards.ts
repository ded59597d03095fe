/*
 * What a record read back from storage is checked with before any field of
 * it is used: storage may hold anything (an older version, a damaged record).
 */

export const isString = (value: unknown): value is string => typeof value === 'string';

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
