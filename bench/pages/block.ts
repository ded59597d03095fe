/*
 * Block render and update benchmark. First render: a fresh <answer-block>
 * gets a maximal block (48 elements, no chart or map) and is awaited until
 * every element has rendered. Update: the same element gets 1,000 new
 * versions of the block (fresh objects, one metric value changed each time),
 * validation included, each awaited until the metric shows it.
 */
import '../../src/index.js';
import type { AnswerBlock } from '../../src/index.js';
import { maximalBlock } from '../fixtures.js';
import { summarize } from '../stats.js';
import { publish } from './publish.js';

const stage = document.getElementById('stage')!;
const block = maximalBlock({ charts: false, targetBytes: 6_000 });

async function settled(el: AnswerBlock) {
  await el.updateComplete;
  const children = [...el.shadowRoot!.querySelectorAll('[data-element-id]')] as unknown as { updateComplete: Promise<unknown> }[];
  await Promise.all(children.map((c) => c.updateComplete));
}

/**
 * Lets the browser lay out and paint outside the measured window. (A forced
 * GC here would be tidier, but it flushes compiled code and made every run
 * look like a cold start.)
 */
const idle = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

async function firstRender(): Promise<number> {
  await idle();
  const el = document.createElement('answer-block');
  const input = structuredClone(block);
  const start = performance.now();
  el.block = input;
  stage.append(el);
  await settled(el);
  const time = performance.now() - start;
  if (el.shadowRoot!.querySelectorAll('[data-element-id]').length !== 48) throw new Error('block did not render 48 elements');
  el.remove();
  return time;
}

async function updates(count: number): Promise<{ samples: number[]; element: AnswerBlock }> {
  const el = document.createElement('answer-block');
  el.block = structuredClone(block);
  stage.append(el);
  await settled(el);
  const versions = Array.from({ length: count }, (_, i) => JSON.parse(JSON.stringify(maximalBlock({ charts: false, targetBytes: 6_000, version: i + 1 }))));
  const metric = el.shadowRoot!.querySelector('[data-element-id="e0"]') as HTMLElement & { updateComplete: Promise<unknown> };
  const samples: number[] = [];
  for (const version of versions) {
    const start = performance.now();
    el.block = version;
    await el.updateComplete;
    await metric.updateComplete;
    samples.push(performance.now() - start);
  }
  return { samples, element: el };
}

for (let i = 0; i < 5; i++) await firstRender();
const renders: number[] = [];
for (let i = 0; i < 60; i++) renders.push(await firstRender());
await updates(100);
stage.replaceChildren();
const { samples, element } = await updates(1000);
const shown = element.shadowRoot!.querySelector('[data-element-id="e0"]')!.shadowRoot!.querySelector('.value')!.textContent!.trim();
if (shown !== '2,000') throw new Error(`last update not shown: ${shown}`);
publish({
  elements: Object.keys(block.elements).length,
  bytes: JSON.stringify(block).length,
  firstRender: summarize(renders),
  update: summarize(samples),
  updateMean: samples.reduce((a, b) => a + b, 0) / samples.length,
  crossOriginIsolated,
});
