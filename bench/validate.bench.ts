/**
 * `npm run bench:catalog`: median time to validate a maximal block (48
 * elements, just under 100 KB) in Node, as an object and as JSON text.
 */
import { validateBlock } from '../src/catalog/index.js';
import { maximalBlock } from './fixtures.js';
import { summarize } from './stats.js';

const block = maximalBlock();
const text = JSON.stringify(block);
if (!validateBlock(block).ok) throw new Error('fixture is not a valid block');

function time(input: unknown, runs: number) {
  for (let i = 0; i < 50; i++) validateBlock(input);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    validateBlock(input);
    samples.push(performance.now() - start);
  }
  return summarize(samples);
}

const asObject = time(block, 300);
const asText = time(text, 300);
console.log(`block: ${Object.keys(block.elements).length} elements, ${new TextEncoder().encode(text).length} bytes`);
console.log(`validateBlock(object): median ${asObject.median.toFixed(2)} ms (min ${asObject.min.toFixed(2)}, max ${asObject.max.toFixed(2)})`);
console.log(`validateBlock(JSON text): median ${asText.median.toFixed(2)} ms (min ${asText.min.toFixed(2)}, max ${asText.max.toFixed(2)})`);
