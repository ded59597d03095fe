import { fixture, html, waitUntil } from '@open-wc/testing';
import './index.js';
import { requestedUrls } from './test-support/dom.js';

/*
 * A page that loads the main entry and shows no thread is there for its
 * blocks: once idle it prepares the validator, before any block arrives
 * (the idle work fetches and validates the sample block).
 */

// Room for every module this page loads: the default buffer (250) fills and then records none.
performance.setResourceTimingBufferSize(10_000);

describe('the main entry on a page without a thread', () => {
  it('prepares the validator once the page is idle, with no block on it yet', async () => {
    await fixture(html`<p>A report page.</p>`);
    await waitUntil(
      () => requestedUrls().some((url) => url.includes('sample-block')),
      'the validator was never prepared',
      { timeout: 5000 },
    );
  });
});
