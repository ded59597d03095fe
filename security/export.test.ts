import { expect } from 'chai';
import MarkdownIt from 'markdown-it';
import { parse, parseFragment } from 'parse5';
import { toAdaptiveCard, toHtml, toMarkdown, toSlackBlocks } from '../src/export/index.js';
import { cardProblems, expectInert, hostileBlock } from '../src/test-support/export-checks.js';
import { elementsOf } from '../src/test-support/html-tree.js';
import corpus from './corpus.json' with { type: 'json' };

/*
 * The hostile corpus in every export format (answer-ui/export, in Node): each string as a block's
 * text, a table's caption and cell and a metric's label must stay text, as rendering keeps it.
 */

const markdownIt = () => new MarkdownIt({ html: true });

describe('the hostile corpus in every export', () => {
  const blocks = corpus.strings.map(({ value }, n) => hostileBlock(value, n));
  const hostile = { report: 'R', blocks };

  it('is text in the page: no element, attribute or address of its making', () => {
    const page = elementsOf(parse(toHtml(hostile).output));
    // The page's own: its one script is the mark's data, its one style its own.
    const scripts = page.filter((e) => e.tag === 'script').map((e) => e.attrs.type);
    expect(scripts).to.deep.equal(['application/ld+json']);
    expect(page.filter((e) => e.tag === 'style')).to.have.length(1);
    expectInert(
      page.filter((e) => e.tag !== 'script'),
      [],
    );
  });

  it('is text in the markdown, rendered with HTML allowed', () => {
    const elements = elementsOf(parseFragment(markdownIt().render(toMarkdown(hostile).output)));
    expectInert(elements, []);
    expect(elements.map((e) => e.tag)).not.to.include.members(['style', 'svg']);
  });

  it('is plain text in Slack and escaped in the card', () => {
    const slack = JSON.stringify(toSlackBlocks(hostile).output.blocks);
    expect(slack).not.to.contain('"mrkdwn"');
    expect(slack).not.to.contain('"type":"link"');
    const card = toAdaptiveCard(hostile).output;
    expect(cardProblems(card)).to.deep.equal([]);
    expect(JSON.stringify(card)).not.to.match(/[^\\]\]\(/);
  });
});
