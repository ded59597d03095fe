import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { memoryStore, openThreadStore, type ThreadStore } from '../../store/index.js';
import { $, $$ } from '../../test-support/dom.js';
import { outline, settle } from '../../test-support/settle.js';
import '../define.js';
import type { AgentThread } from '../elements/thread.js';
import { harness } from '../../test-support/thread-harness.js';
import { uid, type Part } from '../../test-support/parts.js';
import { seedThread } from '../../test-support/saved.js';

/*
 * `<agent-thread resume>` against the loopback test server, which generates
 * each answer on its own and replays it from the start on
 * `GET /api/test-chat/{id}/stream`, as a resumable stream store does.
 */

/** The client's pause between asks again (RETRY_DELAY in resume-controller.ts). */
const RETRY_DELAY = 250;
const LOST = 'The connection was lost. What arrived so far is kept.';
const SENTENCES = Array.from({ length: 10 }, (_, i) => `Sentence ${i} of the answer.`);

const metricBlock = {
  block_id: 'kpi',
  fallback_text: 'Revenue 1.2 M USD',
  root: 'm',
  elements: {
    m: {
      type: 'Metric',
      props: { label: 'Revenue', value: 1_200_000, format: 'currency', currency: 'USD' },
    },
  },
};

/** Text in many deltas, a block, more text, then finish. */
function answer(messageId?: string): Part[] {
  return [
    { type: 'start', ...(messageId ? { messageId } : {}) },
    { type: 'text-start', id: 't1' },
    ...SENTENCES.map((sentence) => ({ type: 'text-delta', id: 't1', delta: `${sentence} ` })),
    { type: 'text-end', id: 't1' },
    { type: 'data-answer_ui', id: 'kpi', data: metricBlock },
    { type: 'text-start', id: 't2' },
    { type: 'text-delta', id: 't2', delta: 'The last words.' },
    { type: 'text-end', id: 't2' },
    { type: 'finish' },
  ];
}

/**
 * Waits until the server says `count` of this chat's responses of kind `what` have ended (a
 * `post` or a `resume` sent to its end, cut, or left), or an answer was `generated` to its end.
 */
/**
 * Starts the test server generating answer `messageId` for `chatId` and leaves, as a page that
 * went away does: the answer goes on being generated, for a resume to find.
 */
async function abandonedAnswer(chatId: string, messageId: string): Promise<void> {
  const abandoned = new AbortController();
  await fetch('/api/test-chat', {
    method: 'POST',
    body: JSON.stringify({
      id: chatId,
      messages: [],
      trigger: 'submit-message',
      test: { script: answer(messageId), delayMs: 30 },
    }),
    signal: abandoned.signal,
  });
  abandoned.abort();
}

const ended = async (chatId: string, what: 'post' | 'resume' | 'generated', count = 1) =>
  (
    await fetch(`/api/test-chat/ended?id=${encodeURIComponent(chatId)}&what=${what}&count=${count}`)
  ).json();

// Room for every request of this file: the default buffer (250) fills and then records none.
performance.setResourceTimingBufferSize(10_000);

/**
 * Resolves once the page has the response to its ask at `/{chatId}/stream`: its status, not its
 * body. A body the page lets go unread leaves no timing entry in WebKit.
 */
function askAnswered(chatId: string): Promise<void> {
  const original = window.fetch;
  return new Promise((resolve) => {
    window.fetch = async (...args: Parameters<typeof fetch>) => {
      const response = await original(...args);
      const url = args[0] instanceof Request ? args[0].url : String(args[0]);
      if (url.includes(`/${encodeURIComponent(chatId)}/stream`)) {
        window.fetch = original;
        resolve();
      }
      return response;
    };
  });
}

/** Waits until the page has read a response from `/{chatId}/stream` to its end (its timing entry). */
const streamRead = (chatId: string) =>
  waitUntil(
    () =>
      performance
        .getEntriesByType('resource')
        .some((entry) => entry.name.includes(`/${encodeURIComponent(chatId)}/stream`)),
    'the page never finished reading its ask',
    { timeout: 5000 },
  );

