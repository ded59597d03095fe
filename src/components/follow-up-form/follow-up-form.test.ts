import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { FormFieldT } from '../../catalog/index.js';
import { $, $$, narrowBox, overflows } from '../../test-support/dom.js';
import './define.js';
import type { AnswerFollowUpForm } from './follow-up-form.js';
import { press, typeText } from '../../test-support/engines.js';

const fields: FormFieldT[] = [
  { name: 'site', label: 'Site', kind: 'select', options: ['North', 'South'], required: true },
  { name: 'flow', label: 'Flow (m³/h)', kind: 'number', min: 0, max: 100 },
  { name: 'note', label: 'Note', kind: 'textarea', placeholder: 'Anything else?' },
  { name: 'when', label: 'Date', kind: 'date' },
  { name: 'urgency', label: 'Urgency', kind: 'radio', options: ['Low', 'High'] },
  { name: 'confirmed', label: 'Confirmed on site', kind: 'checkbox' },
  { name: 'name', label: 'Your name', kind: 'text' },
];

const form = () =>
  fixture<AnswerFollowUpForm>(
    html`<answer-follow-up-form heading="Follow up" block-id="b1" element-id="f" .fields=${fields} submit-label="Send"></answer-follow-up-form>`,
  );

describe('answer-follow-up-form', () => {
  it('starts empty with a labelled control per field', async () => {
    const el = await form();
    expect($<HTMLSelectElement>(el, 'select').value).to.equal('');
    expect($<HTMLInputElement>(el, 'input[name=flow]').value).to.equal('');
    expect($<HTMLInputElement>(el, 'input[name=confirmed]').checked).to.equal(false);
    expect($$<HTMLInputElement>(el, 'input[type=radio]').some((r) => r.checked)).to.equal(false);
    expect($(el, 'button[type=submit]').textContent!.trim()).to.equal('Send');
    await expect(el).to.be.accessible();
  });

  it('blocks submission until required fields are answered and numbers are in range', async () => {
    const el = await form();
    let fired = 0;
    el.addEventListener('answer-form-submit', () => fired++);
    $(el, 'button[type=submit]').click();
    await el.updateComplete;
    expect(fired).to.equal(0);
    $<HTMLSelectElement>(el, 'select').value = 'North';
    $<HTMLInputElement>(el, 'input[name=flow]').value = '250';
    $(el, 'button[type=submit]').click();
    expect(fired).to.equal(0);
    expect($<HTMLInputElement>(el, 'input[name=flow]').validity.rangeOverflow).to.equal(true);
  });

  it('submits typed values once, then shows the answers read-only', async () => {
    const el = await form();
    $<HTMLSelectElement>(el, 'select').value = 'South';
    $<HTMLInputElement>(el, 'input[name=flow]').value = '42.5';
    $<HTMLInputElement>(el, 'input[name=confirmed]').checked = true;
    $$<HTMLInputElement>(el, 'input[type=radio]')[1]!.checked = true;
    $<HTMLInputElement>(el, 'input[name=when]').value = '2025-06-01';
    setTimeout(() => $(el, 'button[type=submit]').click());
    const event = await oneEvent(document, 'answer-form-submit');
    expect(event.detail).to.deep.equal({
      blockId: 'b1',
      elementId: 'f',
      values: {
        site: 'South',
        flow: 42.5,
        note: null,
        when: '2025-06-01',
        urgency: 'High',
        confirmed: true,
        name: null,
      },
    });
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('form')).to.equal(null);
    const answers = $$(el, 'dt').map(
      (dt) => `${dt.textContent}: ${dt.nextElementSibling!.textContent}`,
    );
    expect(answers).to.deep.equal([
      'Site: South',
      'Flow (m³/h): 42.5',
      'Note: (no answer)',
      'Date: Jun 1, 2025',
      'Urgency: High',
      'Confirmed on site: Yes',
      'Your name: (no answer)',
    ]);
    expect($(el, '[role=status]').textContent).to.include('Submitted');
    await expect(el).to.be.accessible();
  });

  it('submits from the keyboard', async () => {
    const el = await fixture<AnswerFollowUpForm>(
      html`<answer-follow-up-form heading="Q" block-id="b" .fields=${[{ name: 'name', label: 'Name', kind: 'text', required: true }]}></answer-follow-up-form>`,
    );
    $(el, 'input').focus();
    await typeText('Ada');
    setTimeout(() => press('Enter'));
    const event = await oneEvent(el, 'answer-form-submit');
    expect(event.detail.values).to.deep.equal({ name: 'Ada' });
  });

  it('keeps submitted answers readable at 320 px, even with a long label', async () => {
    const box = narrowBox(320);
    const long: FormFieldT[] = [
      {
        name: 'site',
        label: 'Which pump station did the crew inspect on the morning shift?',
        kind: 'text',
      },
    ];
    const el = await fixture<AnswerFollowUpForm>(
      html`<answer-follow-up-form heading="Q" .fields=${long} .submission=${{ site: 'Pump station 4' }}></answer-follow-up-form>`,
      { parentNode: box },
    );
    expect($(el, 'dd').getBoundingClientRect().width).to.be.greaterThan(120);
    expect(overflows(box)).to.be.false;
  });

  it('review-only: every field disabled, no submit button, a note why, and nothing is fired', async () => {
    const el = await fixture<AnswerFollowUpForm>(
      html`<answer-follow-up-form heading="Follow up" block-id="b1" element-id="f" .fields=${fields} review-only></answer-follow-up-form>`,
    );
    const controls = $$<HTMLInputElement>(el, 'input, select, textarea');
    expect(controls).to.have.length(fields.length + 1);
    expect(controls.filter((control) => !control.disabled)).to.deep.equal([]);
    expect($$(el, 'button')).to.have.length(0);
    expect($(el, '[part=review-note]').textContent!.trim()).to.equal(
      'From an earlier step, for review only.',
    );
    let fired = 0;
    el.addEventListener('answer-form-submit', () => fired++);
    $<HTMLFormElement>(el, 'form').requestSubmit();
    await el.updateComplete;
    expect(fired).to.equal(0);
    expect(el.shadowRoot!.querySelector('form'), 'not turned into a submitted record').to.exist;
    await expect(el).to.be.accessible();
    // Turned off again, the form takes answers as before.
    el.reviewOnly = false;
    await el.updateComplete;
    expect(
      $$<HTMLInputElement>(el, 'input, select, textarea').filter((control) => control.disabled),
    ).to.deep.equal([]);
    expect($(el, 'button[type=submit]').textContent!.trim()).to.equal('Submit');
  });

  it('shows a restored submission read-only', async () => {
    const el = await fixture<AnswerFollowUpForm>(
      html`<answer-follow-up-form heading="Q" .fields=${fields} .submission=${{ site: 'North', flow: 3 }}></answer-follow-up-form>`,
    );
    expect(el.shadowRoot!.querySelector('form')).to.equal(null);
    expect($(el, 'dl').textContent).to.include('North');
  });
});
