import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { openThreadStore } from '../../store/index.js';
import { outline, settle } from '../../test-support/settle.js';
import '../define.js';
import type { AgentThread } from '../elements/thread.js';
import { uid, type Part } from '../../test-support/parts.js';

/*
 * Two pages of the same origin on one thread: this page and a second one in
 * an iframe, each with its own modules, IndexedDB connection and
 * BroadcastChannel, as two tabs have. Both stream answers from the loopback
 * test server at the same time.
 */

function answer(name: string): Part[] {
  return [
    { type: 'start' },
    { type: 'text-start', id: 't' },
    ...Array.from({ length: 8 }, (_, i) => ({
      type: 'text-delta',
      id: 't',
      delta: `${name} part ${i}. `,
    })),
    { type: 'text-delta', id: 't', delta: `${name} is complete.` },
    { type: 'text-end', id: 't' },
    { type: 'finish' },
  ];
}

async function secondPage(threadId: string): Promise<{ thread: AgentThread; close(): void }> {
  const frame = document.createElement('iframe');
  frame.src = `/src/test-support/second-page.html?thread=${threadId}`;
  document.body.append(frame);
  const page = () => frame.contentWindow as unknown as { thread?: AgentThread } | null;
  await waitUntil(() => page()?.thread?.shadowRoot, 'the second page did not start', {
    timeout: 10_000,
  });
  const thread = page()!.thread!;
  await thread.restored;
  return { thread, close: () => frame.remove() };
}

const EVERYTHING = [
  'Question from page one',
  'Answer one is complete.',
  'Question from page two',
  'Answer two is complete.',
];
const count = (text: string, part: string) => text.split(part).length - 1;
const showsEverythingOnce = (el: AgentThread) =>
  EVERYTHING.every((text) => count(outline(el), text) === 1);

describe('one thread in two pages', () => {
  it('loses nothing when both pages ask and stream at the same time, and each shows the other’s finished turn', async () => {
    const id = uid('two-pages');
    const one = await fixture<AgentThread>(
      html`<agent-thread api="/api/test-chat" thread-id=${id}></agent-thread>`,
    );
    await one.restored;
    const two = await secondPage(id);
    try {
      two.thread.api = '/api/test-chat';
      one.requestOptions = { body: { test: { script: answer('Answer one'), delayMs: 40 } } };
      two.thread.requestOptions = { body: { test: { script: answer('Answer two'), delayMs: 40 } } };

      const first = one.send('Question from page one');
      await waitUntil(
        () => outline(one).includes('Answer one part 1.'),
        'page one did not stream',
        { timeout: 5000 },
      );
      // Page two asks while page one's answer is still streaming.
      const second = two.thread.send('Question from page two');
      await Promise.all([first, second]);
      await Promise.all([one.saved(), two.thread.saved()]);

      await waitUntil(() => showsEverythingOnce(one), `page one lost something:\n${outline(one)}`, {
        timeout: 5000,
      });
      await waitUntil(
        () => showsEverythingOnce(two.thread),
        `page two lost something:\n${outline(two.thread)}`,
        { timeout: 5000 },
      );

      const store = await openThreadStore();
      const { messages } = await store.load(id);
      store.close();
      expect(messages, 'four records at four positions').to.have.length(4);
      expect(new Set(messages.map((record) => record.position)).size).to.equal(4);

      const reloaded = await fixture<AgentThread>(
        html`<agent-thread thread-id=${id}></agent-thread>`,
      );
      await reloaded.restored;
      await settle(reloaded);
      expect(showsEverythingOnce(reloaded), outline(reloaded)).to.equal(true);
      expect(reloaded.messages.map((m) => m.role).sort()).to.deep.equal([
        'assistant',
        'assistant',
        'user',
        'user',
      ]);
    } finally {
      two.close();
    }
  });
});
