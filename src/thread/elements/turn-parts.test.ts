import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { define } from '../../base/define.js';
import {
  answerApproval,
  readPart,
  ThreadState,
  type AssistantTurn,
  type ToolItem,
} from '../../conversation/index.js';
import { $, $$ } from '../../test-support/dom.js';
import { loadTurnElements } from '../extras/load-extras.js';
import { outline, settle } from '../../test-support/settle.js';
import type { AgentThread } from './thread.js';
import { AgentTurn } from '../extras/turn.js';
import type { DataRenderer } from '../turn-view.js';
import { text, type Part } from '../../test-support/parts.js';
import { getByRole } from '../../test-support/thread-harness.js';

/*
 * An assistant turn fed real AI SDK part sequences through the thread's
 * state machine: sources listed under the answer, files where they arrived,
 * tool approvals as cards, the host's own data parts through `renderData`.
 */

define('agent-turn', AgentTurn);

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** A turn element and the conversation behind it; `feed` applies parts and shows the turn as the thread does. */
async function turnWith(parts: Part[], renderData?: DataRenderer) {
  // A thread has its turns' elements in before it shows a turn.
  await loadTurnElements();
  const state = new ThreadState();
  state.addUser('Question?');
  const el = await fixture<AgentTurn>(html`<agent-turn .renderData=${renderData}></agent-turn>`);
  const feed = async (more: Part[]) => {
    for (const part of more) state.apply(readPart(part)!);
    el.turn = state.messages.at(-1) as AssistantTurn;
    el.requestUpdate();
    await settle(el);
  };
  await feed(parts);
  return { el, state, feed, turn: () => el.turn! };
}

