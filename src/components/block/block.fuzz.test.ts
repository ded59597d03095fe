import { expect, fixture, html } from '@open-wc/testing';
import fc from 'fast-check';
import { validateBlock } from '../../catalog/index.js';
import { applyMutation, mutation, validBlock } from '../../test-support/arbitraries.js';
import { fuzzRuns, fuzzTimeout } from '../../test-support/fuzz.js';
import { settle } from '../../test-support/settle.js';
import type { AnswerBlock } from './block.js';
import './define.js';

/** What a model (or a broken transport) might hand to a block: valid, nearly valid, or anything at all. */
const blockInput = fc.oneof(
  validBlock,
  fc.tuple(validBlock, fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([block, edits]) => {
    const copy = structuredClone(block);
    edits.forEach((edit) => applyMutation(copy, edit));
    return copy as unknown;
  }),
  validBlock.map((block) => JSON.stringify(block)),
  fc.jsonValue({ maxDepth: 6 }),
  fc.json(),
  fc.anything({ maxDepth: 4, withNullPrototype: true, withMap: true, withTypedArray: true }),
);

describe('<answer-block> under arbitrary input', () => {
  it('never throws, and shows either the whole block or only its fallback', async function () {
    this.timeout(fuzzTimeout(150, 15));
    // One element through every input, so each case also updates whatever the previous one left.
    const element = await fixture<AnswerBlock>(html`<answer-block></answer-block>`);
    const errors: string[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.message);
    window.addEventListener('error', onError);
    try {
      await fc.assert(
        fc.asyncProperty(blockInput, async (input) => {
          element.block = input;
          await settle(element);
          const result = validateBlock(input);
          const rendered = [...element.shadowRoot!.querySelectorAll('[data-element-id]')]
            .map((e) => e.getAttribute('data-element-id'))
            .sort();
          const fallback = element.shadowRoot!.querySelector('.fallback');
          if (result.ok) {
            expect(rendered).to.deep.equal(Object.keys(result.block.elements).sort());
            expect(fallback).to.equal(null);
          } else {
            expect(rendered).to.deep.equal([]);
            expect(fallback?.textContent?.trim()).to.not.equal('');
          }
          expect(errors).to.deep.equal([]);
        }),
        { numRuns: fuzzRuns(150) },
      );
    } finally {
      window.removeEventListener('error', onError);
    }
  });
});
