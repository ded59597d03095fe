import { expect, waitUntil } from '@open-wc/testing';
import { revenueBlock } from './test-support/blocks.js';
import { cdnPage } from './test-support/cdn-page.js';
import { deepElements, outline, settle } from './test-support/settle.js';

/*
 * The CDN builds (npm run build), each loaded by a plain HTML page that has
 * nothing but the script tag and the markup.
 */

type FrameWindow = Window & typeof globalThis;

function sse(parts: unknown[]): ReadableStream<Uint8Array> {
  const text =
    parts.map((part) => `data: ${JSON.stringify(part)}\n\n`).join('') + 'data: [DONE]\n\n';
  return new Response(text).body!;
}

const requested = (win: FrameWindow) =>
  win.performance.getEntriesByType('resource').map((e) => e.name);
const shadowText = (node: Element) => outline(node);

const place = {
  block_id: 'site',
  fallback_text: 'Pump 4.',
  root: 'm',
  elements: { m: { type: 'MapLocation', props: { label: 'Pump 4', lat: 52.5, lng: 13.4 } } },
};

for (const kind of ['module', 'classic'] as const) {
  describe(`CDN build (${kind} script)`, () => {
    it('a text-only thread fetches neither chart.js nor Leaflet; a chart and a map load them when shown', async function () {
      this.timeout(30_000);
      const { frame, win, thread } = await cdnPage(kind);
      try {
        await thread.consume(
          sse([
            { type: 'start' },
            { type: 'text-start', id: 't' },
            { type: 'text-delta', id: 't', delta: 'Only **text** here.' },
            { type: 'finish' },
          ]),
        );
        // The answer has rendered; chart.js and Leaflet load only for a chart or a map in it.
        await settle(thread);
        expect(shadowText(thread)).to.include('"Only"').and.include('"text"');
        expect(
          deepElements(thread.shadowRoot!).filter((e) =>
            /^answer-(chart|map-location)$/.test(e.localName),
          ),
        ).to.deep.equal([]);
        if (kind === 'module')
          expect(requested(win).filter((url) => /chart\.chunk|leaflet/.test(url))).to.deep.equal(
            [],
          );
        await thread.consume(
          sse([
            { type: 'start' },
            { type: 'data-answer_ui', id: 'q3-revenue', data: revenueBlock() },
            { type: 'data-answer_ui', id: 'site', data: place },
            { type: 'finish' },
          ]),
        );
        await waitUntil(
          () =>
            shadowText(thread).includes('$1,200,000.00') && shadowText(thread).includes('Pump 4'),
          'the streamed blocks did not render',
          {
            timeout: 10_000,
          },
        );
        const chart = () =>
          win.document
            .querySelector('agent-thread')!
            .shadowRoot!.querySelectorAll('agent-turn')[1]!
            .shadowRoot!.querySelector('answer-block')!
            .shadowRoot!.querySelector('answer-chart') as unknown as { chartInstance?: unknown };
        // Charts draw when they scroll into view.
        (chart() as unknown as HTMLElement).scrollIntoView();
        await waitUntil(() => chart().chartInstance, 'the chart was not drawn', {
          timeout: 10_000,
        });
        if (kind === 'module') {
          await waitUntil(
            () => requested(win).some((url) => /leaflet/.test(url)),
            'Leaflet was not loaded for the map',
            { timeout: 10_000 },
          );
          expect(requested(win).some((url) => /chart\.chunk/.test(url))).to.equal(true);
        }
      } finally {
        frame.remove();
      }
    });
  });
}
