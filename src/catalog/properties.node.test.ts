import { expect } from 'chai';
import fc from 'fast-check';
import { Ajv2020 } from 'ajv/dist/2020.js';
import {
  catalogJsonSchema,
  ERROR_CODES,
  finalAnswerJsonSchema,
  validateBlock,
  type BlockResult,
} from './index.js';
import { applyMutation, mutation, validBlock } from '../test-support/arbitraries.js';

/* Property-based checks of the validator (Node only: ajv is a CommonJS dev tool). */

// Union types (`"type": ["number", "string"]`) are standard JSON Schema; strict mode only asks to allow them.
const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
const matchesJsonSchema = ajv.compile(catalogJsonSchema());
const RUNS = Number(process.env.FUZZ_RUNS || 300);

/** The codes SPEC §2 names: the exported list must be exactly these. */
const CODES = new Set([
  'invalid_json',
  'invalid_envelope',
  'unknown_component',
  'unknown_prop',
  'invalid_prop',
  'missing_ref',
  'cycle',
  'duplicate_ref',
  'orphan',
  'too_many_nodes',
  'too_deep',
  'too_large',
  'misaligned_series',
  'non_finite',
  'row_length',
  'duplicate_field',
]);

function expectWellFormed(result: BlockResult) {
  if (result.ok) return;
  expect(result.errors.length).to.be.above(0);
  for (const e of result.errors) {
    expect(CODES.has(e.code), e.code).to.equal(true);
    expect(e.path === '' || e.path.startsWith('/'), e.path).to.equal(true);
    expect(e.message).to.be.a('string').and.not.equal('');
  }
}

describe('validateBlock properties', () => {
  it('exports exactly the error codes of the contract', () => {
    expect([...ERROR_CODES].sort()).to.deep.equal([...CODES].sort());
  });

  it('never throws on arbitrary values', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBigInt: true,
          withMap: true,
          withSet: true,
          withNullPrototype: true,
          withTypedArray: true,
        }),
        (input) => {
          expectWellFormed(validateBlock(input));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('never throws on arbitrary JSON text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.json(), fc.string()), (text) => {
        expectWellFormed(validateBlock(text));
      }),
      { numRuns: RUNS },
    );
  });

  it('never throws on deeply nested or cyclic input', () => {
    const deep = '['.repeat(50_000) + ']'.repeat(50_000);
    expectWellFormed(validateBlock(deep));
    let nested: unknown = {};
    for (let i = 0; i < 100_000; i++) nested = { elements: nested };
    expectWellFormed(validateBlock(nested));
    const cyclic: Record<string, unknown> = { block_id: 'a' };
    cyclic.elements = cyclic;
    expect(validateBlock(cyclic)).to.deep.include({ ok: false });
    expectWellFormed(validateBlock('x'.repeat(5_000_000)));
  });

  it('accepts every generated valid block, unchanged', () => {
    fc.assert(
      fc.property(validBlock, (block) => {
        const result = validateBlock(block);
        expect(result.ok, JSON.stringify(!result.ok && result.errors)).to.equal(true);
        if (result.ok) expect(result.block).to.deep.equal(block);
        expect(validateBlock(JSON.stringify(block)).ok).to.equal(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('never throws on mutated valid blocks, and what it accepts passes the JSON Schema', () => {
    fc.assert(
      fc.property(
        validBlock,
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        (block, mutations) => {
          const copy = structuredClone(block);
          for (const m of mutations) applyMutation(copy, m);
          const result = validateBlock(copy);
          expectWellFormed(result);
          if (result.ok)
            expect(matchesJsonSchema(copy), JSON.stringify(matchesJsonSchema.errors)).to.equal(
              true,
            );
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('every accepted generated block passes the exported JSON Schema under strict ajv', () => {
    fc.assert(
      fc.property(validBlock, (block) => {
        expect(matchesJsonSchema(block), JSON.stringify(matchesJsonSchema.errors)).to.equal(true);
        expect(matchesJsonSchema({ ...block, onload: 'x' })).to.equal(false);
      }),
      { numRuns: RUNS },
    );
  });

  it('the final_answer schema compiles under strict ajv', () => {
    const check = ajv.compile(finalAnswerJsonSchema());
    expect(check({ text: 'x', ui_block_ids: ['a'] })).to.equal(true);
    expect(check({ text: 'x', ui_block_ids: ['a'], extra: 1 })).to.equal(false);
  });
});
