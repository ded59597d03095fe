import { expect, fixture, html } from '@open-wc/testing';
import { $ } from '../../test-support/dom.js';
import { outline, settle } from '../../test-support/settle.js';
import '../define.js';
import type { AgentThread } from './thread.js';
import { uid, type Part } from '../../test-support/parts.js';

/*
 * However a turn ends, the reader sees it the same way live and after a
 * reload: every ending goes through one end of turn, and the saved turn
 * is what was on screen.
 */

const metricBlock = {
  block_id: 'kpi',
  fallback_text: 'Revenue 1.2 M USD',
  root: 'm',
  elements: {
    m: {
      type: 'Metric',
      props: { label: 'Revenue', value: 1_200_000, format: 'currency', currency: 'USD' },
    },
  },
};

/** A turn under way: reasoning and text not finished, a tool still running, a block shown. */
const underWay: Part[] = [
  { type: 'start' },
  { type: 'reasoning-start', id: 'r' },
  { type: 'reasoning-delta', id: 'r', delta: 'Checking the ledger.' },
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: 'Revenue rose in Q3.' },
  {
    type: 'tool-input-available',
    toolCallId: 'c1',
    toolName: 'lookup_ledger',
    input: { quarter: 'Q3' },
  },
  { type: 'data-answer_ui', id: 'kpi', data: metricBlock },
];

async function openThread(threadId: string): Promise<AgentThread> {
  const el = await fixture<AgentThread>(html`<agent-thread thread-id=${threadId}></agent-thread>`);
  await el.restored;
  await settle(el);
  return el;
}

/** A byte stream of server-sent events that ends without `finish`: the connection dropped. */
function droppedStream(parts: Part[]): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(
    parts.map((part) => `data: ${JSON.stringify(part)}\n\n`).join(''),
  );
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

const endings: [string, (el: AgentThread) => Promise<void> | void, RegExp][] = [
  [
    'finish',
    (el) => [...underWay, { type: 'finish' }].forEach((p) => el.applyPart(p)),
    /lookup_ledger[\s\S]*failed/,
  ],
  [
    'an abort part',
    (el) => [...underWay, { type: 'abort' }].forEach((p) => el.applyPart(p)),
    /Stopped\./,
  ],
  [
    'an error part',
    (el) =>
      [...underWay, { type: 'error', errorText: 'model overloaded' }].forEach((p) =>
        el.applyPart(p),
      ),
    /model overloaded/,
  ],
  ['a dropped connection', (el) => el.consume(droppedStream(underWay)), /connection was lost/],
  [
    'Stop',
    (el) => {
      underWay.forEach((p) => el.applyPart(p));
      el.stop();
    },
    /Stopped\./,
  ],
  [
    'the final report',
    (el) =>
      [
        ...underWay,
        { type: 'tool-output-available', toolCallId: 'c1', output: { rows: 3 } },
        { type: 'data-final_answer', data: { text: 'Up **12%**.', ui_block_ids: ['kpi'] } },
      ].forEach((p) => el.applyPart(p)),
    /View process/,
  ],
  [
    'an HTTP error',
    (el) => el.consume(new Response('busy', { status: 503, statusText: 'Service Unavailable' })),
    /HTTP 503/,
  ],
];

describe('a turn reads the same live and after a reload', () => {
  for (const [name, end, expected] of endings) {
    it(`when it ends on ${name}`, async () => {
      const id = uid('ending');
      const live = await openThread(id);
      live.addEventListener('answer-send', (event) => event.preventDefault(), { once: true });
      await live.send('How did Q3 go?');
      await end(live);
      await settle(live);
      await live.saved();
      expect(live.busy, 'the turn is over').to.equal(false);
      const shown = outline($(live, '.messages'));
      expect(shown).to.match(expected);
      // Nothing is left looking unfinished.
      expect(shown).not.to.match(/Reasoning…|"running"|Working on it/);
      live.remove();

      const restored = await openThread(id);
      expect(outline($(restored, '.messages'))).to.equal(shown);
      restored.remove();
    });
  }
});
