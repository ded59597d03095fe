import { fixture, html } from '@open-wc/testing';
import type { AgentThread } from '../thread/elements/thread.js';
import { settle } from './settle.js';

/*
 * An AG-UI thread against the scripted back end of the browser tests
 * (test/servers/ag-ui.mjs), and what that back end was sent.
 */

/** A thread with `protocol="ag-ui"` whose runs play `test` (events, outcome…), once restored. */
export async function openAgUiThread(
  threadId: string,
  test: Record<string, unknown>,
): Promise<AgentThread> {
  const el = await fixture<AgentThread>(
    html`<agent-thread protocol="ag-ui" api="/api/ag-ui" thread-id=${threadId}></agent-thread>`,
  );
  el.requestOptions = { body: { test } };
  await el.restored;
  await settle(el);
  return el;
}

/** The `RunAgentInput` of the thread's `count`th run, once that run has ended. */
export async function runInput<T = { messages: Record<string, unknown>[] }>(
  threadId: string,
  count: number,
): Promise<T> {
  await fetch(`/api/ag-ui/ended?threadId=${threadId}&count=${count}`);
  return (await (await fetch(`/api/ag-ui/last?threadId=${threadId}`)).json()) as T;
}
