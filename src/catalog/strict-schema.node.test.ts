import { expect } from 'chai';
import fc from 'fast-check';
import { Ajv2020 } from 'ajv/dist/2020.js';
import corpus from './conformance/blocks.json' with { type: 'json' };
import {
  catalogJsonSchema,
  contract,
  finalAnswerJsonSchema,
  validateBlock,
  validateFinalAnswer,
  type ValidationError,
} from './index.js';
import { applyMutation, mutation, validBlock } from '../test-support/arbitraries.js';
import { fuzzRuns, fuzzTimeout } from '../test-support/fuzz.js';
import { byRule } from '../test-support/rules.js';

/*
 * One contract, two readers: the strict validation schema holds every
 * structural rule of the validator, and the contract's named rules the rest.
 * Node only: ajv is a CommonJS dev tool.
 */

// Strict mode as it comes: no strict option switched off.
const ajv = new Ajv2020({ strict: true, allErrors: true });
const strictBlock = ajv.compile(catalogJsonSchema({ strict: true }));
const strictReport = ajv.compile(finalAnswerJsonSchema({ strict: true }));
const compactBlock = new Ajv2020({ strict: true, allowUnionTypes: true }).compile(
  catalogJsonSchema(),
);
const { validation } = contract();

const blockRule = byRule(validation.present_answer.rules);
const reportRule = byRule(validation.final_answer.rules);

const errorsOf = (result: { ok: boolean; errors?: ValidationError[] }) =>
  result.ok ? [] : result.errors!;

describe('the strict validation schema', () => {
  it('compiles under Ajv in strict mode, as draft 2020-12', () => {
    for (const schema of [
      catalogJsonSchema({ strict: true }),
      finalAnswerJsonSchema({ strict: true }),
    ]) {
      expect(schema.$schema).to.equal('https://json-schema.org/draft/2020-12/schema');
      expect(() => new Ajv2020({ strict: true }).compile(schema)).not.to.throw();
    }
  });

  describe('refuses a conformance case just when the validator finds more than named rules', () => {
    type Case = { name: string; input: unknown };
    for (const c of (corpus as { cases: Case[] }).cases) {
      const errors = errorsOf(validateBlock(c.input));
      // Text that does not parse, or a block over the byte budget, never reaches a schema.
      if (errors.length === 1 && errors[0]!.path === '' && blockRule(errors[0]!)) continue;
      it(c.name, () => {
        const value = typeof c.input === 'string' ? JSON.parse(c.input) : c.input;
        const structural = errors.filter((e) => !blockRule(e));
        expect(strictBlock(value), JSON.stringify(strictBlock.errors)).to.equal(
          structural.length === 0,
        );
        if (structural.length === 0) expect(compactBlock(value)).to.equal(true);
      });
    }
  });

  it('agrees with the validator and the compact schema on mutated blocks', function () {
    this.timeout(fuzzTimeout(300, 5));
    fc.assert(
      fc.property(
        validBlock,
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        (block, edits) => {
          expect(strictBlock(block), JSON.stringify(strictBlock.errors)).to.equal(true);
          const copy = structuredClone(block);
          for (const edit of edits) applyMutation(copy, edit);
          const errors = errorsOf(validateBlock(copy));
          const strict = strictBlock(copy);
          // The validator is never more lenient than the strict schema…
          if (errors.length === 0)
            expect(strict, JSON.stringify(strictBlock.errors)).to.equal(true);
          if (!strict) return;
          // …which in turn accepts nothing the model's schema refuses,
          expect(compactBlock(copy), JSON.stringify(compactBlock.errors)).to.equal(true);
          // and leaves the validator nothing but the contract's named rules.
          expect(errors.filter((e) => !blockRule(e))).to.deep.equal([]);
        },
      ),
      { numRuns: fuzzRuns(300) },
    );
  });

  it('agrees with the validator on final answers', () => {
    const id = fc.oneof(fc.stringMatching(/^[a-z0-9-]{1,8}$/), fc.string({ maxLength: 70 }));
    const report = fc.record(
      {
        text: fc.oneof(fc.string({ maxLength: 20 }), fc.constant('')),
        ui_block_ids: fc.oneof(
          fc.array(id, { maxLength: 4 }),
          fc.array(fc.constant('a'), { minLength: 20, maxLength: 30 }),
        ),
        extra: fc.jsonValue(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(report, (input) => {
        const errors = errorsOf(validateFinalAnswer(input, { publishedBlockIds: ['a', 'b'] }));
        const strict = strictReport(input);
        if (errors.length === 0) expect(strict, JSON.stringify(strictReport.errors)).to.equal(true);
        if (strict) expect(errors.filter((e) => !reportRule(e))).to.deep.equal([]);
      }),
      { numRuns: fuzzRuns(300) },
    );
  });
});
