import { expect } from 'chai';

describe('package entry points', () => {
  it('answer-ui/catalog resolves from Node to the built module', async () => {
    const catalog = await import('answer-ui/catalog');
    expect(catalog.validateBlock('{"block_id":"a"}').ok).to.equal(false);
    expect(catalog.LIMITS.maxNodes).to.equal(48);
  });
});
