import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import '../define.js';
import type { AgentThread } from '../elements/thread.js';
import { outline, settle } from '../../test-support/settle.js';
import { harness, queryByRole } from '../../test-support/thread-harness.js';
import { uid } from '../../test-support/parts.js';
import { itNeeds } from '../../test-support/engines.js';

/*
 * `<agent-thread>` against a back end that misbehaves (test/servers/hostile.ts):
 * each case answers the first question its way. After each the reader sees
 * what arrived and a clear notice, the page heard one `answer-error` at most
 * per problem, a follow-up question gets its answer, and a reload shows
 * what the reader saw. Timing (frames while a large answer streams) is a
 * benchmark's to measure, not this suite's.
 */

interface Log {
  requests: number;
  fates: string[];
}
/** The server's log of the chat; empty until the server has seen the chat's first request. */
const log = async (chatId: string): Promise<Log> =>
  ((await (
    await fetch(`/api/hostile/log?chat=${encodeURIComponent(chatId)}`)
  ).json()) as Log | null) ?? { requests: 0, fates: [] };

const FOLLOW_UP = 'Answer number 2.';

/** The page's heap once garbage is collected (a command of the test runner's). */
const heap = () => executeServerCommand<number, undefined>('heap-after-gc');

/** What the reader sees: the thread, but for the status line a screen reader hears. */
const seenIn = (el: AgentThread) =>
  [...el.shadowRoot!.children]
    .filter((child) => child.getAttribute('role') !== 'status')
    .map((child) => outline(child))
    .join('\n');

async function thread(api: string, threadId: string, setup?: (el: AgentThread) => void) {
  const el = await fixture<AgentThread>(
    html`<agent-thread api=${api} thread-id=${threadId}></agent-thread>`,
  );
  setup?.(el);
  await el.restored;
  return el;
}

/**
 * Asks "Go" of the case's back end and waits until the response has ended
 * on the server's side; returns the thread, the `answer-error` codes it
 * fired, and what the reader sees.
 */
async function ask(backEnd: string, setup?: (el: AgentThread) => void) {
  const threadId = uid(backEnd);
  const el = await thread(`/api/hostile/${backEnd}`, threadId, setup);
  const errors: string[] = [];
  el.addEventListener('answer-error', (event) => errors.push(event.detail.code));
  await harness(el).send('Go');
  await waitUntil(() => !el.busy, 'the turn never ended', { timeout: 20_000 });
  await waitUntil(
    async () => (await log(threadId)).fates.length === 1,
    'the response never ended',
    {
      timeout: 20_000,
    },
  );
  await settle(el);
  return { el, threadId, errors, seen: seenIn(el) };
}

/** The reader asks again and gets an answer; a reload then shows the same conversation. */
async function expectThreadStillWorks(el: AgentThread, threadId: string) {
  await harness(el).send('And now?');
  await waitUntil(() => seenIn(el).includes(FOLLOW_UP), 'the follow-up was not answered', {
    timeout: 10_000,
  });
  await waitUntil(() => !el.busy);
  await settle(el);
  const seen = seenIn(el);
  await el.saved();
  el.remove();
  const again = await thread(el.api!, threadId);
  await settle(again);
  expect(seenIn(again), 'after a reload').to.equal(seen);
}

const NOTICE = {
  unreadable: 'Part of the answer could not be read and was skipped.',
  fileTooLarge: 'A file in the answer was too large to show and was left out.',
  unknownPart: 'Part of the answer is of a kind this page does not know and was left out.',
  tooLarge: 'The answer was too long and was cut off.',
  lost: 'The connection was lost. What arrived so far is kept.',
};
const count = (text: string, part: string) => text.split(part).length - 1;