describe('agent-turn and the parts an AI SDK stream carries', () => {
  it('lists source-url and source-document parts once, numbered, under the final report and not in "View process"', async () => {
    const { el } = await turnWith([
      { type: 'start' },
      ...text('t1', 'Searching.'),
      { type: 'source-url', sourceId: 's1', url: 'https://example.com/a', title: 'Annual report' },
      { type: 'source-url', sourceId: 's2', url: 'javascript:alert(1)', title: 'Hostile' },
      { type: 'source-url', sourceId: 's1', url: 'https://example.com/a', title: 'Annual report' },
      {
        type: 'source-document',
        sourceId: 's3',
        mediaType: 'application/pdf',
        title: 'Ledger',
        filename: 'ledger.pdf',
      },
      {
        type: 'data-final_answer',
        data: { text: 'Revenue rose [1], costs fell [3].', ui_block_ids: [] },
      },
      { type: 'finish' },
    ]);
    const lists = $$(el, 'answer-sources');
    expect(lists).to.have.length(1);
    expect(lists[0]!.parentElement!.matches('.report')).to.equal(true);
    expect($(el, '.report').lastElementChild).to.equal(lists[0]);
    expect(
      $$(lists[0]!, 'li').map((li) => `${li.id} ${li.querySelector('.title')!.textContent}`),
    ).to.deep.equal(['source-1 Annual report', 'source-2 Hostile', 'source-3 Ledger']);
    expect($$<HTMLAnchorElement>(lists[0]!, 'a').map((a) => a.href)).to.deep.equal([
      'https://example.com/a',
    ]);
    expect($(el, 'details.process').querySelector('answer-sources')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('lists the sources after the text while there is no report', async () => {
    const { el } = await turnWith([
      { type: 'start' },
      { type: 'source-url', sourceId: 's1', url: 'https://example.com/' },
      ...text('t1', 'Answer [1].'),
    ]);
    const shown = outline(el);
    expect(shown.indexOf('Answer [1].')).to.be.lessThan(shown.indexOf('Sources'));
  });

  it('shows file parts where they arrived: an inline image from a data: URL, a chip for anything else; with the report once it is in', async () => {
    const { el, feed } = await turnWith([
      { type: 'start' },
      ...text('t1', 'Here is the chart:'),
      {
        type: 'file',
        url: `data:image/png;base64,${PNG}`,
        mediaType: 'image/png',
        filename: 'chart.png',
      },
      {
        type: 'file',
        url: 'https://example.com/q3.pdf',
        mediaType: 'application/pdf',
        filename: 'q3.pdf',
      },
      ...text('t2', 'And that was all.'),
    ]);
    const groups = $$(el, 'answer-files');
    expect(groups, 'files in a row share one row').to.have.length(1);
    const shown = outline(el);
    expect(shown.indexOf('<answer-files>')).to.be.within(
      shown.indexOf('Here is the chart:'),
      shown.indexOf('And that was all.'),
    );
    expect($$<HTMLImageElement>(groups[0]!, 'img').map((img) => img.alt)).to.deep.equal([
      'chart.png',
    ]);
    const chip = $<HTMLButtonElement>(groups[0]!, 'button');
    expect(chip.textContent!.trim()).to.equal('q3.pdf');
    setTimeout(() => chip.click());
    expect((await oneEvent(el, 'answer-file-select')).detail).to.deep.equal({
      url: 'https://example.com/q3.pdf',
      mediaType: 'application/pdf',
      filename: 'q3.pdf',
    });

    await feed([
      {
        type: 'data-final_answer',
        data: { text: 'The chart and the report are attached.', ui_block_ids: [] },
      },
    ]);
    expect($(el, '.report').querySelector('answer-files'), 'the files stay with the answer').to
      .exist;
    expect($(el, 'details.process').querySelector('answer-files')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('shows a tool call that asks for approval as a card with Approve and Deny, and its outcome once answered', async () => {
    const { el, state, feed, turn } = await turnWith([
      { type: 'start' },
      ...text('t1', 'I need to send the email.'),
      { type: 'tool-input-start', toolCallId: 'c1', toolName: 'send_email' },
      {
        type: 'tool-input-available',
        toolCallId: 'c1',
        toolName: 'send_email',
        input: { to: 'ops@example.com', subject: 'Pump 4' },
      },
      { type: 'tool-approval-request', approvalId: 'ap-1', toolCallId: 'c1' },
      { type: 'finish' },
    ]);
    const card = $(el, 'answer-approval');
    expect(outline(el)).not.to.include('waiting for approval');
    expect($$(card, 'button').map((b) => b.textContent!.trim())).to.deep.equal(['Approve', 'Deny']);
    expect($(card, '.title').textContent).to.include('send_email');
    expect($(card, '.input').textContent!.replace(/\s+/g, ' ')).to.include('to: ops@example.com');
    await expect(el).to.be.accessible();

    setTimeout(() => getByRole(card, 'button', 'Approve').click());
    const event = await oneEvent(el, 'answer-approval-response');
    expect(event.detail).to.deep.equal({ approvalId: 'ap-1', approved: true });
    // The thread records the answer in place and shows the turn again.
    const tool = turn().items.find((i): i is ToolItem => i.kind === 'tool')!;
    answerApproval(state.messages, tool, true);
    await feed([]);
    expect($(el, 'answer-approval'), 'the same card').to.equal(card);
    expect($$(card, 'button')).to.have.length(0);
    expect(outline(card)).to.include('Approved');
  });

  it('shows a denied call as denied: the card when it asked for approval, the step line otherwise', async () => {
    const { el, turn, feed } = await turnWith([
      { type: 'start' },
      {
        type: 'tool-input-available',
        toolCallId: 'c1',
        toolName: 'delete_rows',
        input: { table: 'orders' },
      },
      { type: 'tool-approval-request', approvalId: 'ap-2', toolCallId: 'c1' },
      { type: 'tool-output-denied', toolCallId: 'c1' },
    ]);
    expect(outline($(el, 'answer-approval'))).to.include('Denied');
    expect($$($(el, 'answer-approval'), 'button')).to.have.length(0);

    // A restored step that lost its approval, and one still waiting, read as plain steps.
    turn().items.push(
      { kind: 'tool', key: 'tool:c2', name: 'wipe', status: 'denied', summary: '' },
      { kind: 'tool', key: 'tool:c3', name: 'mail', status: 'awaiting_approval', summary: '' },
    );
    await feed([]);
    const steps = $$(el, '.step').map((step) =>
      [...step.children].map((part) => part.textContent).join(' '),
    );
    expect(steps).to.deep.equal(['✕ Tool wipe denied', '? Tool mail waiting for approval']);
  });

  it('shows what renderData returns for a data part, keeps that element while the data stays, and asks again when it changes', async () => {
    const calls: unknown[] = [];
    const renderData: DataRenderer = (part) => {
      calls.push(part);
      if (part.type !== 'data-weather') return null;
      const box = document.createElement('p');
      box.className = 'weather';
      box.textContent = `Weather: ${(part.data as { temp: number }).temp} °C`;
      return box;
    };
    const { el, feed } = await turnWith(
      [
        { type: 'start' },
        ...text('t1', 'Checking the weather.'),
        { type: 'data-weather', id: 'w1', data: { temp: 21 } },
        { type: 'data-other', data: { x: 1 } },
      ],
      renderData,
    );
    const first = $(el, 'p.weather');
    expect(first.textContent).to.equal('Weather: 21 °C');
    expect(calls).to.deep.equal([
      { type: 'data-weather', id: 'w1', data: { temp: 21 } },
      { type: 'data-other', data: { x: 1 } },
    ]);
    await feed(text('t2', 'More text.'));
    expect($(el, 'p.weather')).to.equal(first);
    expect(calls).to.have.length(2);
    await feed([{ type: 'data-weather', id: 'w1', data: { temp: 23 } }]);
    expect($$(el, 'p.weather').map((p) => p.textContent)).to.deep.equal(['Weather: 23 °C']);
    expect(calls).to.have.length(3);
  });

  it('shows nothing for a data part without renderData', async () => {
    const { el } = await turnWith([
      { type: 'start' },
      ...text('t1', 'Hi.'),
      { type: 'data-weather', id: 'w1', data: { temp: 21 } },
    ]);
    expect(outline(el)).not.to.include('21');
    expect(outline(el)).to.include('Hi.');
  });
});

describe('agent-thread and the parts an AI SDK stream carries', () => {
  it('lists the sources under the report of a streamed turn', async () => {
    await import('../define.js');
    const thread = await fixture<AgentThread>(html`<agent-thread no-composer></agent-thread>`);
    [
      { type: 'start' },
      ...text('t1', 'Looking it up.'),
      { type: 'source-url', sourceId: 's1', url: 'https://example.com/a', title: 'Annual report' },
      { type: 'data-final_answer', data: { text: 'Revenue rose [1].', ui_block_ids: [] } },
      { type: 'finish' },
    ].forEach((part) => thread.applyPart(part));
    await settle(thread);
    const turn = $(thread, 'agent-turn');
    await waitUntil(
      () => $(turn, '.report answer-sources').shadowRoot,
      'the source list did not load',
    );
    expect($$($(turn, '.report answer-sources'), 'li').map((li) => li.id)).to.deep.equal([
      'source-1',
    ]);
  });
});
