import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import {
  answerLocales,
  getAnswerLocale,
  localeDirection,
  setAnswerLocale,
} from './base/localization.js';
import { $, $$ } from './test-support/dom.js';
import './components/block/define.js';
import type { AnswerBlock } from './components/block/block.js';
import type { AnswerChart } from './components/chart/chart.js';
import type { AnswerFollowUpForm } from './components/follow-up-form/follow-up-form.js';
import { revenueBlock, investigationBlock } from './test-support/blocks.js';
import { settle } from './test-support/settle.js';
import './thread/define.js';
import { formSummary } from './base/form-summary.js';
import { formatDate } from './base/format.js';
import type { AgentThread } from './thread/elements/thread.js';

/** How many lines the text of `element` takes. */
function lines(element: Element): number {
  const range = document.createRange();
  range.selectNodeContents(element);
  return new Set(
    [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
  ).size;
}

describe('localization', () => {
  afterEach(async () => {
    await setAnswerLocale('en');
    document.documentElement.dir = '';
  });

  it('switches strings at run time, in elements already on the page', async () => {
    const chart = await fixture<AnswerChart>(
      html`<answer-chart heading="T" .labels=${['a']} .series=${[{ name: 's', values: [1] }]}></answer-chart>`,
    );
    expect($$(chart, '[part=views] button').map((b) => b.textContent)).to.deep.equal([
      'Line',
      'Bar',
      'Table',
    ]);
    await setAnswerLocale('fr');
    await chart.updateComplete;
    expect(getAnswerLocale()).to.equal('fr');
    expect($$(chart, '[part=views] button').map((b) => b.textContent)).to.deep.equal([
      'Courbes',
      'Barres',
      'Tableau',
    ]);
    expect($(chart, '[part=play]').textContent).to.equal('Écouter');
    await setAnswerLocale('zh-Hans');
    await chart.updateComplete;
    expect($$(chart, '[part=views] button')[0]!.textContent).to.equal('折线图');
  });

  it('localizes the fallback notice', async () => {
    await setAnswerLocale('ar');
    const el = await fixture<AnswerBlock>(html`<answer-block .block=${'not json'}></answer-block>`);
    expect($(el, '[part=fallback]').textContent).to.equal('تعذّر عرض هذا الجزء من الإجابة.');
  });

  it('writes numbers and dates in Arabic with Latin digits, in every engine', async () => {
    await setAnswerLocale('ar');
    const metric = await fixture<HTMLElement>(
      html`<answer-metric label="الإيرادات" .value=${1234.5} delta="0.12"></answer-metric>`,
    );
    const shown = metric.shadowRoot!.textContent!;
    expect(shown).to.match(/1[,٬]?234[.٫]5/);
    expect(shown, 'no Arabic-Indic digits').not.to.match(/[\u0660-\u0669]/);
    expect(formatDate('2026-03-04')).to.match(/2026/);
  });

  it('lays out right to left for Arabic', async () => {
    await setAnswerLocale('ar');
    expect(localeDirection()).to.equal('rtl');
    document.documentElement.dir = localeDirection();
    const form = await fixture<AnswerFollowUpForm>(
      html`<answer-follow-up-form heading="استبيان" .fields=${[{ name: 'a', label: 'الاسم', kind: 'text' }]}></answer-follow-up-form>`,
    );
    const range = document.createRange();
    range.selectNodeContents($(form, 'label'));
    const label = range.getBoundingClientRect();
    const card = $(form, '.card').getBoundingClientRect();
    expect(getComputedStyle($(form, 'label')).direction).to.equal('rtl');
    expect(card.right - label.right).to.be.lessThan(label.left - card.left);
    expect($(form, 'button').textContent!.trim()).to.equal('إرسال');
    await expect(form).to.be.accessible();
  });

  it('keeps two-character composer labels on one line at 320 px (ja, zh-Hans, ko)', async () => {
    const box = await fixture<HTMLElement>(
      html`<div style="width: 320px; height: 400px"><agent-thread></agent-thread></div>`,
    );
    const thread = box.querySelector('agent-thread') as AgentThread;
    const textarea = $<HTMLTextAreaElement>(thread, 'textarea');
    textarea.value = 'A long question about the pressure at pump station 4 and valve 7';
    textarea.dispatchEvent(new InputEvent('input'));
    for (const locale of ['ja', 'zh-Hans', 'ko']) {
      await setAnswerLocale(locale);
      await thread.updateComplete;
      const send = $(thread, '.composer .send');
      expect(lines(send), `${locale}: "${send.textContent}"`).to.equal(1);
    }
  });

  it('right to left, Latin headings, labels and tool output keep their own direction', async () => {
    document.documentElement.dir = 'rtl';
    const block = await fixture<AnswerBlock>(
      html`<answer-block .block=${investigationBlock()}></answer-block>`,
    );
    await settle(block);
    const chart = await fixture<AnswerBlock>(
      html`<answer-block .block=${revenueBlock()}></answer-block>`,
    );
    await settle(chart);
    const deep = (root: Element, selectors: string[]) => selectors.map((s) => $(root, s));
    const form = $(block, 'answer-follow-up-form');
    const evidence = $(block, 'answer-evidence');
    const table = $(block, 'answer-table');
    const checked = [
      ...deep(form, ['h3']),
      ...deep(evidence, ['.heading']),
      ...deep($(chart, 'answer-chart'), ['h3']),
    ];
    if ($$(table, 'caption').length) checked.push($(table, 'caption'));
    for (const el of checked)
      expect(getComputedStyle(el).direction, `"${el.textContent}"`).to.equal('ltr');

    const thread = await fixture<AgentThread>(html`<agent-thread no-composer></agent-thread>`);
    thread.applyPart({ type: 'start' });
    thread.applyPart({ type: 'tool-input-start', toolCallId: 'c1', toolName: 'query_sales' });
    thread.applyPart({
      type: 'tool-input-available',
      toolCallId: 'c1',
      toolName: 'query_sales',
      input: {},
    });
    thread.applyPart({ type: 'tool-output-available', toolCallId: 'c1', output: { rows: 151 } });
    await settle(thread);
    const summary = $($(thread, 'agent-turn'), '.step .summary');
    expect(summary.textContent).to.include('"rows"');
    // Shown in its own order: the opening brace comes first, on the left.
    const brace = [...summary.childNodes].find(
      (n) => n.nodeType === Node.TEXT_NODE && n.textContent!.includes('{'),
    )!;
    const range = document.createRange();
    range.setStart(brace, brace.textContent!.indexOf('{'));
    range.setEnd(brace, brace.textContent!.indexOf('{') + 1);
    const first = range.getBoundingClientRect();
    expect(first.left - summary.getBoundingClientRect().left).to.be.lessThan(2);
  });

  it('keeps Korean words whole when the page is in Korean', async () => {
    const box = await fixture<HTMLElement>(
      html`<div lang="ko" style="width: 7em"><answer-text text="자동으로 운전되고 있습니다 수리를 예약하세요"></answer-text></div>`,
    );
    const text = box.querySelector('answer-text')!;
    await (text as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    const p = $(text, '.text');
    const node = [...p.childNodes].find(
      (n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim(),
    )!;
    const content = node.textContent!;
    let at = 0;
    for (const word of content.split(' ')) {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + word.length);
      // WebKit adds a zero-width rect where a line ends: it holds no text.
      const tops = new Set(
        [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
      );
      expect(tops.size, `"${word}" on one line`).to.equal(1);
      at += word.length + 1;
    }
    expect(lines(p)).to.be.greaterThan(1);
  });

  it('a submitted form becomes a user message with its answers formatted for the locale', async () => {
    await setAnswerLocale('de');
    const fields = [
      { name: 'crew', label: 'Techniker', kind: 'number' as const },
      { name: 'day', label: 'Wunschtermin', kind: 'date' as const },
      { name: 'note', label: 'Notiz', kind: 'text' as const },
    ];
    expect(formSummary('Termin', fields, { crew: 3.5, day: '2025-06-03', note: null })).to.equal(
      'Termin\nTechniker: 3,5\nWunschtermin: 03.06.2025\nNotiz: (keine Antwort)',
    );
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
