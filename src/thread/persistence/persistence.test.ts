import { aTimeout as delay, expect, fixture, html, waitUntil } from '@open-wc/testing';
import { openDB } from 'idb';
import { investigationBlock, revenueBlock } from '../../test-support/blocks.js';
import { $, $$ } from '../../test-support/dom.js';
import { outline, settle } from '../../test-support/settle.js';
import { memoryStore, openThreadStore, type ThreadStore } from '../../store/index.js';
import '../define.js';
import { HISTORY_STEP } from '../controllers/follow-controller.js';
import type { AgentThread } from '../elements/thread.js';
import { getByRole, harness } from '../../test-support/thread-harness.js';
import { text, uid, type Part } from '../../test-support/parts.js';

const turn = (answer: string, extra: Part[] = []): Part[] => [
  { type: 'start' },
  ...text('a', answer),
  ...extra,
  { type: 'finish' },
];

async function thread(
  threadId: string,
  store?: ThreadStore | Promise<ThreadStore>,
): Promise<AgentThread> {
  const el = await fixture<AgentThread>(
    html`<agent-thread thread-id=${threadId} .store=${store}></agent-thread>`,
  );
  await el.restored;
  await settle(el);
  return el;
}

/** A thread showing `threadId` from `saved`, which reads only the thread's end until `readRest()`. */
async function showHoldingTheRest(threadId: string, saved: ThreadStore) {
  let readRest!: () => void;
  const rest = new Promise<void>((resolve) => (readRest = resolve));
  const store: ThreadStore = {
    ...saved,
    load: (id, range) => rest.then(() => saved.load(id, range)),
  };
  const el = await fixture<AgentThread>(
    html`<agent-thread thread-id=${threadId} .store=${store}></agent-thread>`,
  );
  return { el, readRest };
}

async function talk(el: AgentThread, question: string, parts: Part[]) {
  el.addEventListener('answer-send', (event) => event.preventDefault(), { once: true });
  await el.send(question);
  parts.forEach((part) => el.applyPart(part));
  await settle(el);
}

