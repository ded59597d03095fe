import { fixture, html, waitUntil } from '@open-wc/testing';
import './define.js';
import { requestedUrls } from '../../test-support/dom.js';

/*
 * The validator is prepared once a block is expected, not before: here an
 * `<answer-block>` connected to the page. That the idle work ran shows in
 * the sample block it fetched and validated.
 */

// Room for every module this page loads: the default buffer (250) fills and then records none.
performance.setResourceTimingBufferSize(10_000);

const fetchedSample = () => requestedUrls().some((url) => url.includes('sample-block'));

describe('preparing the validator when a block element connects', () => {
  it('fetches and validates the sample block in idle time once an <answer-block> is on the page', async () => {
    await fixture(html`<answer-block></answer-block>`);
    await waitUntil(fetchedSample, 'the validator was never prepared', { timeout: 5000 });
  });
});
