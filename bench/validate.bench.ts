/**
 * `npm run bench:catalog`: time to validate a maximal block (48 elements,
 * just under 100 KB) in Node: `validateBlock` on the object and on JSON text,
 * and, for comparison, ajv compiled from the exported JSON Schema. The JSON
 * Schema checks structure only (types, enums, closed objects, caps); it cannot
 * express the graph and data rules (references, cycles, orphans, depth, series
 * and row lengths, finite numbers), so the difference between the two is the
 * cost of those rules.
 * Also A2UI read as blocks (`fromA2ui`): each example of A2UI's basic and
 * minimal catalogs, the maximal block written as A2UI (`toA2ui`) and read
 * back, and a hostile surface of 5,000 components.
 *   tsx bench/validate.bench.ts [--json]   (--json: one JSON object on stdout)
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { fromA2ui, toA2ui } from '../src/a2ui/index.js';
import { catalogJsonSchema, jsonEqual, validateBlock } from '../src/catalog/index.js';
import { specExamples } from '../src/test-support/a2ui.js';
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

const examples = specExamples();
const surface = toA2ui(block);
if (!jsonEqual(fromA2ui(surface).blocks[0], block))
  throw new Error('the maximal block does not come back from toA2ui');
// One column of 5,000 texts: ten times what a block may hold.
const hostile = [
  { version: 'v0.9', createSurface: { surfaceId: 'big', catalogId: 'basic' } },
  {
    version: 'v0.9',
    updateComponents: {
      surfaceId: 'big',
      components: [
        { id: 'root', component: 'Column', children: [...Array(4_999).keys()].map((i) => `t${i}`) },
        ...[...Array(4_999).keys()].map((i) => ({ id: `t${i}`, component: 'Text', text: `${i}` })),
      ],
    },
  },
];

const result = {
  elements: Object.keys(block.elements).length,
  bytes: new TextEncoder().encode(text).length,
  warmUp: WARM_UP,
  validateObject: time(() => validateBlock(block)),
  validateText: time(() => validateBlock(text)),
  ajvObject: time(() => ajvValidate(block)),
  ajvText: time(() => ajvValidate(JSON.parse(text))),
  a2ui: {
    examples: examples.length,
    exampleBytes: examples.map((e) => JSON.stringify(e.messages).length).sort((a, b) => a - b),
    /** Every example read once per run: the time of the whole set. */
    examplesRead: time(() => examples.forEach((e) => fromA2ui(e.messages))),
    maximalWrite: time(() => toA2ui(block)),
    maximalRead: time(() => fromA2ui(surface)),
    hostileRead: time(() => fromA2ui(hostile)),
  },
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
  console.log(`fromA2ui, ${result.a2ui.examples} examples: ${ms(result.a2ui.examplesRead)}`);
  console.log(`toA2ui(maximal block):     ${ms(result.a2ui.maximalWrite)}`);
  console.log(`fromA2ui(maximal block):   ${ms(result.a2ui.maximalRead)}`);
  console.log(`fromA2ui(5,000 components): ${ms(result.a2ui.hostileRead)}`);
}
