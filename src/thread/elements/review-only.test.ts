import { expect, fixture, html } from '@open-wc/testing';
import type { Block } from '../../catalog/index.js';
import { investigationBlock } from '../../test-support/blocks.js';
import { $, $$, textOf } from '../../test-support/dom.js';
import { openProcesses, settle } from '../../test-support/settle.js';
import '../define.js';
import type { AgentThread } from './thread.js';
import { getByRole } from '../../test-support/thread-harness.js';
import { uid, type Part } from '../../test-support/parts.js';

/*
 * Once the final report is in, a block it does not name is folded under
 * "View process" for looking back at: a form there cannot be submitted,
 * live or after a reload. The blocks the report names stay interactive.
 */

const bookingBlock: Block = {
  block_id: 'booking',
  fallback_text: 'Book the repair.',
  root: 'form',
  elements: {
    form: {
      type: 'FollowUpForm',
      props: {
        title: 'Book the repair',
        fields: [
          {
            name: 'window',
            label: 'Window',
            kind: 'select',
            options: ['Tue', 'Sat'],
            required: true,
          },
        ],
        submit_label: 'Book',
      },
    },
  },
};

/** An answer with two forms: the field check's (folded, not named by the report) and the booking (named). */
const UNDER_WAY: Part[] = [
  { type: 'start' },
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: 'Checking the site first.' },
  { type: 'text-end', id: 't' },
  { type: 'data-answer_ui', id: 'field-check', data: investigationBlock() },
  { type: 'data-answer_ui', id: 'booking', data: bookingBlock },
];
const REPORT: Part = {
  type: 'data-final_answer',
  data: { text: 'Valve 7 is stuck; book the repair below.', ui_block_ids: ['booking'] },
};

async function openThread(threadId: string): Promise<AgentThread> {
  const el = await fixture<AgentThread>(
    html`<agent-thread no-composer thread-id=${threadId}></agent-thread>`,
  );
  await el.restored;
  await settle(el);
  return el;
}

const turnOf = (thread: AgentThread) => $(thread, 'agent-turn');
const formOf = (thread: AgentThread, blockId: string) =>
  $($(turnOf(thread), `answer-block[data-block-id="${blockId}"]`), 'answer-follow-up-form');

/** Messages the thread sends while `act` runs. */
async function sentDuring(
  thread: AgentThread,
  act: () => void | Promise<void>,
): Promise<unknown[]> {
  const sent: unknown[] = [];
  const listener = (event: CustomEvent) => {
    event.preventDefault();
    sent.push(event.detail);
  };
  thread.addEventListener('answer-send', listener as EventListener);
  await act();
  await settle(thread);
  thread.removeEventListener('answer-send', listener as EventListener);
  return sent;
}

async function openProcess(thread: AgentThread) {
  await openProcesses(turnOf(thread));
  expect($<HTMLDetailsElement>(turnOf(thread), 'details.process').open).to.equal(true);
}

/** The folded form: every field disabled, no button at all, a note why; and forcing a submit sends nothing. */
async function expectReviewOnly(thread: AgentThread) {
  const form = formOf(thread, 'field-check');
  const controls = $$<HTMLInputElement>(form, 'input, select, textarea');
  expect(controls.length).to.be.greaterThan(0);
  expect(controls.filter((control) => !control.matches(':disabled'))).to.deep.equal([]);
  expect($$(form, 'button')).to.deep.equal([]);
  expect(textOf(form)).to.include('From an earlier step, for review only.');
  const sent = await sentDuring(thread, () => $<HTMLFormElement>(form, 'form').requestSubmit());
  expect(sent).to.deep.equal([]);
  expect(thread.messages.filter((m) => m.role === 'user')).to.have.length(0);
}

/** The named form still takes an answer and sends it. */
async function expectNamedFormSubmits(thread: AgentThread) {
  const form = formOf(thread, 'booking');
  $<HTMLSelectElement>(form, 'select').value = 'Sat';
  const sent = await sentDuring(thread, () => getByRole(form, 'button', 'Book').click());
  expect(sent).to.deep.equal([
    {
      text: 'Book the repair\nWindow: Sat',
      data: {
        type: 'answer_form',
        blockId: 'booking',
        elementId: 'form',
        values: { window: 'Sat' },
      },
    },
  ]);
}

describe('review-only process', () => {
  it('a form folded under "View process" and not named by the report cannot be submitted; the named one can', async () => {
    const thread = await openThread(uid('review-live'));
    UNDER_WAY.forEach((part) => thread.applyPart(part));
    await settle(thread);
    // While the answer is generated every form is live.
    expect($$(formOf(thread, 'field-check'), 'button[type=submit]')).to.have.length(1);

    thread.applyPart(REPORT);
    await settle(thread);
    await openProcess(thread);
    await expectReviewOnly(thread);
    await expect(thread).to.be.accessible();
    await expectNamedFormSubmits(thread);
  });

  it('stays review-only after a reload, and the named form still submits', async () => {
    const id = uid('review-restored');
    const live = await openThread(id);
    [...UNDER_WAY, REPORT].forEach((part) => live.applyPart(part));
    await settle(live);
    await live.saved();
    live.remove();

    const restored = await openThread(id);
    await openProcess(restored);
    await expectReviewOnly(restored);
    await expectNamedFormSubmits(restored);
  });
});
