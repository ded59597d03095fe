/*
 * What a record read back from storage is checked with before any field of
 * it is used: storage may hold anything (an older version, a damaged record).
 */

export { isString, isPlainObject as isObject } from '../catalog/shape.js';
