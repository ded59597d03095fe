import { expect, waitUntil } from '@open-wc/testing';
import { cdnPage } from '../../test-support/cdn-page.js';
import { outline } from '../../test-support/settle.js';

/*
 * The CDN builds (npm run build): the module build loads the elements of a
 * turn's content (markdown, sources, files, approvals) as one chunk, and the
 * code that streams as another, each once; the classic build has them
 * inside its one file.
 */

const sse = (parts: unknown[]) =>
  new Response(
    [...parts.map((part) => `data: ${JSON.stringify(part)}\n\n`), 'data: [DONE]\n\n'].join(''),
  ).body!;
const answer = (id: string, extra: unknown[]) => [
  { type: 'start' },
  { type: 'text-start', id },
  { type: 'text-delta', id, delta: `Answer ${id}.` },
  { type: 'text-end', id },
  ...extra,
  { type: 'finish' },
];
/** The chunks a page loaded whose names start with `name`. */
const chunks = (win: Window, name: string) =>
  win.performance
    .getEntriesByType('resource')
    .filter((entry) => entry.name.includes(`chunks/${name}-`));

for (const kind of ['module', 'classic'] as const) {
  describe(`CDN build (${kind} script) and sources, files, approvals`, () => {
    it('shows answers with markdown and a source list, loading the turn elements and the stream reader once', async function () {
      this.timeout(30_000);
      const { frame, win, thread } = await cdnPage(kind);
      try {
        await thread.consume(sse(answer('plain', [])));
        await waitUntil(
          () => outline(thread).includes('Answer plain.'),
          'the plain answer did not show',
        );
        await thread.consume(
          sse(
            answer('cited', [
              {
                type: 'source-url',
                sourceId: 's1',
                url: 'https://example.com/',
                title: 'Example source',
              },
            ]),
          ),
        );
        await waitUntil(
          () => outline(thread).includes('Example source'),
          'the source list did not show',
        );
        const loaded = kind === 'module' ? 1 : 0;
        expect(chunks(win, 'extras.chunk'), 'turn element chunks').to.have.length(loaded);
        expect(chunks(win, 'streaming.chunk'), 'stream reader chunks').to.have.length(loaded);
        expect(win.customElements.get('answer-approval')).to.exist;
      } finally {
        frame.remove();
      }
    });
  });
}
