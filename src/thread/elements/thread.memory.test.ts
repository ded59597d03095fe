import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import type { Block } from '../../catalog/index.js';
import type { AnswerChart, AnswerMapLocation } from '../../index.js';
import { deepElements } from '../../test-support/settle.js';
import '../../index.js';
import { itNeeds } from '../../test-support/engines.js';

const block: Block = {
  block_id: 'depot',
  fallback_text: 'Deliveries rose each month; the north depot is in Berlin.',
  root: 'main',
  elements: {
    main: {
      type: 'Stack',
      props: { direction: 'vertical', gap: 'md' },
      children: ['trend', 'depot'],
    },
    trend: {
      type: 'Chart',
      props: {
        title: 'Deliveries',
        kind: 'line',
        labels: ['Jul', 'Aug', 'Sep'],
        series: [
          { name: '2025', values: [120, 135, 150] },
          { name: '2024', values: [100, 110, 118] },
        ],
      },
    },
    depot: {
      type: 'MapLocation',
      props: { label: 'North depot', lat: 52.52, lng: 13.405, zoom: 12 },
    },
  },
};

const turn = [
  { type: 'start' },
  { type: 'text-start', id: 't1' },
  { type: 'text-delta', id: 't1', delta: 'Here are the deliveries and the depot.' },
  { type: 'text-end', id: 't1' },
  { type: 'data-answer_ui', id: block.block_id, data: block },
  { type: 'finish' },
];

/**
 * A leaked thread with its chart and map weighs about 150 kB (measured by
 * keeping every removed thread), so 50 of them add some 7.5 MB. A clean run
 * still grows by 0.1 to 0.4 MB, nearly all of it code V8 compiles as the
 * same functions keep running; and the heap is the renderer's, which another
 * test page running beside this one may share (1.6 MB more once). So the
 * removed threads themselves are followed too (`WeakRef`), which no other
 * page can change, and the heap may grow by 4 MB, half of what the leak adds.
 */
const MARGIN = 4 * 1024 * 1024;
const ROUNDS = 50;
// Loads the chart and map chunks and lets the first compiled code settle before the baseline.
const WARM_UP = 20;

function drawn(thread: Element): boolean {
  const shown = deepElements(thread.shadowRoot!);
  const chart = shown.find((el): el is AnswerChart => el.localName === 'answer-chart');
  const map = shown.find((el): el is AnswerMapLocation => el.localName === 'answer-map-location');
  return Boolean(
    chart?.chartInstance &&
    chart.shadowRoot!.querySelector('canvas') &&
    map?.shadowRoot!.querySelector('.leaflet-container'),
  );
}

// Not open-wc's waitUntil: its timeout timer stays pending after success and
// holds the predicate, and so the thread, for the whole timeout.
async function untilDrawn(thread: Element) {
  const deadline = performance.now() + 5000;
  while (!drawn(thread)) {
    if (performance.now() > deadline) throw new Error('the chart and the map never rendered');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The threads removed so far, without keeping them. */
const removed: WeakRef<Element>[] = [];

async function mountAndRemove() {
  const thread = document.createElement('agent-thread');
  document.body.append(thread);
  turn.forEach((part) => thread.applyPart(part));
  await untilDrawn(thread);
  thread.remove();
  removed.push(new WeakRef(thread));
}

const heap = () => executeServerCommand<number, undefined>('heap-after-gc');

describe('agent-thread memory', () => {
  itNeeds(
    'devtools',
    `leaves the heap where it was after a thread with a chart and a map is mounted and removed ${ROUNDS} times`,
    async function () {
      this.timeout(120_000);
      for (let round = 0; round < WARM_UP; round++) await mountAndRemove();
      const before = await heap();
      for (let round = 0; round < ROUNDS; round++) await mountAndRemove();
      const after = await heap();
      expect(after - before, `heap ${before} → ${after} bytes`).to.be.below(MARGIN);
      // Garbage was collected for `heap()`; the last thread may still be held by work under way.
      const kept = removed.slice(0, -1).filter((ref) => ref.deref()).length;
      expect(kept, 'removed threads still in memory').to.equal(0);
    },
  );

  // A busy page (a test run beside others, a page doing heavy work) may not be idle for
  // seconds: what a thread leaves for idle time must not keep it once it is removed.
  itNeeds('devtools', 'lets removed threads go while the page is never idle', async function () {
    this.timeout(60_000);
    const waitingForIdle: IdleRequestCallback[] = [];
    const requestIdle = window.requestIdleCallback;
    window.requestIdleCallback = (callback) => waitingForIdle.push(callback);
    const from = removed.length;
    try {
      for (let round = 0; round < 5; round++) await mountAndRemove();
      await heap();
      // As above, the last one may still be held by work under way.
      const kept = removed.slice(from, -1).filter((ref) => ref.deref()).length;
      expect(kept, 'removed threads kept while the page was busy').to.equal(0);
    } finally {
      window.requestIdleCallback = requestIdle;
      waitingForIdle.forEach((callback) => requestIdle(callback));
    }
  });
});
