import { expect, fixture, html } from '@open-wc/testing';
import { setAnswerLocale } from '../../base/localization.js';
import { $ } from '../../test-support/dom.js';
import './define.js';
import type { AnswerMetric } from './metric.js';

describe('answer-metric', () => {
  afterEach(() => setAnswerLocale('en'));

  it('formats a currency value and a positive delta in the active locale', async () => {
    const el = await fixture<AnswerMetric>(
      html`<answer-metric label="Revenue" .value=${1200000} format="currency" currency="USD" .delta=${0.12} caption="vs. Q2"></answer-metric>`,
    );
    expect($(el, '.value').textContent!.trim()).to.equal('$1,200,000.00');
    expect($(el, '.delta').classList.contains('good')).to.equal(true);
    expect($(el, '.delta').textContent!.trim()).to.equal('▲ +12%');
    expect($(el, '.caption').textContent).to.equal('vs. Q2');
    await expect(el).to.be.accessible();
  });

  it('reads as one phrase, its figure in words, not as fragments and an arrow', async () => {
    const el = await fixture<AnswerMetric>(
      html`<answer-metric label="Revenue" .value=${1200000} format="currency" currency="USD"
        .delta=${0.12} caption="vs. Q2"></answer-metric>`,
    );
    const spoken = () => $(el, '.visually-hidden').textContent;
    expect(spoken()).to.equal('Revenue: 1,200,000.00 US dollars, up 12%, vs. Q2');
    const shown = ['.label', '.value', '.delta', '.caption'].map((part) => $(el, part));
    expect(shown.map((part) => part.getAttribute('aria-hidden'))).to.deep.equal(
      Array(4).fill('true'),
    );
    el.format = 'compact';
    el.delta = -0.035;
    el.caption = undefined;
    el.unit = 'users';
    await el.updateComplete;
    expect(spoken()).to.equal('Revenue: 1.2 million users, down 3.5%');
    el.delta = 0;
    await setAnswerLocale('de');
    await el.updateComplete;
    expect(spoken()).to.equal('Revenue: 1,2 Millionen users, keine Veränderung, 0\u00a0%');
  });

  it('marks a rise as bad when good_direction is down', async () => {
    const el = await fixture<AnswerMetric>(
      html`<answer-metric label="Churn" .value=${0.031} format="percent" .delta=${0.2} good-direction="down"></answer-metric>`,
    );
    expect($(el, '.value').textContent!.trim()).to.equal('3.1%');
    expect($(el, '.delta').classList.contains('bad')).to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('shows a string value as given and a unit after a number', async () => {
    const el = await fixture<AnswerMetric>(
      html`<answer-metric label="Status" value="n/a"></answer-metric>`,
    );
    expect($(el, '.value').textContent!.trim()).to.equal('n/a');
    el.value = 184;
    el.unit = 'ms';
    el.format = 'compact';
    await el.updateComplete;
    expect($(el, '.value').textContent!.replace(/\s+/g, '')).to.equal('184ms');
  });

  it('reads a numeric attribute as a number', async () => {
    const el = await fixture<AnswerMetric>(
      html`<answer-metric label="Flow" value="1234.5"></answer-metric>`,
    );
    expect(el.value).to.equal(1234.5);
    expect($(el, '.value').textContent!.trim()).to.equal('1,234.5');
  });

  it('re-formats when the locale changes', async () => {
    const el = await fixture<AnswerMetric>(
      html`<answer-metric label="Revenue" .value=${1234567.5}></answer-metric>`,
    );
    await setAnswerLocale('de');
    await el.updateComplete;
    expect($(el, '.value').textContent!.trim()).to.equal('1.234.567,5');
  });
});
