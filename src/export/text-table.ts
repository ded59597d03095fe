/*
 * A table as monospaced text, for targets without tables of their own (a Slack code block):
 * columns padded to their widest cell, figures aligned to the end, a rule under the header.
 * Widths count characters, so wide scripts (CJK) line up only roughly.
 */

/** Cells wider than this are cut, so that a row stays readable. */
const MAX_CELL = 40;

export function textTable(head: string[], rows: string[][], numeric: boolean[] = []): string {
  const clip = (text: string) => {
    const chars = [...text.replace(/\s+/g, ' ').trim()];
    return chars.length > MAX_CELL ? `${chars.slice(0, MAX_CELL - 1).join('')}…` : chars.join('');
  };
  const grid = [head, ...rows].map((row) => head.map((_, i) => clip(row[i] ?? '')));
  const widths = head.map((_, i) => Math.max(...grid.map((row) => [...row[i]!].length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => {
        const pad = ' '.repeat(widths[i]! - [...cell].length);
        return numeric[i] ? pad + cell : cell + pad;
      })
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(grid[0]!), rule, ...grid.slice(1).map(line)].join('\n');
}
