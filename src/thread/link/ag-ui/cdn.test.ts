import { expect, waitUntil } from '@open-wc/testing';
import { cdnPage } from '../../../test-support/cdn-page.js';
import { outline } from '../../../test-support/settle.js';

/*
 * The CDN builds (npm run build) serve both protocols: the module build
 * loads the AG-UI reader as a chunk only once a thread uses `ag-ui`; the
 * classic build has it inside its one file.
 */

const sse = (events: unknown[], end = '') =>
  new Response(events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('') + end).body!;
const readerChunks = (win: Window) =>
  win.performance
    .getEntriesByType('resource')
    .filter((entry) => /chunks\/reader\.chunk-/.test(entry.name));

for (const kind of ['module', 'classic'] as const) {
  describe(`CDN build (${kind} script) and AG-UI`, () => {
    it('reads AG-UI events once a thread uses protocol="ag-ui", and loads no AG-UI code before', async function () {
      this.timeout(30_000);
      const { frame, win, thread } = await cdnPage(kind);
      try {
        await thread.consume(
          sse(
            [
              { type: 'start' },
              { type: 'text-start', id: 't' },
              { type: 'text-delta', id: 't', delta: 'AI SDK text.' },
              { type: 'finish' },
            ],
            'data: [DONE]\n\n',
          ),
        );
        expect(readerChunks(win)).to.have.length(0);
        thread.protocol = 'ag-ui';
        await thread.consume(
          sse([
            { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
            { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' },
            { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'AG-UI text.' },
            { type: 'TEXT_MESSAGE_END', messageId: 'm' },
            { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
          ]),
        );
        await waitUntil(
          () => outline(thread).includes('AG-UI text.'),
          'the AG-UI answer did not show',
        );
        expect(outline(thread)).to.include('AI SDK text.');
        expect(readerChunks(win)).to.have.length(kind === 'module' ? 1 : 0);
      } finally {
        frame.remove();
      }
    });
  });
}
