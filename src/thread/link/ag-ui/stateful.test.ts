import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { outline, settle } from '../../../test-support/settle.js';
import '../../define.js';
import type { ServerLog } from '../../../test-support/ag-ui-stateful-log.js';
import type { AgentThread } from '../../elements/thread.js';

/*
 * `<agent-thread protocol="ag-ui">` against a back end that keeps the
 * conversation itself and merges what each run is sent by message id, as
 * LangGraph's AG-UI server does (test/servers/ag-ui-stateful.ts).
 * What goes back must be what it streamed, under its ids, so it stores
 * nothing twice and loses no call; every run must reach RUN_FINISHED (its
 * checkpoint), or the next one is refused.
 */

type Message = ServerLog['stored'][number] & {
  toolCalls?: { id: string }[];
  toolCallId?: string;
  content?: unknown;
};

let serial = 0;
const uid = () => `stateful-${Date.now().toString(36)}-${serial++}`;

const log = async (threadId: string): Promise<ServerLog> =>
  (
    await fetch(`/api/ag-ui-stateful/log?threadId=${encodeURIComponent(threadId)}`)
  ).json() as Promise<ServerLog>;

async function thread(threadId: string): Promise<AgentThread> {
  const el = await fixture<AgentThread>(
    html`<agent-thread protocol="ag-ui" api="/api/ag-ui-stateful" thread-id=${threadId}></agent-thread>`,
  );
  await el.restored;
  return el;
}

/** Waits until the server has finished `count` runs of the thread, and returns its log. */
async function finishedRuns(threadId: string, count: number): Promise<ServerLog> {
  await waitUntil(
    async () => (await log(threadId))?.runs.filter((run) => run.finished).length === count,
    `run ${count} never finished`,
    { timeout: 5000 },
  );
  return log(threadId);
}

/** The server's conversation holds each id once, and every call its result. */
function expectWhole(stored: Message[]) {
  const ids = stored.map((m) => m.id);
  expect(new Set(ids).size, `an id stored twice: ${ids.join(', ')}`).to.equal(ids.length);
  const calls = stored.flatMap((m) => m.toolCalls ?? []).map((c) => c.id);
  const results = stored.filter((m) => m.role === 'tool').map((m) => m.toolCallId);
  expect(results).to.deep.equal(calls);
}

describe('<agent-thread protocol="ag-ui"> with a stateful back end that merges by message id', () => {
  it('holds two turns, a Regenerate, a question with a file and a reload: nothing stored twice, no call lost, every run finished', async () => {
    const threadId = uid();
    const el = await thread(threadId);

    await el.send('How did Q3 go?');
    expect(el.busy, 'the composer is free once the report is in').to.equal(false);
    // Asked while the first run still reads to its checkpoint: it goes once that run has finished,
    // or the server refuses it.
    await el.send('And Q4?');
    let server: ServerLog = await finishedRuns(threadId, 2);
    expect(server.runs[0]).to.deep.include({ changed: [], lost: [], forked: [] });
    expect(outline(el)).not.to.include('409');
    const second = server.runs[1]!;
    expect(second.added, 'only the new question is new to the server').to.deep.equal([
      second.question!.id,
    ]);
    expect(second).to.deep.include({ changed: [], lost: [], forked: [] });
    expectWhole(server.stored);

    await el.regenerate();
    server = await finishedRuns(threadId, 3);
    const regenerated = server.runs[2]!;
    // The answer regenerated is left out, so the server forks from the question, as LangGraph does.
    expect(regenerated.added).to.deep.equal([]);
    expect(regenerated).to.deep.include({ changed: [], lost: [] });
    expect(regenerated.forked).to.have.length(5).and.to.include('m-run2');
    expectWhole(server.stored);
    expect(server.stored.map((m) => m.id)).not.to.include('m-run2');

    const notes = {
      url: `data:text/plain;base64,${btoa('Pump 4: valve stuck.')}`,
      mediaType: 'text/plain',
      filename: 'notes.txt',
    };
    await el.send('What is in this file?', undefined, [notes]);
    server = await finishedRuns(threadId, 4);
    const withFile = server.runs[3]!;
    expect(withFile.question!.content).to.deep.equal([
      { type: 'text', text: 'What is in this file?' },
      {
        type: 'document',
        source: { type: 'data', value: btoa('Pump 4: valve stuck.'), mimeType: 'text/plain' },
        metadata: { filename: 'notes.txt' },
      },
    ]);
    expect(withFile).to.deep.include({ changed: [], lost: [], forked: [] });
    await el.saved();
    el.remove();

    const again = await thread(threadId);
    await again.send('After a reload?');
    server = await finishedRuns(threadId, 5);
    expect(server.runs[4]!.added, 'a restored thread sends the ids it sent before').to.deep.equal([
      server.runs[4]!.question!.id,
    ]);
    expect(server.runs[4]).to.deep.include({ changed: [], lost: [], forked: [] });
    expectWhole(server.stored);
    expect(server.runs.every((run) => run.finished)).to.equal(true);
  });

  it('takes the ids a final snapshot gives its results: two turns later each is held once', async () => {
    const threadId = uid();
    const el = await thread(threadId);
    const shownOf = () =>
      outline(el)
        .split('\n')
        .filter((line) => line.includes('"'));
    await el.send('How did Q3 go?');
    // A chart's text changes once chart.js has drawn it (its summary replaces its placeholder).
    await waitUntil(() => !outline(el).includes('Loading chart'), 'the chart was never drawn', {
      timeout: 5000,
    });
    const shown = shownOf();
    // The run's final MESSAGES_SNAPSHOT comes after the turn was sealed: nothing on screen changes.
    await finishedRuns(threadId, 1);
    await settle(el);
    expect(shownOf()).to.deep.equal(shown);

    await el.send('And Q4?');
    await finishedRuns(threadId, 2);
    await el.send('And next year?');
    const server = await finishedRuns(threadId, 3);
    for (const run of server.runs.slice(1)) {
      expect(run.added, 'only the new question is new to the server').to.deep.equal([
        run.question!.id,
      ]);
      expect(run).to.deep.include({ changed: [], lost: [], forked: [] });
    }
    expectWhole(server.stored);
    const results = server.stored.filter((m) => m.role === 'tool');
    expect(results).to.have.length(9);
    expect(results.every((m) => m.id.startsWith('s-'))).to.equal(true);
  });
});
