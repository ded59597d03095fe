import { expect } from '@open-wc/testing';
import { componentNames, validateBlock } from '../../catalog/index.js';
import { SAMPLE } from './sample-block.js';

describe('preparing for the first block while the page is idle', () => {
  it('validates a sample that passes and uses every catalog component, so the first real block finds every parser built', () => {
    const result = validateBlock(SAMPLE);
    expect(result.ok, JSON.stringify(!result.ok && result.errors)).to.equal(true);
    const used = new Set(Object.values(SAMPLE.elements).map((element) => element.type));
    expect([...used].sort()).to.deep.equal([...componentNames].sort());
  });
});
