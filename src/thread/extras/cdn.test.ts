import { expect, waitUntil } from '@open-wc/testing';
import { cdnPage } from '../../test-support/cdn-page.js';
import { outline } from '../../test-support/settle.js';

/*
 * The CDN builds (npm run build): the module build loads the elements for
 * sources, files and approvals as a chunk only once a turn has one; the
 * classic build has them inside its one file.
 */

const sse = (parts: unknown[]) => new Response([...parts.map((part) => `data: ${JSON.stringify(part)}\n\n`), 'data: [DONE]\n\n'].join('')).body!;
const answer = (id: string, extra: unknown[]) => [
  { type: 'start' },
  { type: 'text-start', id },
  { type: 'text-delta', id, delta: `Answer ${id}.` },
  { type: 'text-end', id },
  ...extra,
  { type: 'finish' },
];
/** The chunks a page loaded for the extras: named after their entry module, `define`. */
const extrasChunks = (win: Window) => win.performance.getEntriesByType('resource').filter((entry) => /chunks\/define-/.test(entry.name));

for (const kind of ['module', 'classic'] as const) {
  describe(`CDN build (${kind} script) and sources, files, approvals`, () => {
    it('shows a source list once a turn has a source, and loads no extra code for a plain turn', async function () {
      this.timeout(30_000);
      const { frame, win, thread } = await cdnPage(kind);
      try {
        await thread.consume(sse(answer('plain', [])));
        await waitUntil(() => outline(thread).includes('Answer plain.'), 'the plain answer did not show');
        expect(extrasChunks(win)).to.have.length(0);
        await thread.consume(sse(answer('cited', [{ type: 'source-url', sourceId: 's1', url: 'https://example.com/', title: 'Example source' }])));
        await waitUntil(() => outline(thread).includes('Example source'), 'the source list did not show');
        expect(extrasChunks(win)).to.have.length(kind === 'module' ? 1 : 0);
        expect(win.customElements.get('answer-approval')).to.exist;
      } finally {
        frame.remove();
      }
    });
  });
}
