import { expect } from '@open-wc/testing';
import * as AdaptiveCards from 'adaptivecards';
import MarkdownIt from 'markdown-it';
import { incidentReportBlock } from '../test-support/blocks.js';
import { toAdaptiveCard } from './index.js';
import { problemsOfCard } from '../test-support/adaptive-cards.js';

/*
 * The Adaptive Card as Teams and Outlook draw it: parsed and rendered by Microsoft's own
 * `adaptivecards` in the browser, with no parse or validation event, every value on screen.
 */

describe('toAdaptiveCard, rendered by adaptivecards', () => {
  // As Teams does: the card's text as markdown, raw HTML not rendered (the library leaves
  // markdown to its host; with none it shows the text as it is).
  const markdown = new MarkdownIt({ html: false });
  before(() => {
    AdaptiveCards.AdaptiveCard.onProcessMarkdown = (text, result) => {
      result.outputHtml = markdown.render(text);
      result.didProcess = true;
    };
  });
  after(() => {
    AdaptiveCards.AdaptiveCard.onProcessMarkdown = undefined;
  });

  it('draws the answer with no warning: its report, metrics, tables and disclosure', () => {
    const { output } = toAdaptiveCard({
      report: { text: '## Pump 4\n\nFlow is **down** 18%.', ui_block_ids: ['pump-4-report'] },
      blocks: [incidentReportBlock],
      sources: [{ title: 'Ops log', url: 'https://ops.example/log' }],
    });
    expect(problemsOfCard(AdaptiveCards, output)).to.deep.equal([]);
    const card = new AdaptiveCards.AdaptiveCard();
    card.parse(output);

    const drawn = card.render()!;
    document.body.append(drawn);
    try {
      const text = drawn.textContent!;
      expect(text.startsWith('AI-generated')).to.equal(true);
      for (const shown of [
        'Pump 4',
        'Flow',
        '412.5 m³/h (-18%)',
        '€11,950.50',
        '498',
        'latitude 52.5163',
      ])
        expect(text).to.contain(shown);
      // Two tables (the block's and the chart's data), each a grid of rows.
      expect(drawn.querySelectorAll('[role="table"], table').length).to.be.at.least(2);
      // The only link is the source's: nothing from a block became one.
      expect([...drawn.querySelectorAll('a')].map((a) => a.href)).to.deep.equal([
        'https://ops.example/log',
      ]);
    } finally {
      drawn.remove();
    }
  });
});
