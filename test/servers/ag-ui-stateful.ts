/**
 * A stateful AG-UI back end, as LangGraph's AG-UI server is: it keeps each
 * thread's conversation itself, merges the messages a run is sent into it
 * by message id, and saves the messages it streamed when the run finishes
 * (its checkpoint). A client that sends back other ids than the ones it
 * streamed makes it store a turn twice; one that drops the answer it
 * regenerates makes it fork from the question, as LangGraph does. Input is
 * checked with `@ag-ui/core`'s own schema; events are encoded with
 * `@ag-ui/encoder`.
 *
 * POST /api/ag-ui-stateful          a RunAgentInput; 400 when it fails the schema or repeats an
 *                                   id, 409 while the thread's last run has not finished
 * GET  /api/ag-ui-stateful/log?threadId=…   { runs, stored }: per run what the merge found and
 *                                   whether the run finished, and the conversation the server holds
 *
 * Every answer: reasoning, a text, a `query_sales` call and a `present_answer` block (each with
 * its result), a `final_answer` report whose result comes 150 ms after it, a state snapshot, a pause
 * (the checkpoint), a MESSAGES_SNAPSHOT of what it saved, then RUN_FINISHED. As ag-ui-langgraph
 * does, it saves each tool result under another id than it streamed it with (`s-…` for `r-…`):
 * only the final snapshot tells, and a client that sends back the streamed id has it stored twice.
 */
import type { Message } from '@ag-ui/core';
import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { EventEncoder } from '@ag-ui/encoder';
import type { Context, Next } from 'koa';
import { toRequest } from '../../playground/node-http.js';
import type { RunLog } from '../../src/test-support/ag-ui-stateful-log.js';
import { revenueBlock } from '../../src/test-support/blocks.js';

interface ThreadRecord {
  stored: Message[];
  runs: RunLog[];
  running: boolean;
}

