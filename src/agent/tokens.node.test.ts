import { expect } from 'chai';
import fc from 'fast-check';
import { aiMajors } from '../test-support/ai-majors.js';
import { validBlock } from '../test-support/arbitraries.js';
import {
  incidentReportBlock,
  investigationBlock,
  maximalBlock,
  revenueBlock,
} from '../test-support/blocks.js';
import { fuzzRuns, fuzzTimeout } from '../test-support/fuzz.js';
import { answerToolTokens, tokens } from '../test-support/tokens.js';

/*
 * The contract's token budget (SPEC §8), counted as `npm run bench` counts
 * it: o200k_base, each tool as the AI SDK hands it to a provider.
 */

/** Both answer tools' definitions, every request that offers them. */
const TOOLS_BUDGET = 1_800;

for (const { name, module: sdk } of await aiMajors()) {
  describe(`the contract's tokens, ${name}`, () => {
    it(`both answer tools together cost at most ${TOOLS_BUDGET} tokens`, async () => {
      const counted = await answerToolTokens(sdk);
      expect(counted.map((t) => t.name)).to.deep.equal(['present_answer', 'final_answer']);
      const total = counted.reduce((sum, t) => sum + t.total, 0);
      expect(total, JSON.stringify(counted)).to.be.at.most(TOOLS_BUDGET);
    });

    /** The newest block's history text, as the model reads it back next turn. */
    const historyText = async (block: unknown, maxTotalBlockChars?: number) => {
      const [message] = await sdk.agent.toModelMessages(
        [{ role: 'assistant', parts: [{ type: 'data-answer_ui', data: block }] }],
        { maxTotalBlockChars },
      );
      return (message!.content as { text: string }[])[0]!.text;
    };

    it('a block’s history text never costs more tokens than its compact JSON', async function () {
      // 200 generated blocks, each described and counted twice: about 1.5 s on a quiet machine,
      // past mocha's default 2 s on a busy one.
      this.timeout(fuzzTimeout(200, 10));
      const blocks = [
        revenueBlock(),
        investigationBlock(),
        incidentReportBlock,
        maximalBlock({ charts: false, targetBytes: 6_000 }),
        maximalBlock(),
      ];
      // With room for all of it: the text is the whole block, not a shortened one.
      for (const block of blocks)
        expect(tokens(await historyText(block, 200_000)), block.block_id).to.be.at.most(
          tokens(JSON.stringify(block)),
        );
      await fc.assert(
        fc.asyncProperty(validBlock, async (block) => {
          expect(tokens(await historyText(block))).to.be.at.most(tokens(JSON.stringify(block)));
        }),
        { numRuns: fuzzRuns(200) },
      );
    });

    it('the newest block’s data stays whole up to 12,000 characters', async () => {
      const block = maximalBlock({ charts: false, targetBytes: 14_000 });
      const text = await historyText(block);
      expect(text.length).to.be.above(8_000).and.at.most(12_000);
      expect(text).not.to.include('left out');
      for (const element of Object.values(block.elements))
        if (element.type === 'Table')
          for (const row of element.props.rows) expect(text).to.include(`\n${row[0]},`);
    });
  });
}
