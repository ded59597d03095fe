import type { ValidationError } from '../catalog/index.js';

/** A named rule of the exported contract (`validation.*.rules`), as far as matching needs it. */
export interface RuleLike {
  code: string;
  at: string[];
}

/** `at`, a JSON Pointer template of the contract ({id} an element id, {i} an index), as RegExp. */
const template = (at: string) =>
  new RegExp(
    `^${at
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace(/\{id\}/g, '[^/]+')
      .replace(/\{i\}/g, '\\d+')}$`,
  );

/** Whether one of `rules` accounts for an error: its code, at one of its places. */
export const byRule =
  (rules: readonly RuleLike[]) =>
  (error: ValidationError): boolean =>
    rules.some(
      (rule) => rule.code === error.code && rule.at.some((at) => template(at).test(error.path)),
    );