/** Stands in the event list for a pause of the server's. */
const PAUSE = { type: 'PAUSE' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A message as compared: what a model would read of it. */
function shape(message: Message): string {
  const m = message as Message & {
    toolCalls?: { id: string; function: { name: string; arguments: string } }[];
    toolCallId?: string;
  };
  const calls = m.toolCalls?.map((c) => [
    c.id,
    c.function.name,
    JSON.parse(c.function.arguments) as unknown,
  ]);
  return JSON.stringify([
    m.id,
    m.role,
    'content' in m ? m.content : undefined,
    calls,
    m.toolCallId,
  ]);
}

/** Merges what a run was sent into the held conversation, by id; returns what the merge found. */
function merge(record: ThreadRecord, sent: Message[], runId: string): RunLog {
  const held = new Map(record.stored.map((m) => [m.id, m]));
  const sentIds = new Set(sent.map((m) => m.id));
  const lastHeld = Math.max(-1, ...sent.map((m) => record.stored.findIndex((h) => h.id === m.id)));
  const log: RunLog = {
    runId,
    added: sent.filter((m) => !held.has(m.id)).map((m) => m.id),
    changed: sent
      .filter((m) => held.has(m.id) && shape(held.get(m.id)!) !== shape(m))
      .map((m) => m.id),
    lost: record.stored
      .slice(0, lastHeld + 1)
      .filter((m) => !sentIds.has(m.id))
      .map((m) => m.id),
    forked: record.stored.slice(lastHeld + 1).map((m) => m.id),
    question: sent.findLast((m) => m.role === 'user'),
    finished: false,
  };
  record.stored = [...sent];
  return log;
}

/** The answer's events, and the messages they make (what the server saves when the run finishes). */
function answer(runId: string): { events: Record<string, unknown>[]; messages: Message[] } {
  const text = `m-${runId}`;
  const block = revenueBlock();
  const report = { text: `Report of ${runId}.`, ui_block_ids: [block.block_id] };
  const calls = [
    {
      id: `q-${runId}`,
      name: 'query_sales',
      args: { quarter: 'Q3' },
      result: JSON.stringify({ rows: 3 }),
    },
    {
      id: `p-${runId}`,
      name: 'present_answer',
      args: block,
      result: JSON.stringify({ ok: true, block_id: block.block_id }),
    },
    { id: `f-${runId}`, name: 'final_answer', args: report, result: JSON.stringify({ ok: true }) },
  ];
  const events: Record<string, unknown>[] = [
    { type: 'REASONING_MESSAGE_START', messageId: `think-${runId}`, role: 'reasoning' },
    {
      type: 'REASONING_MESSAGE_CONTENT',
      messageId: `think-${runId}`,
      delta: 'Sales, then a block.',
    },
    { type: 'REASONING_MESSAGE_END', messageId: `think-${runId}` },
    { type: 'TEXT_MESSAGE_START', messageId: text, role: 'assistant' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: text, delta: `Answer of ${runId}.` },
    { type: 'TEXT_MESSAGE_END', messageId: text },
  ];
  for (const call of calls) {
    events.push(
      {
        type: 'TOOL_CALL_START',
        toolCallId: call.id,
        toolCallName: call.name,
        parentMessageId: text,
      },
      { type: 'TOOL_CALL_ARGS', toolCallId: call.id, delta: JSON.stringify(call.args) },
      { type: 'TOOL_CALL_END', toolCallId: call.id },
      // The report's own result comes a moment after the report: a question asked meanwhile opens its turn first.
      ...(call.name === 'final_answer' ? [PAUSE] : []),
      {
        type: 'TOOL_CALL_RESULT',
        messageId: `r-${call.id}`,
        toolCallId: call.id,
        content: call.result,
        role: 'tool',
      },
    );
  }
  events.push({ type: 'STATE_SNAPSHOT', snapshot: { runs: runId } });
  const messages: Message[] = [
    { id: `think-${runId}`, role: 'reasoning', content: 'Sales, then a block.' },
    {
      id: text,
      role: 'assistant',
      content: `Answer of ${runId}.`,
      toolCalls: calls.map((c) => ({
        id: c.id,
        type: 'function',
        function: { name: c.name, arguments: JSON.stringify(c.args) },
      })),
    },
    ...calls.map((c): Message => ({
      id: `s-${c.id}`,
      role: 'tool',
      toolCallId: c.id,
      content: c.result,
    })),
  ];
  return { events, messages };
}

/** Koa-style middleware, as @web/test-runner takes it. */
export function middleware() {
  const threads = new Map<string, ThreadRecord>();
  let runs = 0;
  return async (ctx: Context, next: Next) => {
    if (ctx.path === '/api/ag-ui-stateful/log' && ctx.method === 'GET') {
      const record = threads.get(String(ctx.query.threadId));
      ctx.type = 'application/json';
      ctx.body = JSON.stringify(record ? { runs: record.runs, stored: record.stored } : null);
      return;
    }
    if (ctx.path !== '/api/ag-ui-stateful' || ctx.method !== 'POST') return next();
    const parsed = RunAgentInputSchema.safeParse(
      await (await toRequest(ctx.req)).json().catch(() => undefined),
    );
    if (!parsed.success) {
      ctx.status = 400;
      ctx.body = `not a RunAgentInput: ${parsed.error.message}`;
      return;
    }
    const input = parsed.data;
    const record = threads.get(input.threadId) ?? { stored: [], runs: [], running: false };
    threads.set(input.threadId, record);
    if (new Set(input.messages.map((m) => m.id)).size !== input.messages.length) {
      ctx.status = 400;
      ctx.body = 'a message id is repeated';
      return;
    }
    if (record.running) {
      ctx.status = 409;
      ctx.body = 'the thread has a run in progress';
      return;
    }
    record.running = true;
    const runId = `run${++runs}`;
    const log = merge(record, input.messages as Message[], runId);
    record.runs.push(log);
    const { events, messages } = answer(runId);
    const encoder = new EventEncoder({ accept: ctx.get('accept') });
    ctx.respond = false;
    const res = ctx.res;
    res.writeHead(200, { 'content-type': encoder.getContentType(), 'cache-control': 'no-cache' });
    const ids = { threadId: input.threadId, runId: input.runId };
    const send = (event: Record<string, unknown>) =>
      new Promise((resolve) => res.write(encoder.encodeSSE(event as never), resolve));
    // A run cut off before its checkpoint stays in progress, as LangGraph's half-finished run did: the next run gets 409.
    for (const event of [{ type: 'RUN_STARTED', ...ids }, ...events]) {
      if (res.destroyed) return;
      if (event === PAUSE) await sleep(150);
      else await send(event);
    }
    // The checkpoint: the run's messages are saved before it reports that it finished.
    await sleep(200);
    if (res.destroyed) return;
    record.stored.push(...messages);
    await send({ type: 'MESSAGES_SNAPSHOT', messages: record.stored });
    await send({ type: 'RUN_FINISHED', ...ids });
    log.finished = true;
    record.running = false;
    res.end();
  };
}
