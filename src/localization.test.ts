import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { answerLocales, getAnswerLocale, localeDirection, setAnswerLocale } from './localization.js';
import { $, $$ } from './test-support/dom.js';
import './components/block/define.js';
import type { AnswerBlock } from './components/block/block.js';
import type { AnswerChart } from './components/chart/chart.js';
import type { AnswerFollowUpForm } from './components/follow-up-form/follow-up-form.js';

describe('localization', () => {
  afterEach(async () => {
    await setAnswerLocale('en');
    document.documentElement.dir = '';
  });

  it('switches strings at run time, in elements already on the page', async () => {
    const chart = await fixture<AnswerChart>(html`<answer-chart heading="T" .labels=${['a']} .series=${[{ name: 's', values: [1] }]}></answer-chart>`);
    expect($$(chart, '.views button').map((b) => b.textContent)).to.deep.equal(['Line', 'Bar', 'Table']);
    await setAnswerLocale('fr');
    await chart.updateComplete;
    expect(getAnswerLocale()).to.equal('fr');
    expect($$(chart, '.views button').map((b) => b.textContent)).to.deep.equal(['Courbes', 'Barres', 'Tableau']);
    await setAnswerLocale('zh-Hans');
    await chart.updateComplete;
    expect($$(chart, '.views button')[0]!.textContent).to.equal('折线图');
  });

  it('localizes the fallback notice', async () => {
    await setAnswerLocale('ar');
    const el = await fixture<AnswerBlock>(html`<answer-block .block=${'not json'}></answer-block>`);
    expect($(el, '[part=fallback]').textContent).to.equal('تعذّر عرض هذا الجزء من الإجابة.');
  });

  it('lays out right to left for Arabic', async () => {
    await setAnswerLocale('ar');
    expect(localeDirection()).to.equal('rtl');
    document.documentElement.dir = localeDirection();
    const form = await fixture<AnswerFollowUpForm>(html`<answer-follow-up-form heading="استبيان" .fields=${[{ name: 'a', label: 'الاسم', kind: 'text' }]}></answer-follow-up-form>`);
    const range = document.createRange();
    range.selectNodeContents($(form, 'label'));
    const label = range.getBoundingClientRect();
    const card = $(form, '.card').getBoundingClientRect();
    expect(getComputedStyle($(form, 'label')).direction).to.equal('rtl');
    expect(card.right - label.right).to.be.lessThan(label.left - card.left);
    expect($(form, 'button').textContent!.trim()).to.equal('إرسال');
    await expect(form).to.be.accessible();
  });

  it('rejects a locale it does not have, and keeps the current one', async () => {
    let error: unknown;
    await setAnswerLocale('xx').catch((e) => (error = e));
    expect(String(error)).to.include('unsupported locale "xx"');
    expect(getAnswerLocale()).to.equal('en');
    expect(answerLocales).to.include.members(['en', 'zh-Hans', 'ja', 'ko', 'es', 'fr', 'de', 'ar']);
  });

  it('every locale loads', async () => {
    for (const locale of answerLocales) {
      await setAnswerLocale(locale);
      await waitUntil(() => getAnswerLocale() === locale, undefined, { timeout: 5000 });
    }
  });
});
