import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { Block } from '../../catalog/index.js';
import { revenueBlock } from '../../test-support/blocks.js';
import { outline, settle } from '../../test-support/settle.js';
import '../define.js';
import type { AgentThread } from '../elements/thread.js';
import { text, type Part } from '../../test-support/parts.js';
import { press, typeText } from '../../test-support/engines.js';

/*
 * A whole conversation with the keyboard alone, against the loopback chat
 * server: Tab reaches every control in order and Enter or Space works it.
 */

const findings: Block = {
  block_id: 'findings',
  fallback_text: 'Findings for pump station 4.',
  root: 'root',
  elements: {
    root: {
      type: 'Section',
      props: { title: 'Pump station 4' },
      children: ['kpi', 'trend', 'sources', 'ask'],
    },
    kpi: revenueBlock().elements.kpi!,
    trend: revenueBlock().elements.trend!,
    sources: {
      type: 'Evidence',
      props: {
        title: 'Sources',
        items: [{ source: 'Inspection log', excerpt: 'Valve 7 stuck half open.', ref: 'doc-1' }],
      },
    },
    ask: {
      type: 'FollowUpForm',
      props: {
        title: 'Book a repair',
        fields: [
          { name: 'crew', label: 'Crew', kind: 'text', required: true },
          { name: 'urgent', label: 'Urgent', kind: 'checkbox' },
        ],
        submit_label: 'Book',
      },
    },
  },
};

const SLOW_ANSWER: Part[] = [
  { type: 'start' },
  ...Array.from({ length: 60 }, (_, i) => text(`s${i}`, `Step ${i}. `)).flat(),
  { type: 'finish' },
];
const REPORT: Part[] = [
  { type: 'start' },
  ...text('t', 'Checking the logs first.'),
  { type: 'tool-input-available', toolCallId: 'c1', toolName: 'read_logs', input: { site: 4 } },
  { type: 'tool-output-available', toolCallId: 'c1', output: { lines: 12 } },
  { type: 'data-answer_ui', id: 'findings', data: findings },
  {
    type: 'data-final_answer',
    data: { text: 'Valve 7 needs a repair.', ui_block_ids: ['findings'] },
  },
  { type: 'finish' },
];
const BOOKED: Part[] = [
  { type: 'start' },
  ...text('b', 'Repair booked for crew Blue.'),
  { type: 'finish' },
];

/** The focused element, looking through shadow roots. */
function focused(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

const describeFocus = () => {
  const el = focused();
  return el ? `<${el.localName}> "${(el.textContent ?? '').trim().slice(0, 40)}"` : 'nothing';
};

/** Presses Tab (or Shift+Tab) until `wanted` holds for the focused element; fails if it takes more than `max` presses. */
async function tabTo(
  wanted: (el: Element) => boolean,
  what: string,
  { back = false, max = 40 } = {},
) {
  for (let i = 0; i < max; i++) {
    const el = focused();
    if (el && wanted(el)) return el as HTMLElement;
    await press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${what}; focus is on ${describeFocus()}`);
}

const label = (el: Element) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
const isButton = (name: string) => (el: Element) =>
  (el.localName === 'button' || el.localName === 'summary') && label(el).startsWith(name);

describe('keyboard-only conversation', () => {
  it('send, stop, expand evidence, switch the chart, fill and submit a form, view the process, start over', async function () {
    this.timeout(30_000);
    const thread = await fixture<AgentThread>(
      html`<div><button>Before the chat</button><agent-thread api="/api/test-chat" thread-id="keyboard-walk" style="height: 700px"></agent-thread></div>`,
    ).then((wrap) => wrap.querySelector('agent-thread')!);
    await thread.restored;
    (thread.parentElement!.querySelector('button') as HTMLButtonElement).focus();
    const reply = (script: Part[], delayMs = 0) =>
      (thread.requestOptions = { body: { test: { script, delayMs } } });

    // Send: Tab into the composer, type, Enter.
    reply(SLOW_ANSWER, 40);
    await tabTo((el) => el.localName === 'textarea', 'the message box');
    await typeText('Start the long check');
    await press('Enter');
    await waitUntil(
      () => thread.busy && outline(thread).includes('Step 1.'),
      'the answer did not start streaming',
    );

    // Stop: the next control after the message box while an answer streams.
    await tabTo(isButton('Stop'), 'Stop');
    await press('Enter');
    await waitUntil(() => !thread.busy, 'Stop did not end the turn');
    expect(outline(thread)).to.not.include('Step 59.');
    // The Stop button is gone: focus is back in the message box, ready for the next question.
    await waitUntil(
      () => focused()?.localName === 'textarea',
      `after Stop focus is on ${describeFocus()}`,
    );

    // A second question, answered with a report that folds its process.
    reply(REPORT);
    await typeText('Check pump station 4');
    await press('Enter');
    await waitUntil(
      () => !thread.busy && outline(thread).includes('Valve 7 needs a repair.'),
      'no report',
    );
    await settle(thread);

    // Walk back up from the composer into the report.
    const evidence = await tabTo(isButton('Sources'), 'the evidence disclosure', { back: true });
    expect((evidence.parentElement as HTMLDetailsElement).open).to.equal(false);
    await press('Enter');
    await waitUntil(
      () => (evidence.parentElement as HTMLDetailsElement).open,
      'Enter did not expand the evidence',
    );

    const tableView = await tabTo(
      (el) =>
        el.localName === 'button' &&
        el.getAttribute('aria-pressed') === 'false' &&
        /table/i.test(label(el)),
      'the chart’s table view',
      { back: true },
    );
    await press('Space');
    await waitUntil(
      () => tableView.getAttribute('aria-pressed') === 'true',
      'Space did not switch the chart to its table',
    );

    // The form: forward from the chart switch to the crew field, type, tick, submit.
    reply(BOOKED);
    await tabTo(
      (el) => el.localName === 'input' && el.getAttribute('name') === 'crew',
      'the crew field',
    );
    await typeText('Blue');
    await press('Tab');
    expect(focused()?.getAttribute('name')).to.equal('urgent');
    await press('Space');
    expect((focused() as HTMLInputElement).checked).to.equal(true);
    await tabTo(isButton('Book'), 'the Book button');
    await press('Enter');
    // The Book button is gone: focus is on the confirmation where the form was.
    await waitUntil(
      () => focused()?.classList.contains('status') && /Submitted/.test(focused()!.textContent!),
      `after Book focus is on ${describeFocus()}`,
    );
    await waitUntil(
      () => !thread.busy && outline(thread).includes('Repair booked for crew Blue.'),
      'the form was not sent',
    );
    expect(outline(thread)).to.include('Crew: Blue');

    // "View process" of the report turn.
    await tabTo((el) => el.localName === 'textarea', 'the message box');
    const process = await tabTo(isButton('View process'), 'View process', { back: true, max: 60 });
    await press('Enter');
    await waitUntil(
      () => (process.parentElement as HTMLDetailsElement).open,
      'Enter did not open the process',
    );
    expect(outline(process.parentElement!)).to.include('Checking the logs first.');

    // New conversation: the first control of the thread.
    await tabTo(isButton('New conversation'), 'New conversation', { back: true, max: 80 });
    await press('Enter');
    await waitUntil(
      () => thread.messages.length === 0,
      'New conversation did not clear the thread',
    );
    // Focus lands somewhere useful, not on the removed button.
    await waitUntil(
      () => focused()?.localName === 'textarea',
      `after New conversation focus is on ${describeFocus()}`,
    );
  });
});
