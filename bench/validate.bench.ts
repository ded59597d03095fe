/**
 * `npm run bench:catalog`: time to validate a maximal block (48 elements,
 * just under 100 KB) in Node: `validateBlock` on the object and on JSON text,
 * and, for comparison, ajv compiled from the exported JSON Schema. The JSON
 * Schema checks structure only (types, enums, closed objects, caps); it cannot
 * express the graph and data rules (references, cycles, orphans, depth, series
 * and row lengths, finite numbers), so the difference between the two is the
 * cost of those rules.
 *   tsx bench/validate.bench.ts [--json]   (--json: one JSON object on stdout)
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { catalogJsonSchema, validateBlock } from '../src/catalog/index.js';
import { maximalBlock } from '../src/test-support/blocks.js';
import { summarize } from './stats.js';

const WARM_UP = 50;
const RUNS = 300;

const block = maximalBlock();
const text = JSON.stringify(block);
if (!validateBlock(block).ok) throw new Error('fixture is not a valid block');

const ajv = new Ajv2020({ allErrors: false, strict: false });
const ajvValidate = ajv.compile(catalogJsonSchema() as object);
if (!ajvValidate(block))
  throw new Error(`ajv rejects the fixture: ${ajv.errorsText(ajvValidate.errors)}`);
// The schema cannot see a broken reference; only validateBlock does.
const broken = structuredClone(block);
broken.elements.root!.children = ['nowhere'];
if (!ajvValidate(broken) || validateBlock(broken).ok)
  throw new Error('expected ajv to accept and validateBlock to reject a missing reference');

function time(run: () => unknown) {
  for (let i = 0; i < WARM_UP; i++) run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  return summarize(samples);
}

const result = {
  elements: Object.keys(block.elements).length,
  bytes: new TextEncoder().encode(text).length,
  warmUp: WARM_UP,
  validateObject: time(() => validateBlock(block)),
  validateText: time(() => validateBlock(text)),
  ajvObject: time(() => ajvValidate(block)),
  ajvText: time(() => ajvValidate(JSON.parse(text))),
};

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(result));
} else {
  const ms = (s: { median: number; min: number; max: number }) =>
    `median ${s.median.toFixed(2)} ms (min ${s.min.toFixed(2)}, max ${s.max.toFixed(2)})`;
  console.log(`block: ${result.elements} elements, ${result.bytes} bytes`);
  console.log(`validateBlock(object):     ${ms(result.validateObject)}`);
  console.log(`validateBlock(JSON text):  ${ms(result.validateText)}`);
  console.log(`ajv, JSON Schema (object): ${ms(result.ajvObject)}`);
  console.log(`ajv, JSON Schema (text):   ${ms(result.ajvText)}`);
}
