import type { RunAgentInput } from '@ag-ui/core';
import {
  endsRun,
  OVERSIZED_EVENT,
  newId,
  type StreamEvent,
  type StreamPart,
  type ThreadMessage,
} from '../../../conversation/index.js';
import type { EventHandler } from '../stream-reader.js';
import type { RequestOptions } from '../request-options.js';
import type { AgUiTarget } from './connection.js';
import { MAX_DATA_DEPTH, tooDeepOrCyclic } from '../../../conversation/data-depth.js';
import { applyPatch, copy, PatchError } from '../../../conversation/wire/ag-ui/json-patch.js';
import { fromAgUiMessages, toAgUiMessages } from '../../../conversation/wire/ag-ui/messages.js';
import {
  EventTranslator,
  MalformedEvent,
  type Translation,
} from '../../../conversation/wire/ag-ui/translate.js';

/*
 * The AG-UI reader, loaded only by threads with `protocol="ag-ui"`. It
 * reads the event stream itself (with the thread's SSE parser) rather than
 * through `@ag-ui/client`, whose RxJS, JSON Patch and protobuf dependencies
 * would make this chunk many times larger than the thread it serves.
 */

/** What a run sends: the conversation and state the thread holds. */
export interface RunRequest {
  api: string;
  threadId: string;
  messages: readonly ThreadMessage[];
  state: unknown;
  options: RequestOptions;
}

/** POSTs a `RunAgentInput` for the conversation so far and returns the event stream's response. */
export async function postRun(request: RunRequest, signal: AbortSignal): Promise<Response> {
  const { api, threadId, messages, state, options } = request;
  const input: RunAgentInput = {
    threadId,
    runId: newId('run'),
    messages: toAgUiMessages(messages),
    state: state ?? {},
    tools: [],
    context: [],
    forwardedProps: {},
  };
  const headers = typeof options.headers === 'function' ? await options.headers() : options.headers;
  return fetch(api, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
    body: JSON.stringify({ ...options.body, ...input }),
    credentials: options.credentials,
    signal,
  });
}

/**
 * Reads one run's events into the thread. A malformed event is reported
 * once per run (a stream that sends many would otherwise fill the turn
 * with notices) and skipped, never fatal; an unknown event is ignored.
 * Once the turn is over, the rest of the run is read until `RUN_FINISHED`
 * for what a sealed turn still takes: its answer calls' results (handed to
 * `keepLate`) and the agent state.
 */
export function runEvents(target: AgUiTarget, keepLate: (part: StreamPart) => void): EventHandler {
  const translator = new EventTranslator();
  let reported = false;
  const malformed = (detail: string) => {
    if (!reported) target.report('malformed_line', detail);
    reported = true;
  };
  const applyState = (effect: Translation['effect']) => {
    if (effect?.kind !== 'state' && effect?.kind !== 'delta') return;
    const state =
      effect.kind === 'state' ? copy(effect.snapshot) : applyPatch(target.state(), effect.patch);
    // Each patch may nest the state one level deeper: the state as a whole is held to the bound.
    if (tooDeepOrCyclic(state))
      malformed(`agent state nested deeper than ${MAX_DATA_DEPTH} levels`);
    else target.setState(state);
  };
  const event = (data: StreamEvent) => {
    if (data === OVERSIZED_EVENT) {
      malformed('an AG-UI event over the size limit was dropped');
      return false;
    }
    try {
      const { parts, effect } = translator.translate(JSON.parse(data));
      for (const part of parts) if (target.receive(part)) return true;
      applyState(effect);
      if (effect?.kind === 'messages') {
        const shown = target.messages();
        const open = shown.at(-1);
        const next = fromAgUiMessages(effect.messages, shown);
        // The answer streaming now stays, after the snapshot, unless the snapshot holds it.
        if (open?.role === 'assistant' && !open.closed && !next.includes(open)) next.push(open);
        // The next event waits until storage holds the new conversation, so nothing it changes is saved under the old one.
        if (next.length !== shown.length || next.some((message, i) => message !== shown[i]))
          return target.replace(next).then(() => false);
      }
      return false;
    } catch (error) {
      if (
        error instanceof MalformedEvent ||
        error instanceof PatchError ||
        error instanceof SyntaxError
      )
        malformed(`${error.message}: ${data.slice(0, 200)}`);
      else throw error;
      return false;
    }
  };
  const late = (data: StreamEvent) => {
    if (endsRun(data)) return true;
    if (data === OVERSIZED_EVENT) return false;
    try {
      const json = JSON.parse(data) as { type?: unknown } | null;
      // A snapshot of the messages would rewrite the sealed turn: it is not taken.
      if (
        json?.type !== 'TOOL_CALL_RESULT' &&
        json?.type !== 'STATE_SNAPSHOT' &&
        json?.type !== 'STATE_DELTA'
      )
        return false;
      const { parts, effect } = translator.translate(json);
      parts.forEach(keepLate);
      applyState(effect);
    } catch {
      // A broken event after the turn is over changes nothing.
    }
    return false;
  };
  return { event, late };
}
