/*
 * Export benchmark: a sealed answer at the size limits (a report, the 48-node maximal block with
 * its tables and charts, near 100 KB, and sources) exported to each format in the browser. Per
 * format: the first export (the code cold) and the median of the next runs.
 */
import { toAdaptiveCard, toHtml, toMarkdown, toSlackBlocks } from '../../src/export/index.js';
import { maximalBlock } from '../../src/test-support/blocks.js';
import { markdownAnswer } from '../fixtures.js';
import { summarize } from '../stats.js';
import { progress, publish } from './publish.js';

const RUNS = 21;
const block = maximalBlock();
const answer = {
  report: { text: markdownAnswer(2_000), ui_block_ids: [block.block_id] },
  blocks: [block],
  sources: Array.from({ length: 8 }, (_, i) => ({
    title: `Source ${i + 1}`,
    url: `https://example.com/source/${i + 1}`,
  })),
};

const formats = { html: toHtml, markdown: toMarkdown, slack: toSlackBlocks, card: toAdaptiveCard };
const results: Record<string, unknown> = {};
for (const [name, exporter] of Object.entries(formats)) {
  progress(name);
  const timed = () => {
    const start = performance.now();
    const { output } = exporter(answer);
    return [performance.now() - start, output] as const;
  };
  const [first, output] = timed();
  const samples = Array.from({ length: RUNS }, () => timed()[0]);
  const bytes = new Blob([typeof output === 'string' ? output : JSON.stringify(output)]).size;
  results[name] = { first, ...summarize(samples), bytes };
}

publish({
  crossOriginIsolated,
  nodes: Object.keys(block.elements).length,
  blockBytes: JSON.stringify(block).length,
  ...results,
});
