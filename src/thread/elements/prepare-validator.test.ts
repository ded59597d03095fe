import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../define.js';
import type { AgentThread } from './thread.js';
import { requestedUrls } from '../../test-support/dom.js';
import { idle, outline, settle } from '../../test-support/settle.js';

/*
 * A thread page keeps the validator's schemas out of its heap until a block
 * is expected: a text answer prepares nothing; the "Preparing…" placeholder
 * of a `present_answer` call prepares it in idle time, so the block that
 * follows finds it ready. That the idle work ran shows in the sample block
 * it fetched and validated.
 */

// Room for every module this page loads: the default buffer (250) fills and then records none.
performance.setResourceTimingBufferSize(10_000);

const fetchedSample = () => requestedUrls().some((url) => url.includes('sample-block'));

describe('preparing the validator in a thread', () => {
  it('a text answer prepares nothing; a present_answer call starting prepares it', async () => {
    const thread = await fixture<AgentThread>(html`<agent-thread></agent-thread>`);
    void thread.send('Hello?');
    for (const part of [
      { type: 'start' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Just text.' },
      { type: 'text-end', id: 't' },
      { type: 'finish' },
    ])
      thread.applyPart(part);
    await settle(thread);
    await idle();
    await idle();
    expect(fetchedSample(), 'no block was expected').to.equal(false);

    void thread.send('And a chart?');
    thread.applyPart({ type: 'start' });
    thread.applyPart({ type: 'tool-input-start', toolCallId: 'c1', toolName: 'present_answer' });
    await settle(thread);
    expect(outline(thread)).to.include('Preparing…');
    await waitUntil(fetchedSample, 'the validator was never prepared', { timeout: 5000 });
  });
});
