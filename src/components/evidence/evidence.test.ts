import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { $, $$ } from '../../test-support/dom.js';
import './define.js';
import type { AnswerEvidence } from './evidence.js';
import { press } from '../../test-support/engines.js';

const items = [
  {
    source: 'Inspection log',
    excerpt: 'Valve 7 stuck half open.',
    locator: 'p. 4',
    published: '2025-05-02',
    ref: 'doc-17',
  },
  { source: 'Sensor feed', excerpt: 'Pressure drop at 02:14.' },
];

describe('answer-evidence', () => {
  it('is collapsed by default and names every source', async () => {
    const el = await fixture<AnswerEvidence>(
      html`<answer-evidence heading="Sources" summary="Two sources agree." .items=${items}></answer-evidence>`,
    );
    const details = $<HTMLDetailsElement>(el, 'details');
    expect(details.open).to.equal(false);
    expect($(el, 'summary').textContent).to.include('Sources').and.include('2 sources');
    expect($$(el, '.source').map((s) => s.textContent)).to.deep.equal([
      'Inspection log',
      'Sensor feed',
    ]);
    expect($$(el, 'li')[0]!.textContent).to.include('May 2, 2025').and.include('p. 4');
    await expect(el).to.be.accessible();
  });

  it('opens and closes with Enter and Space', async () => {
    const el = await fixture<AnswerEvidence>(
      html`<answer-evidence heading="Sources" .items=${items}></answer-evidence>`,
    );
    $(el, 'summary').focus();
    let toggled = oneEvent($(el, 'details'), 'toggle');
    await press('Enter');
    await toggled;
    expect(el.open).to.equal(true);
    expect(el.hasAttribute('open')).to.equal(true);
    await expect(el).to.be.accessible();
    toggled = oneEvent($(el, 'details'), 'toggle');
    await press('Space');
    await toggled;
    expect(el.open).to.equal(false);
  });

  it('fires answer-source-select with the ref of an item that has one', async () => {
    const el = await fixture<AnswerEvidence>(
      html`<answer-evidence heading="Sources" open .items=${items}></answer-evidence>`,
    );
    const buttons = $$(el, 'button');
    expect(buttons).to.have.length(1);
    expect(buttons[0]!.getAttribute('aria-label')).to.equal('Open source: Inspection log');
    setTimeout(() => buttons[0]!.click());
    const event = await oneEvent(document, 'answer-source-select');
    expect(event.detail).to.deep.equal({ ref: 'doc-17' });
    expect(event.composed).to.equal(true);
  });
});
