import { expect } from '@open-wc/testing';
import { requestedUrls } from './test-support/dom.js';
import { idle } from './test-support/settle.js';

/*
 * A page with the main entry and a thread keeps the validator's schemas out
 * of its heap until one of its answers starts a block (see
 * thread/elements/prepare-validator.test.ts): being idle prepares nothing.
 */

// Room for every module this page loads: the default buffer (250) fills and then records none.
performance.setResourceTimingBufferSize(10_000);

describe('the main entry on a page with a thread', () => {
  it('prepares nothing while the page is idle', async () => {
    // The thread is in the page before answer-ui loads, as one written in its HTML is.
    document.body.append(document.createElement('agent-thread'));
    await import('./index.js');
    for (let i = 0; i < 5; i++) await idle();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requestedUrls().some((url) => url.includes('sample-block'))).to.equal(false);
  });
});