/** How many times the server was asked for this chat's answer again. */
const resumes = async (chatId: string): Promise<number> =>
  (await fetch(`/api/test-chat/resumes?id=${encodeURIComponent(chatId)}`)).json();

/**
 * A thread with `resume`, its saved messages shown. Unless `asks` is false
 * (the saved thread ends in a turn that is over), it waits until the thread
 * has asked the server for an answer in flight, as it does on connect.
 */
async function thread(
  threadId: string,
  options: { api?: string; store?: ThreadStore; asks?: boolean } = {},
): Promise<AgentThread> {
  const asked = await resumes(threadId);
  const el = await fixture<AgentThread>(
    html`<agent-thread resume api=${options.api ?? '/api/test-chat'} thread-id=${threadId} .store=${options.store}></agent-thread>`,
  );
  await el.restored;
  if (options.asks !== false)
    await waitUntil(
      async () => (await resumes(threadId)) > asked,
      'the thread did not ask on connect',
      { timeout: 5000 },
    );
  await settle(el);
  return el;
}

const count = (text: string, part: string) => text.split(part).length - 1;

const lastStatus = (el: AgentThread) => {
  const last = el.messages.at(-1);
  return last?.role === 'assistant' ? last.status : undefined;
};

/** The reader sees one answer, whole, each part once, and nothing about a lost connection. */
function expectWholeAnswerOnce(el: AgentThread) {
  const screen = outline(el);
  for (const sentence of [...SENTENCES, 'The last words.', '$1,200,000.00'])
    expect(count(screen, sentence), sentence).to.equal(1);
  expect($$(el, 'agent-turn')).to.have.length(1);
  expect(screen).not.to.include(LOST).and.not.to.include('Interrupted');
  expect(el.messages.at(-1)).to.include({ role: 'assistant', status: 'complete' });
}

/** The records saved for a thread, as a fresh connection reads them. */
async function savedRoles(threadId: string): Promise<string[]> {
  const store = await openThreadStore();
  const { messages } = await store.load(threadId);
  store.close();
  return messages.map((record) => (record.message as { role: string }).role);
}

function collectErrors(el: AgentThread): string[] {
  const codes: string[] = [];
  el.addEventListener('answer-error', (event) => codes.push(event.detail.code));
  return codes;
}