describe('thread persistence', () => {
  it('brings a conversation back after a reload exactly as it was: order, folding, submitted forms', async () => {
    const id = uid('reload');
    const first = await thread(id);
    await talk(first, 'How did Q3 go?', [
      { type: 'start' },
      ...text('a', 'Looking…'),
      { type: 'data-answer_ui', id: 'q3-revenue', data: revenueBlock() },
      { type: 'data-answer_ui', id: 'field-check', data: investigationBlock() },
      {
        type: 'data-final_answer',
        data: { text: 'Revenue **rose**.', ui_block_ids: ['q3-revenue', 'field-check'] },
      },
    ]);
    const form = $($(first, 'agent-turn'), 'answer-block[data-block-id="field-check"]');
    getByRole<HTMLInputElement>(form, 'textbox', 'Crew').value = 'Team B';
    first.addEventListener('answer-send', (event) => event.preventDefault(), { once: true });
    getByRole(form, 'button', 'Submit').click();
    await settle(first);
    await first.saved();
    const conversation = (el: AgentThread) => outline($(el, '.messages'));
    // Charts draw once they scroll into view: wait for that before comparing.
    await waitUntil(
      () => !conversation(first).includes('Loading chart'),
      'the chart was not drawn',
      { timeout: 5000 },
    );
    const before = conversation(first);
    first.remove();

    const second = await thread(id);
    // Charts draw once they scroll into view: wait for that before comparing.
    await waitUntil(
      () => !conversation(second).includes('Loading chart'),
      'the chart was not drawn',
      { timeout: 5000 },
    );
    expect(conversation(second)).to.equal(before);
    expect(second.messages.map((m) => m.role)).to.deep.equal(['user', 'assistant', 'user']);
    const restoredForm = $(
      $($(second, 'agent-turn'), 'answer-block[data-block-id="field-check"]'),
      '[data-element-id="ask"]',
    );
    expect(restoredForm.shadowRoot!.querySelector('form')).to.equal(null);
    expect($(restoredForm, 'dl').textContent).to.include('Team B');
    expect($(second, '.new').textContent!.trim()).to.equal('New conversation');
    await expect(second).to.be.accessible();
  });

  it('brings back a turn cut off mid-stream, marked interrupted', async () => {
    const id = uid('midstream');
    const first = await thread(id);
    await talk(first, 'Long answer please', [
      { type: 'start' },
      { type: 'text-start', id: 'a' },
      { type: 'text-delta', id: 'a', delta: 'The first half arrived' },
    ]);
    await first.saved();
    // A reload: the first page is gone without finishing or stopping its turn.
    const second = await thread(id);
    expect(outline(second))
      .to.include('The first half arrived')
      .and.include('Interrupted: this answer did not finish.');
    expect(second.messages.at(-1)).to.include({ status: 'interrupted' });
  });

  it('keeps threads apart, and switching thread-id shows the other one', async () => {
    const [a, b] = [uid('a'), uid('b')];
    const el = await thread(a);
    await talk(el, 'In thread A', turn('Answer A'));
    el.threadId = b;
    await el.restored;
    await talk(el, 'In thread B', turn('Answer B'));
    await el.saved();
    el.threadId = a;
    await el.restored;
    await settle(el);
    expect(outline(el)).to.include('Answer A').and.not.include('Answer B');
  });

  it('does not clobber a turn in flight when thread-id changes; switches when it ends', async () => {
    const [a, b] = [uid('a'), uid('b')];
    const el = await thread(a);
    await talk(el, 'Question in A', [{ type: 'start' }, ...text('x', 'still streaming in A')]);
    el.threadId = b;
    await el.updateComplete;
    expect(outline(el)).to.include('still streaming in A');
    el.applyPart({ type: 'finish' });
    await waitUntil(() => el.messages.length === 0, 'did not switch after the turn', {
      timeout: 5000,
    });
    el.threadId = a;
    await el.restored;
    await settle(el);
    expect(outline(el)).to.include('still streaming in A');
  });

  it('back on a thread whose answer is still being written, shows that answer', async () => {
    // A store as slow as a busy disk: the ended turn is still being written when the reader
    // has switched away and back.
    const memory = memoryStore();
    let writing: Promise<void> = Promise.resolve();
    const slow: ThreadStore = {
      ...memory,
      load: (threadId) => memory.load(threadId),
      put: (...args) => (writing = delay(300).then(() => memory.put(...args))),
      append: undefined,
    };
    const [a, b] = [uid('slow-a'), uid('slow-b')];
    const el = await thread(a, slow);
    await talk(el, 'Question in A', [{ type: 'start' }, ...text('x', 'Answer in A')]);
    el.threadId = b;
    el.applyPart({ type: 'finish' });
    await waitUntil(() => el.messages.length === 0, 'did not switch after the turn');
    el.threadId = a;
    await el.restored;
    await settle(el);
    expect(outline(el)).to.include('Question in A').and.include('Answer in A');
    await writing;
  });

  it('"New conversation" clears the screen and the store, with no dialog', async () => {
    const id = uid('clear');
    const el = await thread(id);
    const reader = harness(el);
    expect(reader.queryButton('New conversation')).to.equal(undefined);
    await talk(el, 'Something', turn('Some answer'));
    await reader.newConversation();
    await el.saved();
    await settle(el);
    expect(reader.queryButton('New conversation')).to.equal(undefined);
    expect($(el, '.empty').textContent).to.equal('Ask a question to start.');
    const again = await thread(id);
    expect(again.messages).to.deep.equal([]);
  });

  it('renders the end of a long history first, and earlier messages on request', async () => {
    const store = memoryStore();
    for (let i = 0; i < 30; i++) {
      await store.put('long', i * 2, { role: 'user', id: `u${i}`, text: `Question ${i}` });
      await store.put('long', i * 2 + 1, {
        role: 'assistant',
        id: `a${i}`,
        status: 'complete',
        items: [{ kind: 'text', key: 't', text: `Answer ${i}` }],
      });
    }
    const el = await thread('long', store);
    expect(el.messages).to.have.length(60);
    expect($$(el, '.messages > .entry')).to.have.length(20);
    expect(outline(el)).to.include('Answer 29').and.not.include('Answer 19');
    const reader = harness(el);
    expect(reader.queryButton('Show earlier messages')).to.exist;
    await reader.showEarlier();
    // One exchange at a time, the one before what was shown.
    expect($$(el, '.messages > .entry')).to.have.length(20 + HISTORY_STEP);
    expect(outline(el)).to.include('Answer 19').and.not.include('Answer 18');
    for (let i = 0; i < 100 && reader.queryButton('Show earlier messages'); i++) {
      await reader.showEarlier();
    }
    expect($$(el, '.messages > .entry')).to.have.length(60);
    expect(reader.queryButton('Show earlier messages')).to.equal(undefined);
  });

  it('shows the end of a long saved thread before the rest is read; the rest comes in around it', async () => {
    const id = uid('end-first');
    const saved = await openThreadStore({ name: uid('end-first-db') });
    for (let i = 0; i < 60; i++) {
      await saved.put(id, i * 2, { role: 'user', id: `u${i}`, text: `Question ${i}` });
      await saved.put(id, i * 2 + 1, {
        role: 'assistant',
        id: `a${i}`,
        status: 'complete',
        items: [{ kind: 'text', key: 't', text: `Answer ${i}` }],
      });
    }
    const { el, readRest } = await showHoldingTheRest(id, saved);
    await waitUntil(() => outline(el).includes('Answer 59'), 'the end was not shown first');
    expect(el.messages).to.have.length(40);
    expect($$(el, '.messages > .entry')).to.have.length(20);
    const lastTurn = $$(el, 'agent-turn').at(-1);
    // A question asked meanwhile goes after the whole thread, on screen and in storage.
    await talk(el, 'And now?', turn('Now it is fine.'));
    readRest();
    await el.restored;
    await settle(el);
    expect(el.messages.map((m) => m.id).slice(0, 3)).to.deep.equal(['u0', 'a0', 'u1']);
    expect(el.messages).to.have.length(122);
    expect(el.messages.at(-2)).to.include({ role: 'user', text: 'And now?' });
    // What was on screen stayed: the same elements, the window where it was.
    expect($$(el, 'agent-turn').at(-2)).to.equal(lastTurn);
    expect(outline(el)).to.include('Answer 50').and.not.include('Answer 49');
    const reader = harness(el);
    await reader.showEarlier();
    expect(outline(el)).to.include('Answer 49');
    await el.saved();
    el.remove();
    const again = await thread(id, saved);
    expect(again.messages.map((m) => m.id)).to.deep.equal(el.messages.map((m) => m.id));
    saved.close();
  });

  it('"New conversation" while the rest of a long thread is read keeps it cleared', async () => {
    const id = uid('end-first-clear');
    const saved = memoryStore();
    for (let i = 0; i < 60; i++)
      await saved.put(id, i, { role: 'user', id: `u${i}`, text: `Question ${i}` });
    const { el, readRest } = await showHoldingTheRest(id, saved);
    await waitUntil(() => outline(el).includes('Question 59'), 'the end was not shown first');
    const cleared = el.newConversation();
    readRest();
    await cleared;
    await el.restored;
    await settle(el);
    expect(el.messages).to.deep.equal([]);
    expect((await saved.load(id)).messages).to.deep.equal([]);
  });

  it('shows a turn completed in another page of the same origin without a reload', async () => {
    const id = uid('two-pages');
    const one = await thread(id);
    const frame = document.createElement('iframe');
    frame.src = `/src/test-support/second-page.html?thread=${id}`;
    document.body.append(frame);
    try {
      await waitUntil(
        () => (frame.contentWindow as { thread?: AgentThread } | null)?.thread?.shadowRoot,
        'the second page did not start',
        { timeout: 10_000 },
      );
      const other = (frame.contentWindow as unknown as { thread: AgentThread }).thread;
      await other.restored;
      await talk(one, 'From page one', turn('Answer seen in the other page'));
      await waitUntil(
        () => outline(other).includes('Answer seen in the other page'),
        'the other page did not update',
        { timeout: 5000 },
      );
    } finally {
      frame.remove();
    }
  });

  it('shows a turn completed in another tab without a reload', async () => {
    const id = uid('sync');
    const one = await thread(id);
    const two = await thread(id);
    await talk(one, 'From tab one', turn('Answer seen in both tabs'));
    await waitUntil(
      () => outline(two).includes('Answer seen in both tabs'),
      'the other tab did not update',
      { timeout: 5000 },
    );
    // Once off the page, an element stops following (its channel is closed).
    two.remove();
    // A witness that follows: a channel's news reaches the channels of a page oldest first, so once
    // this later one has it, the removed element would have had it too.
    const three = await thread(id);
    await talk(one, 'Again', turn('Only the page still open sees this'));
    await one.saved();
    await waitUntil(
      () => outline(three).includes('Only the page still open sees this'),
      'the page still open did not update',
      { timeout: 5000 },
    );
    expect(two.messages.map((m) => m.id)).not.to.include(one.messages.at(-1)!.id);
  });

  it('loads the rest of a thread around a corrupt or future record, leaving it in place', async () => {
    const id = uid('corrupt');
    const first = await thread(id);
    await talk(first, 'Question one', turn('Answer one'));
    await first.saved();
    first.remove();
    const db = await openDB('answer-ui');
    const records = await db.getAll('messages', IDBKeyRange.bound([id, -Infinity], [id, Infinity]));
    await db.put('messages', { ...records[0], message: { role: 'user', id: 42, text: null } });
    await db.put('messages', { threadId: id, position: 7, version: 99, bytes: 1, message: {} });
    db.close();
    const second = await thread(id);
    expect(outline(second)).to.include('Answer one').and.not.include('Question one');
    await talk(second, 'Question two', turn('Answer two'));
    await second.saved();
    const check = await openDB('answer-ui');
    expect(await check.get('messages', [id, 7])).to.deep.include({ version: 99 });
    expect((await check.get('messages', [id, 0])).message).to.deep.equal({
      role: 'user',
      id: 42,
      text: null,
    });
    check.close();
  });
});
