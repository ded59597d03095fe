import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpAgent } from '@ag-ui/client';
import { EventEncoder } from '@ag-ui/encoder';
import { expect } from 'chai';
import {
  EventStreamParser,
  readPart,
  ThreadState,
  type AssistantTurn,
  type InterruptItem,
} from '../../../conversation/index.js';
import { deserializeThread, serializeThread } from '../../../store/index.js';
import { postRun, runEvents } from './reader.chunk.js';
import {
  AG_UI_1_INTERRUPT as INTERRUPT,
  AG_UI_1_RUN as FIRST_RUN,
} from '../../../test-support/ag-ui-1.js';

/*
 * The thread's AG-UI reader and `@ag-ui/client`'s `HttpAgent` (the
 * reference client: `verifyEvents`, `defaultApplyEvents`) run the same
 * AG-UI 1.0 run from a loopback server that encodes it with
 * `@ag-ui/encoder`, then answer its interrupt, the thread after a reload:
 * the next run's `RunAgentInput` must carry the same messages (encrypted
 * values and subagent attribution included, activities left out) and the
 * same resume.
 */

/** A loopback AG-UI server: run 1 as above, every later run a short answer; it keeps each input. */
function agUiServer(): Promise<{ url: string; inputs: Record<string, unknown>[]; server: Server }> {
  const inputs: Record<string, unknown>[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const input = JSON.parse(body) as { threadId: string; runId: string };
      inputs.push(input);
      const ids = { threadId: input.threadId, runId: input.runId };
      const first = inputs.filter((i) => i.threadId === input.threadId).length === 1;
      const events = [
        { type: 'RUN_STARTED', ...ids },
        ...(first
          ? FIRST_RUN
          : [
              { type: 'TEXT_MESSAGE_START', messageId: `m-${input.runId}`, role: 'assistant' },
              { type: 'TEXT_MESSAGE_CONTENT', messageId: `m-${input.runId}`, delta: 'Booked.' },
              { type: 'TEXT_MESSAGE_END', messageId: `m-${input.runId}` },
            ]),
        { type: 'RUN_FINISHED', ...ids, ...(first ? { outcome: INTERRUPT } : {}) },
      ];
      const encoder = new EventEncoder();
      res.writeHead(200, { 'content-type': encoder.getContentType() });
      for (const event of events) res.write(encoder.encodeSSE(event as never));
      res.end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
        inputs,
        server,
      }),
    ),
  );
}

/** The thread's side, without its elements: the conversation, read by the AG-UI reader. */
function threadSide(api: string, threadId: string) {
  const state = new ThreadState();
  const target = {
    receive: (part: unknown) => {
      const known = readPart(part);
      return Boolean(known && state.apply(known)?.closed);
    },
    report: () => undefined,
    messages: () => state.messages,
    changed: () => undefined,
    replace: async () => undefined,
    state: () => ({}),
    setState: () => undefined,
  };
  /** One run, as the thread asks for it: the answer's turn opens, the response is read to its end. */
  const run = async () => {
    const history = [...state.messages];
    state.openNewTurn();
    const response = await postRun(
      { api, threadId, messages: history, state: {}, options: {}, changed: () => undefined },
      new AbortController().signal,
    );
    const handler = runEvents(target, () => undefined);
    const parser = new EventStreamParser();
    let over = false;
    for (const data of [...parser.push(await response.text()), ...parser.end()])
      over = over ? handler.late(data) || over : await handler.event(data);
  };
  return { state, run };
}

describe('AG-UI 1.0 reader against HttpAgent, the reference client', () => {
  let server: Awaited<ReturnType<typeof agUiServer>>;
  before(async () => (server = await agUiServer()));
  after(() => server.server.close());

  it('sends back the same messages and resume as HttpAgent after an interrupt and a reload', async () => {
    const question = { id: 'u1', role: 'user' as const, content: 'Book the repair' };

    const agent = new HttpAgent({
      url: server.url,
      threadId: 'reference',
      initialMessages: [question],
    });
    await agent.runAgent();
    const resume = [
      { interruptId: 'int-1', status: 'resolved' as const, payload: { window: 'Sat' } },
    ];
    await agent.runAgent({ resume });
    const reference = server.inputs.at(-1) as { messages: unknown[]; resume: unknown };

    const { state, run } = threadSide(server.url, 'thread');
    state.addUser(question.content, undefined, undefined, question.id);
    await run();
    const turn = state.messages.at(-1) as AssistantTurn;
    // The subagent's error is its own: the run went on to its answer, which ended on the interrupt.
    expect(turn.status).to.equal('complete');
    expect(turn.items.find((i) => i.key === 'subagent:sa-1')).to.deep.include({
      name: 'researcher',
      status: 'failed',
      summary: 'Log server quota reached',
    });
    expect(turn.items.find((i) => i.key === 'activity:act-1')).to.deep.include({
      type: 'plan',
      summary: '{"steps":["repair"]}',
    });
    // The next run goes from the conversation as a reload restores it.
    state.messages = deserializeThread(serializeThread(state.messages));
    const restored = state.messages.at(-1) as AssistantTurn;
    const interrupt = restored.items.find((i): i is InterruptItem => i.kind === 'interrupt')!;
    interrupt.answer = { window: 'Sat' };
    await run();
    const ours = server.inputs.at(-1) as { messages: unknown[]; resume: unknown };

    // The whole input is the same but for the ids of the thread and the run.
    const withoutIds = (input: object) =>
      Object.fromEntries(
        Object.entries(input).filter(([key]) => key !== 'threadId' && key !== 'runId'),
      );
    expect(withoutIds(ours)).to.deep.equal(withoutIds(reference));
    expect(ours.messages).to.deep.equal(reference.messages);
    expect(reference.resume).to.deep.equal(resume);
  });
});
