import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { $, $$ } from '../../test-support/dom.js';
import { settle } from '../../test-support/settle.js';
import '../define.js';
import type { AgentThread } from './thread.js';
import { text, type Part } from '../../test-support/parts.js';
import { press } from '../../test-support/engines.js';

/*
 * Citations: a `[N]` in an answer links to source N of the turn when it has
 * that many sources; following the link shows the source in the list.
 */

const TEXT = 'Revenue grew [1], cloud [2], and [3] is not a source; code `[1]` stays.';
const SOURCES: Part[] = [
  {
    type: 'source-url',
    sourceId: 's1',
    url: 'https://example.com/revenue',
    title: 'Revenue report',
  },
  { type: 'source-url', sourceId: 's2', url: 'https://example.com/cloud', title: 'Cloud figures' },
];

/** A thread fed `parts`; `feed` applies more and waits until the turn and its source list have rendered. */
async function threadWith(parts: Part[]) {
  const thread = await fixture<AgentThread>(html`<agent-thread no-composer></agent-thread>`);
  const feed = async (more: Part[]) => {
    more.forEach((part) => thread.applyPart(part));
    await settle(thread);
    const turn = $(thread, 'agent-turn');
    await waitUntil(
      () => $$(turn, 'answer-sources').every((list) => list.shadowRoot),
      'the source list did not load',
    );
    await settle(thread);
  };
  await feed([{ type: 'start' }, ...parts]);
  const turn = () => $(thread, 'agent-turn');
  /** The citation links in the turn's answer text: `name → href`. */
  const cites = () =>
    $$(turn(), 'answer-markdown').flatMap((md) =>
      $$<HTMLAnchorElement>(md, 'a.cite').map(
        (a) => `${a.getAttribute('aria-label')} → ${a.getAttribute('href')}`,
      ),
    );
  const citeLink = (n: number) =>
    $$(turn(), 'answer-markdown').flatMap((md) =>
      $$<HTMLAnchorElement>(md, `a.cite[href="#source-${n}"]`),
    )[0]!;
  const sources = () => $(turn(), 'answer-sources');
  return { thread, feed, turn, cites, citeLink, sources };
}

describe('citations in an answer', () => {
  it('links [N] to source N when the turn has N sources; not [3], not inside code', async () => {
    const { turn, cites, citeLink } = await threadWith([
      ...text('t1', TEXT),
      ...SOURCES,
      { type: 'finish' },
    ]);
    expect(cites()).to.deep.equal(['Source 1 → #source-1', 'Source 2 → #source-2']);
    expect(citeLink(1).textContent).to.equal('[1]');
    const markdown = $(turn(), 'answer-markdown');
    expect($(markdown, 'code').textContent).to.equal('[1]');
    expect($(markdown, 'p').textContent).to.include('and [3] is not a source');
    await expect(turn()).to.be.accessible();
  });

  it('following a citation scrolls to its source, focuses its link and highlights it for a moment', async () => {
    const { cites, citeLink, sources } = await threadWith([
      ...text('t1', TEXT),
      ...SOURCES,
      { type: 'finish' },
    ]);
    expect(cites()).to.have.length(2);
    const before = location.href;
    citeLink(2).click();
    expect(location.href, 'the link does not navigate').to.equal(before);
    const list = sources();
    const entry = $(list, '#source-2');
    expect(list.shadowRoot!.activeElement).to.equal(entry.querySelector('a'));
    await settle(list);
    expect(entry.classList.contains('highlight')).to.equal(true);
    expect($(list, '#source-1').classList.contains('highlight')).to.equal(false);

    // Enter on a focused citation does the same.
    citeLink(1).focus();
    await press('Enter');
    await settle(list);
    expect(list.shadowRoot!.activeElement).to.equal($(list, '#source-1 a'));
    expect($$(list, 'li.highlight').map((li) => li.id)).to.deep.equal(['source-1']);
    expect(location.href).to.equal(before);
    await waitUntil(() => !$$(list, 'li.highlight').length, 'the highlight did not fade', {
      timeout: 3_000,
    });
  });

  it('focuses the entry itself when the source has no link', async () => {
    const { citeLink, sources } = await threadWith([
      ...text('t1', 'See [1].'),
      {
        type: 'source-document',
        sourceId: 'd1',
        mediaType: 'application/pdf',
        title: 'Ledger',
        filename: 'ledger.pdf',
      },
      { type: 'finish' },
    ]);
    citeLink(1).click();
    const entry = $(sources(), '#source-1');
    expect(entry.tabIndex).to.equal(-1);
    expect(sources().shadowRoot!.activeElement).to.equal(entry);
  });

  it('turns the markers into links when the sources arrive after the text', async () => {
    const { feed, cites, citeLink, sources } = await threadWith(text('t1', TEXT));
    expect(cites(), 'no sources yet').to.deep.equal([]);
    await feed([SOURCES[0]!]);
    expect(cites()).to.deep.equal(['Source 1 → #source-1']);
    await feed([SOURCES[1]!, { type: 'finish' }]);
    expect(cites()).to.deep.equal(['Source 1 → #source-1', 'Source 2 → #source-2']);
    citeLink(2).click();
    expect(sources().shadowRoot!.activeElement).to.equal($(sources(), '#source-2 a'));
  });

  it('links them in the final report too', async () => {
    const { turn, cites, citeLink, sources } = await threadWith([
      ...text('t1', 'Looking it up.'),
      ...SOURCES,
      { type: 'data-final_answer', data: { text: TEXT, ui_block_ids: [] } },
      { type: 'finish' },
    ]);
    expect(
      $$($(turn(), '.report answer-markdown'), 'a.cite').map((a) => a.getAttribute('aria-label')),
    ).to.deep.equal(['Source 1', 'Source 2']);
    expect(cites()).to.have.length(2);
    citeLink(1).click();
    expect(sources().shadowRoot!.activeElement).to.equal($(sources(), '#source-1 a'));
    await expect(turn()).to.be.accessible();
  });
});