describe('a hostile back end', () => {
  const endless = (thread: AgentThread) => {
    thread.streamLimits = { maxAnswerChars: 300_000 };
  };

  it('an answer that never ends is cut off at its size budget, the connection closed', async function () {
    // 300,000 characters render a frame's budget (4 KB) at a time: some 75 frames, then a second
    // turn and a reload. On a busy machine, WebKit's frames alone take several seconds.
    this.timeout(30_000);
    const { el, threadId, errors, seen } = await ask('endless-text', endless);
    expect(count(seen, NOTICE.tooLarge)).to.equal(1);
    expect(seen, 'what arrived stays').to.include('All work and no play.');
    expect(errors).to.deep.equal(['answer_too_large']);
    expect(el.messages.at(-1)).to.include({ status: 'stopped' });
    expect((await log(threadId)).fates).to.deep.equal(['cancelled']);
    const saved = JSON.stringify(el.messages.at(-1));
    expect(saved.length, 'no more than the budget is kept').to.be.below(310_000);
    await expectThreadStillWorks(el, threadId);
  });

  itNeeds(
    'devtools',
    'an answer cut off at its size budget grows the heap by a few megabytes',
    async () => {
      const before = await heap();
      await ask('endless-text', endless);
      const grown = (await heap()) - before;
      // 300,000 characters of text, its DOM and its saved copy: a few megabytes, not more.
      expect(grown, `the heap grew by ${grown} bytes`).to.be.below(16 * 1024 * 1024);
    },
  );

  it('a data part nested 7,000 levels deep is dropped with one notice; sending and saving go on', async () => {
    const { el, threadId, errors } = await ask('deep-data');
    // The notice is an element of the turn's content chunk, which may still be loading.
    await waitUntil(() => count(seenIn(el), NOTICE.unreadable) === 1, 'no notice of the part', {
      timeout: 5_000,
    });
    const seen = seenIn(el);
    expect(seen).to.include('Before the data.').and.include('After the data.');
    expect(errors).to.deep.equal(['malformed_line']);
    expect(el.messages.at(-1)).to.include({ status: 'complete' });
    await expectThreadStillWorks(el, threadId);
  });

  it('a flood of unreadable lines gives one notice and one event, and ends the stream', async () => {
    const { el, threadId, errors, seen } = await ask('bad-lines');
    expect(count(seen, NOTICE.unreadable)).to.equal(1);
    expect(seen).to.include('Before the flood.').and.not.include('After the flood.');
    expect(errors).to.deep.equal(['malformed_line']);
    expect(el.messages.at(-1)).to.include({ status: 'error' });
    const notice = (
      el.messages.at(-1) as { items: { kind: string; detail?: string }[] }
    ).items.find((i) => i.kind === 'notice');
    expect(notice?.detail).to.match(/^100 events could not be read, so the stream was ended/);
    expect((await log(threadId)).fates).to.deep.equal(['cancelled']);
    await expectThreadStillWorks(el, threadId);
  });

  it('a few unreadable lines are counted in one notice; the answer goes on', async () => {
    const { el, threadId, errors, seen } = await ask('few-bad-lines');
    expect(count(seen, NOTICE.unreadable)).to.equal(1);
    expect(seen).to.include('One.').and.include('Two.').and.include('Three.');
    expect(errors).to.deep.equal(['malformed_line']);
    const notice = (
      el.messages.at(-1) as { items: { kind: string; detail?: string }[] }
    ).items.find((i) => i.kind === 'notice');
    expect(notice?.detail).to.match(/^2 events could not be read; the first: \{oops/);
    expect(el.messages.at(-1)).to.include({ status: 'complete' });
    await expectThreadStillWorks(el, threadId);
  });

  it('a web page with status 200 is said to be one, not a lost connection', async () => {
    const { el, threadId, errors, seen } = await ask('web-page');
    expect(seen).to.include(
      'The server could not answer (HTTP 200: text/html, not an answer stream).',
    );
    expect(seen).not.to.include(NOTICE.lost);
    expect(errors).to.deep.equal(['http_error']);
    await expectThreadStillWorks(el, threadId);
  });

  it('a stream that goes silent ends as a lost connection, with Retry', async () => {
    const { el, threadId, errors, seen } = await ask('silent', (thread) => {
      thread.streamLimits = { silenceMs: 400 };
    });
    expect(seen).to.include('Thinking').and.include(NOTICE.lost);
    expect(errors).to.deep.equal(['connection_lost']);
    expect(el.messages.at(-1)).to.include({ status: 'interrupted' });
    expect(queryByRole(el, 'button', 'Retry'), 'Retry is offered').to.exist;
    expect((await log(threadId)).fates).to.deep.equal(['cancelled']);
    await expectThreadStillWorks(el, threadId);
  });

  for (const [backEnd, notice] of [
    ['error-page', 'The server could not answer (HTTP 500 Internal Server Error).'],
    ['too-many-requests', 'The server could not answer (HTTP 429 Too Many Requests).'],
  ] as const)
    it(`${backEnd}: says the server could not answer, without the page it sent`, async () => {
      const { el, threadId, errors, seen } = await ask(backEnd);
      expect(seen).to.include(notice).and.not.include('Internal error');
      expect(errors).to.deep.equal(['http_error']);
      await expectThreadStillWorks(el, threadId);
    });

  it('a 20 MB line is dropped as one unreadable event; the rest of the answer shows', async () => {
    const { el, threadId, errors, seen } = await ask('endless-line');
    expect(count(seen, NOTICE.unreadable)).to.equal(1);
    expect(seen).to.include('Before the long line.').and.include('After the long line.');
    expect(errors).to.deep.equal(['malformed_line']);
    await expectThreadStillWorks(el, threadId);
  });

  it('bytes that are not UTF-8, a byte order mark and CRLF: the text shows, replaced where bad', async () => {
    const { el, threadId, errors, seen } = await ask('bad-bytes');
    expect(seen).to.include('Bad bytes: \uFFFD\uFFFD and more.');
    expect(errors).to.deep.equal([]);
    await expectThreadStillWorks(el, threadId);
  });

  it('a 2.1 MB inline image has a budget of its own: the answer goes on past it', async () => {
    const { el, threadId, errors, seen } = await ask('large-image');
    expect(seen).to.include('Here is the image.').and.include('After the image.');
    expect(seen).not.to.include(NOTICE.tooLarge);
    expect(errors).to.deep.equal([]);
    expect(el.messages.at(-1)).to.include({ status: 'complete' });
    const files = (el.messages.at(-1) as { items: { kind: string }[] }).items.filter(
      (i) => i.kind === 'file',
    );
    expect(files).to.have.length(1);
    // Storage keeps a file of up to 512,000 characters: after a reload the chip says this one was not saved.
    await el.saved();
    el.remove();
    const again = await thread(el.api!, threadId);
    await settle(again);
    expect(seenIn(again))
      .to.include('After the image.')
      .and.include('image/png (not saved: too large)');
  });

  it('a file over its budget is left out with one notice; the answer goes on', async () => {
    const { el, threadId, errors, seen } = await ask('oversized-file', (thread) => {
      thread.streamLimits = { maxFileChars: 100_000 };
    });
    expect(count(seen, NOTICE.fileTooLarge)).to.equal(1);
    expect(seen).to.include('Before the file.').and.include('After the file.');
    expect(errors).to.deep.equal(['file_too_large']);
    expect(el.messages.at(-1)).to.include({ status: 'complete' });
    expect(JSON.stringify(el.messages.at(-1))).not.to.include('application/pdf');
    await expectThreadStillWorks(el, threadId);
  });

  it('parts of a type this page does not know are left out of the turn with one notice', async () => {
    const { el, threadId, errors, seen } = await ask('unknown-parts');
    expect(count(seen, NOTICE.unknownPart)).to.equal(1);
    expect(seen).to.include('Before.').and.include('After.');
    expect(errors).to.deep.equal(['unknown_part']);
    expect(JSON.stringify(el.messages.at(-1))).not.to.include('hologram"');
    await expectThreadStillWorks(el, threadId);
  });

  it('keys named after Object.prototype change no prototype', async () => {
    const { el, threadId, seen } = await ask('proto-keys');
    expect(seen).to.include('Keys.').and.include('Done.');
    expect(({} as { polluted?: boolean }).polluted).to.equal(undefined);
    await expectThreadStillWorks(el, threadId);
  });
});