describe('resuming an answer in flight', () => {
  it('picks a dropped connection up again: the whole answer once, no notice, one record', async () => {
    const id = uid('drop');
    const el = await thread(id);
    const errors = collectErrors(el);
    el.requestOptions = { body: { test: { script: answer(), dropAfter: 6 } } };
    await el.send('Tell me about revenue');
    await el.saved();
    await settle(el);
    expectWholeAnswerOnce(el);
    expect(errors).to.deep.equal([]);
    expect(await resumes(id), 'once on connect, once after the drop').to.equal(2);
    expect(await savedRoles(id)).to.deep.equal(['user', 'assistant']);
  });

  it('after a reload mid-answer, shows the answer still streaming in place of the cut-off turn', async () => {
    const id = uid('reload');
    const first = await thread(id);
    first.requestOptions = { body: { test: { script: answer('answer-1'), delayMs: 60 } } };
    void first.send('Tell me about revenue');
    await waitUntil(() => outline(first).includes(SENTENCES[2]!), 'the answer did not start', {
      timeout: 5000,
    });
    // The page goes away while the server still streams.
    first.remove();
    await first.saved();
    expect(await savedRoles(id)).to.deep.equal(['user', 'assistant']);

    const second = await thread(id);
    await waitUntil(
      () => lastStatus(second) === 'complete' && !second.busy,
      'the answer did not resume',
      { timeout: 8000 },
    );
    await second.saved();
    await settle(second);
    expectWholeAnswerOnce(second);
    expect(second.messages.map((m) => m.role)).to.deep.equal(['user', 'assistant']);
    expect(await resumes(id), 'once as each page connected').to.equal(2);
    expect(await savedRoles(id), 'the replay is saved where the cut-off turn was').to.deep.equal([
      'user',
      'assistant',
    ]);
  });

  it('taken off the page mid-answer and put back, the same element picks the answer up again', async () => {
    const id = uid('moved');
    const el = await thread(id);
    el.requestOptions = { body: { test: { script: answer(), delayMs: 60 } } };
    void el.send('Tell me about revenue');
    await waitUntil(() => outline(el).includes(SENTENCES[2]!), 'the answer did not start', {
      timeout: 5000,
    });
    const parent = el.parentElement!;
    el.remove();
    expect(lastStatus(el)).to.equal('interrupted');
    parent.append(el);
    await waitUntil(() => lastStatus(el) === 'complete' && !el.busy, 'the answer did not resume', {
      timeout: 8000,
    });
    await settle(el);
    expectWholeAnswerOnce(el);
  });

  it('asks again on a thread-id switch, and the replay replaces the interrupted turn', async () => {
    const [a, b] = [uid('a'), uid('b')];
    const store = await seedThread(memoryStore(), b, [
      { role: 'user', id: 'u1', text: 'Question in B' },
      {
        role: 'assistant',
        id: 'answer-b',
        status: 'streaming',
        items: [{ kind: 'text', key: 'text:t1', text: 'Sentence 0 of' }],
      },
    ]);
    // B's answer is still being generated for a page that went away.
    await abandonedAnswer(b, 'answer-b');

    const el = await thread(a, { store });
    expect(el.messages).to.deep.equal([]);
    el.threadId = b;
    await el.restored;
    await waitUntil(() => lastStatus(el) === 'complete' && !el.busy, 'the answer did not resume', {
      timeout: 8000,
    });
    await settle(el);
    expectWholeAnswerOnce(el);
    expect(el.messages.map((m) => m.id)).to.deep.equal(['u1', 'answer-b']);
    await el.saved();
    const { messages } = await store.load(b);
    expect(messages.map((m) => m.position)).to.deep.equal([0, 1]);
    expect(messages[1]!.message).to.deep.include({ status: 'complete' });
  });

  it('refuses a replay that names an earlier, finished answer: the screen and a reload agree', async () => {
    const id = uid('earlier');
    const store = await seedThread(memoryStore(), id, [
      { role: 'user', id: 'u1', text: 'First question' },
      {
        role: 'assistant',
        id: 'answer-1',
        status: 'complete',
        items: [{ kind: 'text', key: 'text:t1', text: 'The first answer.' }],
      },
      { role: 'user', id: 'u2', text: 'Second question' },
    ]);
    // The server's answer in flight for this thread names the first answer's id.
    await abandonedAnswer(id, 'answer-1');

    const el = await thread(id, { store });
    await ended(id, 'resume');
    await settle(el);
    const shown = el.messages.map((m) => m.id);
    expect(shown).to.deep.equal(['u1', 'answer-1', 'u2']);
    expect(outline(el)).to.include('The first answer.').and.not.include(SENTENCES[0]!);
    await el.saved();
    el.remove();
    const again = await thread(id, { store, asks: false });
    expect(
      again.messages.map((m) => m.id),
      'after a reload',
    ).to.deep.equal(shown);
    expect(outline(again)).to.include('The first answer.').and.not.include(SENTENCES[0]!);
  });

  it('leaves the thread as it was when there is nothing to resume (204), and is not busy while it asks', async () => {
    const id = uid('nothing');
    const store = await seedThread(memoryStore(), id, [
      { role: 'user', id: 'u1', text: 'Earlier question' },
      {
        role: 'assistant',
        id: 'a1',
        status: 'streaming',
        items: [{ kind: 'text', key: 'text:t', text: 'Half an answer' }],
      },
    ]);
    const plain = await fixture<AgentThread>(
      html`<agent-thread api="/api/test-chat" thread-id=${id} .store=${store}></agent-thread>`,
    );
    await plain.restored;
    await settle(plain);
    const asSaved = outline($(plain, '.messages'));

    const el = await thread(id, { store, api: '/api/test-chat?resumeDelayMs=400' });
    const errors = collectErrors(el);
    expect(el.busy, 'not busy while the question is pending').to.equal(false);
    const reader = harness(el);
    expect(reader.button('Send')).to.exist;
    expect(reader.queryButton('Stop')).to.equal(undefined);
    // The server answered the ask on connect (after 400 ms, with nothing recorded), and the page read it.
    await ended(id, 'resume');
    await streamRead(id);
    await settle(el);
    expect(outline($(el, '.messages'))).to.equal(asSaved);
    expect(el.busy).to.equal(false);
    expect(errors).to.deep.equal([]);
  });

  for (const [name, api] of [
    ['a server error', '/api/test-chat?resumeStatus=500'],
    ['a missing route (404)', '/api/no-such-chat'],
  ]) {
    it(`says nothing on connect when asking fails with ${name}`, async () => {
      const id = uid('silent');
      const store = memoryStore();
      await store.put(id, 0, { role: 'user', id: 'u1', text: 'Earlier question' });
      const answered = askAnswered(id);
      const el = await fixture<AgentThread>(
        html`<agent-thread resume api=${api} thread-id=${id} .store=${store}></agent-thread>`,
      );
      const errors = collectErrors(el);
      await el.restored;
      // The page has had the failed ask's answer (and let its body go unread).
      await answered;
      await settle(el);
      expect(errors).to.deep.equal([]);
      expect($$(el, 'agent-turn')).to.have.length(0);
      expect(el.busy).to.equal(false);
    });
  }

  it('never resumes a turn the reader stopped, live or after a reload', async () => {
    const id = uid('stopped');
    const first = await thread(id);
    first.requestOptions = { body: { test: { script: answer(), delayMs: 60 } } };
    void first.send('Tell me about revenue');
    await waitUntil(() => outline(first).includes(SENTENCES[1]!), 'the answer did not start', {
      timeout: 5000,
    });
    await harness(first).stop();
    await first.saved();
    // The server says the stopped request is over and the answer generated to its end.
    await ended(id, 'post');
    await ended(id, 'generated');
    first.remove();

    const second = await thread(id, { asks: false });
    // Kept on purpose: there is no ask to wait for, so this proves none came within the client's
    // pause between asks (a page that asks does so on restore, well within this window).
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY + 50));
    await settle(second);
    expect(await resumes(id), 'only when the first page connected').to.equal(1);
    expect(outline(second)).to.include('Stopped.').and.not.include('The last words.');
    expect(second.messages.at(-1)).to.include({ status: 'stopped' });
  });

  it('asks at most three times in a row, then says the connection was lost, once', async () => {
    const id = uid('gives-up');
    const el = await thread(id);
    const errors = collectErrors(el);
    el.requestOptions = { body: { test: { script: answer(), dropAfter: 5, resumeDropAfter: 5 } } };
    await el.send('Tell me about revenue');
    await settle(el);
    expect(await resumes(id), 'once on connect, three times after the drop').to.equal(4);
    const screen = outline($(el, '.messages'));
    expect(count(screen, LOST)).to.equal(1);
    expect(count(screen, SENTENCES[0]!), 'each replay replaced the last').to.equal(1);
    expect(errors).to.deep.equal(['connection_lost']);
    expect(el.messages.at(-1)).to.include({ status: 'interrupted' });
    // The server says the fourth ask ended; then, kept on purpose, a wait past the client's pause
    // between asks proves that no fifth ask came (there is no event for an ask that never comes).
    await ended(id, 'resume', 4);
    await new Promise((resolve) => setTimeout(resolve, 3 * RETRY_DELAY));
    expect(await resumes(id)).to.equal(4);
  });

  it('without thread-id, resumes after a drop under the chat id it sent', async () => {
    const el = await fixture<AgentThread>(
      html`<agent-thread resume api="/api/test-chat"></agent-thread>`,
    );
    el.requestOptions = { body: { test: { script: answer(), dropAfter: 6 } } };
    await el.send('Tell me about revenue');
    await settle(el);
    expectWholeAnswerOnce(el);
  });

  it('does not ask after a drop unless resume is set', async () => {
    const id = uid('no-resume');
    const el = await fixture<AgentThread>(
      html`<agent-thread api="/api/test-chat" thread-id=${id}></agent-thread>`,
    );
    await el.restored;
    el.requestOptions = { body: { test: { script: answer(), dropAfter: 6 } } };
    await el.send('Tell me about revenue');
    await settle(el);
    expect(await resumes(id)).to.equal(0);
    expect(outline(el)).to.include(LOST);
  });
});
