/*
 * How deep the data a thread takes may nest. A stream's events and saved
 * records come from outside; a value nested thousands of levels deep would
 * overflow the call stack of whatever walks it later (sending it back,
 * saving it, copying it), so it is refused where it enters, by checks that
 * keep a stack of their own rather than recursing.
 */

/**
 * Deepest nesting of arrays and objects taken from a stream's event or a
 * saved record: far beyond any block, tool call or agent state, and far
 * below what would overflow the stack of whatever walks the value later
 * (sending it back, saving it, copying it).
 */
export const MAX_DATA_DEPTH = 200;

/** Whether JSON `text` nests arrays and objects deeper than `max`: one pass, no recursion. */
export function nestsDeeper(text: string, max: number): boolean {
  // Nesting deeper than `max` takes more than `max` characters: most events (a text delta) are
  // shorter, and the thread checks every one.
  if (text.length <= max) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character.
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

/** Values a saved record may hold in all, however they are shared: a bound on the walk below. */
const MAX_RECORD_VALUES = 1_000_000;

/**
 * Whether `value` nests arrays and objects deeper than `max` or holds more
 * than `MAX_RECORD_VALUES` values. A cycle (storage keeps cycles; JSON,
 * which the record is sent back as, cannot) nests without end, so it is
 * caught too. Walked with a stack of its own, never by recursion, so a
 * record cannot overflow the call stack of the check meant to catch it.
 */
export function tooDeepOrCyclic(value: unknown, max = MAX_DATA_DEPTH): boolean {
  const open: [unknown, number][] = [[value, 0]];
  for (let walked = 0; open.length; walked++) {
    const [next, depth] = open.pop()!;
    if (typeof next !== 'object' || next === null) continue;
    if (depth >= max || walked > MAX_RECORD_VALUES) return true;
    for (const child of Object.values(next)) open.push([child, depth + 1]);
  }
  return false;
}
