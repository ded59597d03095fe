/*
 * JSON Patch (RFC 6902) for AG-UI agent state. A patch comes from the
 * network: it is applied to a copy, never to objects the page holds, and a
 * path through `__proto__`, `constructor` or `prototype` is refused, so a
 * patch cannot reach any prototype. A patch applies whole or not at all.
 */

type Json = unknown;
type Container = Record<string, Json> | Json[];

/** A patch that could not be applied; the state stays as it was. */
export class PatchError extends Error {}

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

/** The reference tokens of a JSON Pointer (RFC 6901). */
function tokensOf(pointer: unknown): string[] {
  if (typeof pointer !== 'string') throw new PatchError('a path that is not a string');
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new PatchError(`path ${pointer} does not start with /`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => {
      const name = token.replace(/~1/g, '/').replace(/~0/g, '~');
      if (FORBIDDEN.has(name)) throw new PatchError(`path ${pointer} names ${name}`);
      return name;
    });
}

const isContainer = (value: Json): value is Container =>
  typeof value === 'object' && value !== null;
const own = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/** A deep copy of JSON data as plain objects, without `__proto__`, `constructor` or `prototype` keys. */
export function copy(value: Json): Json {
  if (Array.isArray(value)) return value.map(copy);
  if (!isContainer(value)) return value;
  const out: Record<string, Json> = {};
  for (const key of Object.keys(value))
    if (!FORBIDDEN.has(key)) out[key] = copy((value as Record<string, Json>)[key]);
  return out;
}

function arrayIndex(array: Json[], token: string, forAdd: boolean): number {
  if (forAdd && token === '-') return array.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`${token} is not an array index`);
  const index = Number(token);
  if (index > array.length || (!forAdd && index === array.length))
    throw new PatchError(`index ${index} is out of range`);
  return index;
}

function get(document: Json, tokens: string[]): Json {
  let node = document;
  for (const token of tokens) {
    if (Array.isArray(node)) node = node[arrayIndex(node, token, false)];
    else if (isContainer(node) && own(node, token)) node = (node as Record<string, Json>)[token];
    else throw new PatchError(`nothing at /${tokens.join('/')}`);
  }
  return node;
}

function parentOf(document: Json, tokens: string[]): { parent: Container; key: string } {
  const parent = get(document, tokens.slice(0, -1));
  if (!isContainer(parent))
    throw new PatchError(`/${tokens.slice(0, -1).join('/')} is not an object or array`);
  return { parent, key: tokens.at(-1)! };
}

function add(document: Json, tokens: string[], value: Json): Json {
  if (tokens.length === 0) return value;
  const { parent, key } = parentOf(document, tokens);
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, true), 0, value);
  else parent[key] = value;
  return document;
}

function remove(document: Json, tokens: string[]): Json {
  if (tokens.length === 0) return undefined;
  const { parent, key } = parentOf(document, tokens);
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, false), 1);
  else if (own(parent, key)) delete parent[key];
  else throw new PatchError(`nothing at /${tokens.join('/')}`);
  return document;
}

function equal(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, i) => equal(item, b[i]))
    );
  }
  if (!isContainer(a) || !isContainer(b)) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every(
      (key) =>
        own(b, key) && equal((a as Record<string, Json>)[key], (b as Record<string, Json>)[key]),
    )
  );
}

/** Applies `patch` to a copy of `document` and returns the copy; throws `PatchError` when any operation fails. */
export function applyPatch(document: Json, patch: readonly unknown[]): Json {
  let result = copy(document);
  for (const raw of patch) {
    if (!isContainer(raw) || Array.isArray(raw))
      throw new PatchError('an operation that is not an object');
    const operation = raw as Record<string, Json>;
    const tokens = tokensOf(operation.path);
    const value = () => {
      if (!own(operation, 'value')) throw new PatchError(`${String(operation.op)} without a value`);
      return copy(operation.value);
    };
    switch (operation.op) {
      case 'add':
        result = add(result, tokens, value());
        break;
      case 'remove':
        result = remove(result, tokens);
        break;
      case 'replace':
        get(result, tokens);
        result = add(remove(result, tokens), tokens, value());
        break;
      case 'move': {
        const from = tokensOf(operation.from);
        if (tokens.length > from.length && from.every((token, i) => token === tokens[i]))
          throw new PatchError('a move into its own child');
        const moved = get(result, from);
        result = add(remove(result, from), tokens, moved);
        break;
      }
      case 'copy':
        result = add(result, tokens, copy(get(result, tokensOf(operation.from))));
        break;
      case 'test':
        if (!equal(get(result, tokens), value()))
          throw new PatchError(`test failed at ${String(operation.path)}`);
        break;
      default:
        throw new PatchError(`unknown operation ${String(operation.op)}`);
    }
  }
  return result;
}
