import type { ValidationError } from './issues.js';

/*
 * Reading untrusted input before any schema sees it: JSON text is parsed,
 * an object must serialize as JSON, and either must fit the byte limit.
 */

/** Parses and size-checks the raw input; returns the JSON value or the error. */
export function readJson(
  input: unknown,
  maxBytes: number,
): { value: unknown } | { error: ValidationError } {
  if (typeof input === 'string') {
    // Each UTF-16 unit is at least one UTF-8 byte: a longer string is too large unparsed.
    if (input.length > maxBytes) return { error: tooLarge(input.length, maxBytes, 'at least ') };
    const over = bytesOver(input, maxBytes);
    if (over !== undefined) return { error: tooLarge(over, maxBytes, '') };
    try {
      return { value: JSON.parse(input) };
    } catch (error) {
      return {
        error: {
          code: 'invalid_json',
          path: '',
          message: `not valid JSON: ${(error as Error).message}`,
        },
      };
    }
  }
  let serialized: string | undefined;
  try {
    serialized = JSON.stringify(input);
  } catch (error) {
    return error instanceof RangeError
      ? {
          error: {
            code: 'too_deep',
            path: '',
            message: 'input is nested too deeply to serialize as JSON',
          },
        }
      : {
          error: {
            code: 'invalid_json',
            path: '',
            message: `input is not JSON-serializable: ${(error as Error).message}`,
          },
        };
  }
  const over = serialized === undefined ? undefined : bytesOver(serialized, maxBytes);
  if (over !== undefined) return { error: tooLarge(over, maxBytes, '') };
  return { value: input };
}

function tooLarge(bytes: number, maxBytes: number, qualifier: string): ValidationError {
  return {
    code: 'too_large',
    path: '',
    message: `block is ${qualifier}${bytes} bytes of JSON; the limit is ${maxBytes}. Publish fewer or smaller elements.`,
  };
}

/**
 * The UTF-8 length of `text` when it is over `maxBytes`, else undefined. A
 * UTF-16 unit is at most 3 UTF-8 bytes (a surrogate pair, 2 units, is 4), so
 * text of at most a third of the limit is not counted byte by byte.
 */
function bytesOver(text: string, maxBytes: number): number | undefined {
  if (text.length * 3 <= maxBytes) return undefined;
  const bytes = utf8Length(text);
  return bytes > maxBytes ? bytes : undefined;
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
