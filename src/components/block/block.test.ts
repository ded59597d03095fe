import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { Block } from '../../catalog/index.js';
import { $, $$ } from '../../test-support/dom.js';
import { investigationBlock, revenueBlock } from '../../test-support/blocks.js';
import './define.js';
import type { AnswerBlock } from './block.js';
import type { AnswerChart } from '../chart/chart.js';
import type { AnswerMetric } from '../metric/metric.js';

const render = (block: unknown) =>
  fixture<AnswerBlock>(html`<answer-block .block=${block}></answer-block>`);
const byId = <T extends HTMLElement = HTMLElement>(el: AnswerBlock, id: string) =>
  $<T>(el, `[data-element-id="${id}"]`);

async function settle(el: AnswerBlock) {
  await el.updateComplete;
  await Promise.all(
    $$(el, '[data-element-id]').map(
      (child) => (child as unknown as { updateComplete: Promise<unknown> }).updateComplete,
    ),
  );
}

describe('answer-block', () => {
  it('renders the element tree with props from the block', async () => {
    const el = await render(revenueBlock());
    await settle(el);
    const stack = byId(el, 'main');
    expect(stack.localName).to.equal('answer-stack');
    expect([...stack.children].map((c) => c.localName)).to.deep.equal([
      'answer-metric',
      'answer-chart',
    ]);
    const metric = byId<AnswerMetric>(el, 'kpi');
    expect(metric.label).to.equal('Revenue');
    expect($(metric, '.value').textContent!.trim()).to.equal('$1,200,000.00');
    expect(byId<AnswerChart>(el, 'trend').heading).to.equal('Monthly revenue');
    await expect(el).to.be.accessible();
  });

  it('accepts the block as JSON text', async () => {
    const el = await render(JSON.stringify(revenueBlock()));
    expect(byId(el, 'kpi').localName).to.equal('answer-metric');
  });

  it('shows the fallback text and fires answer-error for an invalid block, rendering none of it', async () => {
    const invalid = revenueBlock() as unknown as {
      elements: Record<string, { props: Record<string, unknown> }>;
    };
    invalid.elements.trend!.props.series = [{ name: 'x', values: [1] }];
    invalid.elements.kpi!.props.onclick = 'alert(1)';
    const errorSeen = oneEvent(document, 'answer-error');
    const el = await fixture<AnswerBlock>(
      html`<div><answer-block .block=${invalid}></answer-block></div>`,
    ).then((div) => div.firstElementChild as AnswerBlock);
    const event = await errorSeen;
    expect(event.detail.code).to.equal('unknown_prop');
    expect(event.detail.message).to.include(
      'misaligned_series at /elements/trend/props/series/0/values',
    );
    expect($(el, '[part=fallback]').textContent).to.equal(
      'Q3 revenue rose 12% to 1.2 M USD; see table.',
    );
    expect($$(el, '[data-element-id]')).to.have.length(0);
    expect(el.errors.map((e) => e.code)).to.deep.equal(['unknown_prop', 'misaligned_series']);
    await expect(el).to.be.accessible();
  });

  it('shows a neutral notice when even the fallback text is missing', async () => {
    const el = await render('{"not": "a block"');
    expect($(el, '[part=fallback]').textContent).to.equal(
      'This part of the answer could not be shown.',
    );
  });

  it('never throws, whatever it is given', async () => {
    for (const input of [
      undefined,
      null,
      42,
      [],
      'x'.repeat(200_000),
      { elements: { __proto__: 1 } },
    ]) {
      const el = await render(input);
      expect($(el, '[part=fallback]')).to.exist;
    }
  });

  it('updates in place: unchanged elements keep their nodes, changed props re-render', async () => {
    const el = await render(revenueBlock());
    await settle(el);
    const before = $$(el, '[data-element-id]');
    const chart = byId<AnswerChart>(el, 'trend');
    await waitUntil(() => chart.chartInstance, undefined, { timeout: 5000 });
    const instance = chart.chartInstance;
    el.block = revenueBlock(1_500_000);
    await settle(el);
    expect($$(el, '[data-element-id]')).to.deep.equal(before);
    expect($(byId(el, 'kpi'), '.value').textContent!.trim()).to.equal('$1,500,000.00');
    await waitUntil(() => instance!.data.datasets[0]!.data[2] === 500_000, undefined, {
      timeout: 5000,
    });
    expect(chart.chartInstance).to.equal(instance);
  });

  it('keeps open evidence, a half-filled form and a sorted table across updates', async () => {
    const el = await render(investigationBlock());
    await settle(el);
    const evidence = byId(el, 'sources') as HTMLElement & { open: boolean };
    evidence.open = true;
    const input = $<HTMLInputElement>(byId(el, 'ask'), 'input');
    input.value = 'Team B';
    $$(byId(el, 'flows'), 'th button')[1]!.click();
    el.block = investigationBlock('Valve 7 replaced.');
    await settle(el);
    expect(byId(el, 'sources')).to.equal(evidence);
    expect(evidence.open).to.equal(true);
    expect($<HTMLInputElement>(byId(el, 'ask'), 'input').value).to.equal('Team B');
    expect($(byId(el, 'summary'), 'p').textContent).to.equal('Valve 7 replaced.');
    expect($$(byId(el, 'flows'), 'th')[1]!.getAttribute('aria-sort')).to.equal('ascending');
  });

  it('keeps one chart instance and every node through 1,000 updates', async function () {
    // A correctness check, not a timing one: give a busy machine room.
    this.timeout(60_000);
    const el = await render(revenueBlock());
    await settle(el);
    const chart = byId<AnswerChart>(el, 'trend');
    await waitUntil(() => chart.chartInstance, undefined, { timeout: 5000 });
    const instance = chart.chartInstance;
    const nodes = $$(el, '[data-element-id]');
    for (let i = 1; i <= 1000; i++) {
      el.block = revenueBlock(1_200_000 + i * 3);
      await el.updateComplete;
    }
    await settle(el);
    expect($$(el, '[data-element-id]')).to.deep.equal(nodes);
    expect(chart.chartInstance).to.equal(instance);
    await waitUntil(
      () => instance!.data.datasets[0]!.data[2] === (1_200_000 + 3000) / 3,
      undefined,
      { timeout: 5000 },
    );
    expect($(byId(el, 'kpi'), '.value').textContent!.trim()).to.equal('$1,203,000.00');
  });

  it('replaces an element whose type changed, and only that one', async () => {
    const el = await render(revenueBlock());
    await settle(el);
    const stack = byId(el, 'main');
    const next: Block = revenueBlock();
    next.elements.kpi = { type: 'Text', props: { text: 'Revenue is confidential.' } };
    el.block = next;
    await settle(el);
    expect(byId(el, 'main')).to.equal(stack);
    expect(byId(el, 'kpi').localName).to.equal('answer-text');
  });

  it('goes back to the fallback when an update is invalid, and recovers with the next valid one', async () => {
    const el = await render(revenueBlock());
    el.block = { ...revenueBlock(), root: 'nowhere' };
    await el.updateComplete;
    expect($$(el, '[data-element-id]')).to.have.length(0);
    el.block = revenueBlock(2);
    await settle(el);
    expect(byId(el, 'kpi')).to.exist;
  });

  it('passes submitted answers to its forms and tags form events with the block id', async () => {
    const el = await fixture<AnswerBlock>(
      html`<answer-block .block=${investigationBlock()} .submissions=${{ ask: { crew: 'Team A' } }}></answer-block>`,
    );
    await settle(el);
    expect($(byId(el, 'ask'), 'dl').textContent).to.include('Team A');
    // Answers recorded later (restored from storage, say) reach a form already on screen.
    const later = await render(investigationBlock());
    await settle(later);
    expect($$(byId(later, 'ask'), 'dl')).to.have.length(0);
    later.submissions = { ask: { crew: 'Team B' } };
    await settle(later);
    expect($(byId(later, 'ask'), 'dl').textContent).to.include('Team B');
    const fresh = await render(investigationBlock());
    await settle(fresh);
    const form = byId(fresh, 'ask');
    $<HTMLInputElement>(form, 'input').value = 'Team C';
    setTimeout(() => $(form, 'button[type=submit]').click());
    const event = await oneEvent(document, 'answer-form-submit');
    expect(event.detail).to.deep.equal({
      blockId: 'field-check',
      elementId: 'ask',
      values: { crew: 'Team C' },
    });
  });

  it('review-only passes on to its forms: fields disabled, no submit button; off again, the form is live', async () => {
    const el = await fixture<AnswerBlock>(
      html`<answer-block review-only .block=${investigationBlock()}></answer-block>`,
    );
    await settle(el);
    const form = byId(el, 'ask');
    expect($<HTMLInputElement>(form, 'input').disabled).to.equal(true);
    expect($$(form, 'button')).to.have.length(0);
    // Evidence stays readable: looking back may still open the sources.
    expect($$(byId(el, 'sources'), 'summary')).to.have.length(1);
    el.reviewOnly = false;
    await settle(el);
    expect($<HTMLInputElement>(form, 'input').disabled).to.equal(false);
    expect($$(form, 'button[type=submit]')).to.have.length(1);
  });
});
