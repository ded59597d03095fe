import { expect } from 'chai';

describe('package entry points', () => {
  it('answer-ui/catalog resolves from Node to the built module', async () => {
    const catalog = await import('answer-ui/catalog');
    expect(catalog.validateBlock('{"block_id":"a"}').ok).to.equal(false);
    expect(catalog.LIMITS.maxNodes).to.equal(48);
  });

  it('answer-ui/agent resolves from Node and offers the two tools', async () => {
    const agent = await import('answer-ui/agent');
    const tools = agent.answerTools({ write: () => undefined });
    expect(Object.keys(tools)).to.deep.equal(['present_answer', 'final_answer']);
  });

  it('answer-ui/mcp resolves from Node and offers registerAnswerApp', async () => {
    const mcp = await import('answer-ui/mcp');
    expect(mcp.registerAnswerApp).to.be.a('function');
  });

  it('answer-ui/export resolves from Node and writes a marked page', async () => {
    const { toHtml, AI_SOURCE_TYPE } = await import('answer-ui/export');
    const { output, losses } = toHtml({ report: '# Done', blocks: [] });
    expect(output)
      .to.match(/^<!doctype html>/)
      .and.contain(AI_SOURCE_TYPE);
    expect(losses).to.deep.equal([]);
  });
});
