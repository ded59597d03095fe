import { expect } from 'chai';
import { createRequire } from 'node:module';
import type { Block } from '../catalog/index.js';
import { problemsOfCard } from './adaptive-cards.js';
import type { HtmlElementOf } from './html-tree.js';

/* Exports read by other parties' code, for the export tests (Node). */

/** What the hostile corpus must never make: an element that runs or loads, a handler, an address of its own. */
export function expectInert(elements: HtmlElementOf[], links: string[]) {
  const tags = new Set(elements.map((e) => e.tag));
  for (const tag of ['script', 'img', 'math', 'iframe', 'object', 'embed', 'link', 'form', 'base'])
    expect(tags.has(tag), tag).to.equal(false);
  for (const { tag, attrs } of elements) {
    expect(
      Object.keys(attrs).filter((name) => name.startsWith('on')),
      tag,
    ).to.deep.equal([]);
    for (const name of ['href', 'src', 'action', 'xlink:href'])
      if (name in attrs && !attrs[name]!.startsWith('#'))
        expect(links, tag).to.include(attrs[name]);
  }
}

/** What Microsoft's own parser says of a card, with its UMD build (Node cannot load its ES modules). */
export const cardProblems = (card: unknown) =>
  problemsOfCard(createRequire(import.meta.url)('adaptivecards/dist/adaptivecards.js'), card);

/** A block of one Text element saying `text`, and a table with `text` in a cell. */
export function hostileBlock(text: string, n: number): Block {
  return {
    block_id: `hostile-${n}`,
    fallback_text: text.slice(0, 100),
    root: 'root',
    elements: {
      root: { type: 'Stack', props: {}, children: ['said', 'grid', 'kpi'] },
      said: { type: 'Text', props: { text } },
      grid: {
        type: 'Table',
        props: { caption: text.slice(0, 200), columns: [{ label: 'Cell' }], rows: [[text]] },
      },
      kpi: { type: 'Metric', props: { label: text.slice(0, 200), value: 1 } },
    },
  };
}
