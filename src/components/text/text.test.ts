import { expect, fixture, html } from '@open-wc/testing';
import { $ } from '../../test-support/dom.js';
import './define.js';
import '../section/define.js';
import type { AnswerText } from './text.js';
import type { AnswerSection } from '../section/section.js';

describe('answer-text', () => {
  it('shows plain text with newlines kept, never parsing HTML', async () => {
    const el = await fixture<AnswerText>(
      html`<answer-text text=${'<img src=x onerror=alert(1)>\nsecond line'}></answer-text>`,
    );
    const p = $(el, 'p');
    expect(p.textContent).to.equal('<img src=x onerror=alert(1)>\nsecond line');
    expect(el.shadowRoot!.querySelector('img')).to.equal(null);
    expect(getComputedStyle(p).whiteSpace).to.equal('pre-wrap');
    await expect(el).to.be.accessible();
  });

  for (const [variant, selector] of [
    ['heading', 'h4'],
    ['code', 'pre code'],
    ['note', 'p[role=note]'],
    ['caption', 'p.caption'],
  ] as const) {
    it(`renders the ${variant} variant as ${selector}`, async () => {
      const el = await fixture<AnswerText>(
        html`<answer-text variant=${variant} text="Hello"></answer-text>`,
      );
      expect($(el, selector).textContent).to.equal('Hello');
      await expect(el).to.be.accessible();
    });
  }
});

describe('answer-section', () => {
  it('is a section labelled by its heading, with a subtitle and its children', async () => {
    const el = await fixture<AnswerSection>(
      html`<answer-section heading="Findings" subtitle="Station 4"><answer-text text="Body"></answer-text></answer-section>`,
    );
    const section = $(el, 'section');
    expect($(el, 'h3').textContent).to.equal('Findings');
    expect(section.getAttribute('aria-labelledby')).to.equal('heading');
    expect($(el, '.subtitle').textContent).to.equal('Station 4');
    expect($<HTMLSlotElement>(el, 'slot').assignedElements()).to.have.length(1);
    expect(el.getAttribute('title')).to.equal(null);
    await expect(el).to.be.accessible();
  });
});
