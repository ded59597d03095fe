import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { openDB } from 'idb';
import { openThreadStore, type StoreOptions, type ThreadStore } from '../../store/index.js';
import { deepElements, outline, settle } from '../../test-support/settle.js';
import { text, uid, type Part } from '../../test-support/parts.js';
import '../define.js';
import type { AgentThread } from '../elements/thread.js';

/*
 * Two saved conversations, and an answer with large files in the second:
 * the first keeps every record, the second keeps its files past its own cap
 * as chips that say they were not saved, and both come back after a reload.
 */

/** 20 PDF reports of 60,000 characters each: 1.2 MB, more than the whole budget below. */
const REPORTS = Array.from({ length: 20 }, (_, i) => ({
  type: 'file',
  url: `data:application/pdf;base64,${String(i).padStart(2, '0').repeat(30_000)}`,
  mediaType: 'application/pdf',
  filename: `report-${i + 1}.pdf`,
}));
const NAMES = REPORTS.map((report) => report.filename);

const turn = (answer: string, extra: Part[] = []): Part[] => [
  { type: 'start' },
  ...text('a', answer),
  ...extra,
  { type: 'finish' },
];

async function thread(threadId: string, store: Promise<ThreadStore>): Promise<AgentThread> {
  const el = await fixture<AgentThread>(
    html`<agent-thread thread-id=${threadId} .store=${store}></agent-thread>`,
  );
  await el.restored;
  await settle(el);
  return el;
}

async function talk(el: AgentThread, question: string, parts: Part[]) {
  el.addEventListener('answer-send', (event) => event.preventDefault(), { once: true });
  await el.send(question);
  parts.forEach((part) => el.applyPart(part));
  await settle(el);
  await el.saved();
}

/** How many message records the database holds for a thread. */
async function records(db: string, threadId: string): Promise<number> {
  const raw = await openDB(db);
  const count = await raw.count('messages', IDBKeyRange.bound([threadId, 0], [threadId, Infinity]));
  raw.close();
  return count;
}

/** The file chips the thread shows: the name of each that opens, and the text of each that cannot. */
async function chips(el: AgentThread) {
  await waitUntil(
    () => deepElements(el.shadowRoot!).some((node) => node.localName === 'answer-files'),
    'no files were shown',
  );
  await settle(el);
  const files = deepElements(el.shadowRoot!).filter((node) => node.localName === 'answer-files');
  const all = files.flatMap((node) => [...node.shadowRoot!.querySelectorAll('.chip')]);
  const read = (chip: Element) => chip.textContent!.replace(/\s+/g, ' ').trim();
  return {
    opening: all.filter((chip) => chip.localName === 'button').map(read),
    unsaved: all.filter((chip) => chip.classList.contains('unsaved')).map(read),
  };
}

describe('fair storage between threads', () => {
  it('an answer with large files in one thread never evicts the other thread, before or after a reload', async function () {
    this.timeout(20_000);
    const db = uid('fair-storage');
    // A 1 MB budget: each thread's own cap is then a quarter of it, 250,000.
    const options: StoreOptions = { name: db, maxBytes: 1_000_000 };
    let store = openThreadStore(options);

    const first = await thread('first', store);
    await talk(first, 'What is the plan?', turn('The plan is ready.'));
    const second = await thread('second', store);
    await talk(second, 'Send me the reports', turn('Here are the reports.', REPORTS));
    // On the page the reader still has every report.
    expect((await chips(second)).opening).to.deep.equal(NAMES);
    expect(await records(db, 'first')).to.equal(2);
    expect(await records(db, 'second')).to.equal(2);
    first.remove();
    second.remove();
    (await store).close();

    // A reload, then the reader goes on with the second thread: the store prunes on that save.
    store = openThreadStore(options);
    const again = await thread('second', store);
    const shown = await chips(again);
    expect(shown.opening.length, 'some reports keep their data').to.be.above(0);
    expect(shown.unsaved.length, 'the reports past the cap are chips without data').to.be.above(0);
    // Of equal files, the last ones lose their data first.
    expect([...shown.opening, ...shown.unsaved]).to.deep.equal([
      ...NAMES.slice(0, shown.opening.length),
      ...NAMES.slice(shown.opening.length).map((name) => `${name} (not saved: too large)`),
    ]);
    await talk(again, 'Thanks, and the summary?', turn('The summary is short.'));
    expect(await records(db, 'first')).to.equal(2);
    expect(await records(db, 'second')).to.equal(4);
    const raw = await openDB(db);
    expect(((await raw.get('threads', 'second')) as { bytes: number }).bytes).to.be.at.most(
      250_000,
    );
    raw.close();
    again.remove();
    (await store).close();

    // Another reload shows both threads.
    store = openThreadStore(options);
    const firstBack = await thread('first', store);
    expect(outline(firstBack)).to.include('What is the plan?').and.include('The plan is ready.');
    const secondBack = await thread('second', store);
    expect(outline(secondBack))
      .to.include('Here are the reports.')
      .and.include('The summary is short.');
    expect(await chips(secondBack)).to.deep.equal(shown);
    (await store).close();
  });
});
