import type { Block, BlockElement } from '../src/catalog/index.js';
import { LIMITS } from '../src/catalog/index.js';

/**
 * A maximal valid block: 48 elements (root, sections, metrics, tables, text
 * and charts) grown to just under the 100 KB limit. `version` changes one
 * metric's value, as an agent's in-place update would.
 */
export function maximalBlock({ charts = true, version = 0, targetBytes = LIMITS.maxBlockBytes - 2_000 } = {}): Block {
  const elements: Record<string, BlockElement> = {};
  const sections = ['s0', 's1', 's2', 's3'];
  elements.root = { type: 'Stack', props: { direction: 'vertical', gap: 'md' }, children: sections };
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
    if (kind === 0) add({ type: 'Metric', props: { label: `Metric ${i}`, value: i === 0 ? 1000 + version : 1000 * i, format: 'number', delta: 0.05, caption: 'vs. last month' } });
    else if (kind === 1) add({ type: 'Table', props: { caption: `Table ${i}`, columns: [{ label: 'Site' }, { label: 'Flow', format: 'number' }, { label: 'Share', format: 'percent' }, { label: 'OK' }], rows: [] } });
    else if (kind === 2 && charts && i % 8 === 2) add({ type: 'Chart', props: { title: `Chart ${i}`, kind: 'line', labels: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'], series: [{ name: 'A', values: [1, 2, 3, 4, 5, 6] }] } });
    else add({ type: 'Text', props: { text: `Paragraph ${i}. `.repeat(8) } });
  }
  sections.forEach((id, i) => {
    elements[id] = { type: 'Section', props: { title: `Section ${i + 1}` }, children: leaves[i]! };
  });
  const block: Block = { block_id: 'maximal', fallback_text: 'A large report.', root: 'root', elements };
  // Grow the tables row by row until the block is close to the byte limit.
  const tables = Object.values(elements).filter((e) => e.type === 'Table');
  let row = 0;
  while (JSON.stringify(block).length < targetBytes - 200) {
    const table = tables[row % tables.length]!;
    if (table.type === 'Table') table.props.rows.push([`Site ${row}`, row * 1.5, (row % 100) / 100, row % 2 === 0]);
    row++;
  }
  return block;
}
