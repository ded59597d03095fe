import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { memoryStore } from '../../store/index.js';
import { outline, settle } from '../../test-support/settle.js';
import '../define.js';
import type { AgentThread } from '../elements/thread.js';
import { text, uid, type Part } from '../../test-support/parts.js';

const turn = (answer: string): Part[] => [
  { type: 'start' },
  ...text('a', answer),
  { type: 'finish' },
];

/** A host's store holding one exchange, as a server-backed store would. */
async function hostStore(threadId: string) {
  const store = memoryStore();
  await store.put(threadId, 0, { role: 'user', id: 'u1', text: 'Question kept by the host' });
  await store.put(threadId, 1, {
    role: 'assistant',
    id: 'a1',
    status: 'complete',
    items: [{ kind: 'text', key: 'text:a', text: 'Answer kept by the host' }],
  });
  return store;
}

async function talk(el: AgentThread, question: string, parts: Part[]) {
  el.addEventListener('answer-send', (event) => event.preventDefault(), { once: true });
  await el.send(question);
  parts.forEach((part) => el.applyPart(part));
  await settle(el);
}

describe('a store set after the first render', () => {
  it('shows the thread that store holds, and saves there from then on', async () => {
    const id = uid('late');
    const el = await fixture<AgentThread>(html`<agent-thread thread-id=${id}></agent-thread>`);
    await el.restored;
    expect(el.messages).to.deep.equal([]);

    const store = await hostStore(id);
    el.store = store;
    await el.restored;
    await settle(el);
    expect(outline(el))
      .to.include('Question kept by the host')
      .and.include('Answer kept by the host');

    await talk(el, 'A new question', turn('A new answer'));
    await el.saved();
    const { messages } = await store.load(id);
    expect(
      messages.map((record) => (record.message as { id: string }).id).slice(0, 2),
    ).to.deep.equal(['u1', 'a1']);
    expect(messages).to.have.length(4);
  });

  it('set while an answer streams, takes over once the answer has ended', async () => {
    const id = uid('late-busy');
    const el = await fixture<AgentThread>(html`<agent-thread thread-id=${id}></agent-thread>`);
    await el.restored;
    el.addEventListener('answer-send', (event) => event.preventDefault(), { once: true });
    await el.send('Asked before the host store arrived');
    el.applyPart({ type: 'start' });
    el.applyPart({ type: 'text-start', id: 'a' });
    el.applyPart({ type: 'text-delta', id: 'a', delta: 'Still streaming' });
    el.store = await hostStore(id);
    await el.updateComplete;
    expect(outline(el), 'the answer in flight is not clobbered').to.include('Still streaming');
    el.applyPart({ type: 'finish' });
    await waitUntil(
      () => outline(el).includes('Answer kept by the host'),
      'the host store was not loaded',
      { timeout: 5000 },
    );
  });
});
