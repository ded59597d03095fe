import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { $$, requestedUrls } from '../../test-support/dom.js';
import { investigationBlock, revenueBlock } from '../../test-support/blocks.js';
import { deepElements, settle } from '../../test-support/settle.js';
import './define.js';
import type { AnswerBlock } from './block.js';

/* Its own file, so its page has loaded nothing before it. */

const chartJs = () => requestedUrls().filter((url) => /chart\.js|chart\.chunk/.test(url));
const leaflet = () => requestedUrls().filter((url) => /leaflet-src|\/leaflet\//.test(url));

describe('lazy loading', () => {
  it('a block without charts or maps fetches neither chart.js nor Leaflet', async () => {
    const el = await fixture<AnswerBlock>(
      html`<answer-block .block=${investigationBlock()}></answer-block>`,
    );
    // Every element of the block has rendered; chart.js and Leaflet load only for a chart or a
    // map among them (as it first shows), and there is none.
    await settle(el);
    expect($$(el, '[data-element-id]').length).to.be.greaterThan(3);
    expect(
      deepElements(el.shadowRoot!).filter((e) => /^answer-(chart|map-location)$/.test(e.localName)),
    ).to.deep.equal([]);
    expect(chartJs()).to.deep.equal([]);
    expect(leaflet()).to.deep.equal([]);
  });

  it('a block with a chart fetches chart.js then, and still no Leaflet', async () => {
    await fixture<AnswerBlock>(html`<answer-block .block=${revenueBlock()}></answer-block>`);
    await waitUntil(() => chartJs().length > 0, 'chart.js was never requested', { timeout: 5000 });
    expect(leaflet()).to.deep.equal([]);
  });
});
