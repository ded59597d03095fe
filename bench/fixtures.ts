import type { Block, BlockElement } from '../src/catalog/index.js';
import { LIMITS } from '../src/catalog/index.js';

/**
 * A maximal valid block: 48 elements (root, sections, metrics, tables, text
 * and charts) grown to just under the 100 KB limit. `version` changes one
 * metric's value, as an agent's in-place update would.
 */
export function maximalBlock({
  charts = true,
  version = 0,
  targetBytes = LIMITS.maxBlockBytes - 2_000,
} = {}): Block {
  const elements: Record<string, BlockElement> = {};
  const sections = ['s0', 's1', 's2', 's3'];
  elements.root = {
    type: 'Stack',
    props: { direction: 'vertical', gap: 'md' },
    children: sections,
  };
  const leaves: string[][] = sections.map(() => []);
  let n = 0;
  const add = (element: BlockElement) => {
    const id = `e${n}`;
    elements[id] = element;
    leaves[n % sections.length]!.push(id);
    n++;
  };
  for (let i = 0; i < 43; i++) {
    const kind = i % 4;
    if (kind === 0)
      add({
        type: 'Metric',
        props: {
          label: `Metric ${i}`,
          value: i === 0 ? 1000 + version : 1000 * i,
          format: 'number',
          delta: 0.05,
          caption: 'vs. last month',
        },
      });
    else if (kind === 1)
      add({
        type: 'Table',
        props: {
          caption: `Table ${i}`,
          columns: [
            { label: 'Site' },
            { label: 'Flow', format: 'number' },
            { label: 'Share', format: 'percent' },
            { label: 'OK' },
          ],
          rows: [],
        },
      });
    else if (kind === 2 && charts && i % 8 === 2)
      add({
        type: 'Chart',
        props: {
          title: `Chart ${i}`,
          kind: 'line',
          labels: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'],
          series: [{ name: 'A', values: [1, 2, 3, 4, 5, 6] }],
        },
      });
    else add({ type: 'Text', props: { text: `Paragraph ${i}. `.repeat(8) } });
  }
  sections.forEach((id, i) => {
    elements[id] = { type: 'Section', props: { title: `Section ${i + 1}` }, children: leaves[i]! };
  });
  const block: Block = {
    block_id: 'maximal',
    fallback_text: 'A large report.',
    root: 'root',
    elements,
  };
  // Grow the tables row by row until the block is close to the byte limit.
  const tables = Object.values(elements).filter((e) => e.type === 'Table');
  let row = 0;
  while (JSON.stringify(block).length < targetBytes - 200) {
    const table = tables[row % tables.length]!;
    if (table.type === 'Table')
      table.props.rows.push([`Site ${row}`, row * 1.5, (row % 100) / 100, row % 2 === 0]);
    row++;
  }
  return block;
}

/**
 * A deterministic markdown answer of about `length` characters: headings,
 * paragraphs with emphasis and links, lists, code blocks and tables.
 */
export function markdownAnswer(length: number): string {
  const sections = [
    (i: number) =>
      `## Section ${i}\n\nThe **pump station ${i}** ran at *${90 + (i % 10)}%* of design flow; see [report ${i}](https://example.com/r/${i}) for details and \`valve-${i}\` notes.\n\n`,
    (i: number) =>
      `- Reading ${i}: pressure ${(i * 1.7).toFixed(1)} bar\n- Reading ${i + 1}: flow ${(i * 3.1).toFixed(1)} m³/h\n- Crew ${i % 4} on site\n\n`,
    (i: number) => `\`\`\`sql\nselect site, flow from readings where day = ${i};\n\`\`\`\n\n`,
    (i: number) =>
      `| Site | Flow | Status |\n|---|---:|---|\n| P${i} | ${i * 11} | ok |\n| P${i + 1} | ${i * 7} | check |\n\n`,
    (i: number) => `> Note ${i}: the valve schedule changes next week; plan accordingly.\n\n`,
  ];
  let text = '';
  for (let i = 0; text.length < length; i++) text += sections[i % sections.length]!(i);
  return text.slice(0, length);
}

/** Splits `text` into `count` deltas of (nearly) equal size. */
export function deltas(text: string, count: number): string[] {
  const size = Math.ceil(text.length / count);
  return Array.from({ length: count }, (_, i) => text.slice(i * size, (i + 1) * size)).filter(
    Boolean,
  );
}
