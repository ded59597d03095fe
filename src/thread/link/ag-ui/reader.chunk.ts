import type { RunAgentInput } from '@ag-ui/core';
import { msg } from '@lit/localize';
import {
  A2UI_PART,
  endsRun,
  OVERSIZED_EVENT,
  newId,
  type AssistantTurn,
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
import { A2UI_ACTIVITY, PROTOCOL_VERSION } from '../../../conversation/wire/ag-ui/names.js';
import {
  activityContent,
  activityStep,
  adoptIds,
  annotate,
  resultIds,
  subagentStep,
} from '../../../conversation/wire/ag-ui/items.js';
import {
  applyOutcome,
  resumeEntries,
  type Outcome,
} from '../../../conversation/wire/ag-ui/outcome.js';
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
  /** A turn this request changed (its interrupts answered or abandoned), to be saved. */
  changed(turn: AssistantTurn): void;
}

/**
 * POSTs a `RunAgentInput` for the conversation so far and returns the event
 * stream's response. After an answer that ended on interrupts, the run
 * resumes from them (`resume`), with the reader's answers.
 */
export async function postRun(request: RunRequest, signal: AbortSignal): Promise<Response> {
  const { api, threadId, messages, state, options } = request;
  const { resume, turn } = resumeEntries(messages);
  if (turn) request.changed(turn);
  const input: RunAgentInput = {
    threadId,
    runId: newId('run'),
    protocolVersion: PROTOCOL_VERSION,
    messages: toAgUiMessages(messages),
    state: state ?? {},
    tools: [],
    context: [],
    forwardedProps: {},
    ...(resume.length ? { resume } : {}),
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
 * `keepLate`), the agent state, encrypted values, and the ids a messages
 * snapshot gives to what it shows.
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
  const openTurn = () => {
    const last = target.messages().at(-1);
    return last?.role === 'assistant' && !last.closed ? last : undefined;
  };
  /** Each A2UI surface's content so far (`{ a2ui_operations }`), by activity message. */
  const surfaces = new Map<string, unknown>();
  /** What an AG-UI event adds to the turn streaming now (nothing once it is over). */
  const applyToTurn = (effect: Translation['effect']) => {
    const turn = openTurn();
    if (!turn || !effect) return;
    if (effect.kind === 'activity' && effect.activityType === A2UI_ACTIVITY) {
      // A surface is shown as the blocks it makes, as an AI SDK back end's `data-a2ui` part is.
      const content = activityContent(surfaces.get(effect.messageId), effect.change);
      if (content === undefined) return malformed('an A2UI surface nested too deep was left out');
      surfaces.set(effect.messageId, content);
      target.receive({ type: A2UI_PART, id: effect.messageId, data: content });
      return;
    }
    if (effect.kind === 'annotate') annotate(turn, effect.keys, effect.fields);
    else if (effect.kind === 'subagent') subagentStep(turn, effect.runId, effect);
    else if (effect.kind === 'activity')
      activityStep(turn, effect.messageId, effect.activityType, effect.change);
    else return;
    target.changed(turn);
  };
  /** The run is over: its outcome shows in the turn, which ends (stopped, when the run was cancelled). */
  const finish = (outcome: Outcome) => {
    const turn = openTurn();
    if (turn) applyOutcome(turn, outcome, msg('Your answer'));
    return target.receive({ type: outcome.type === 'cancelled' ? 'abort' : 'finish' });
  };
  const event = (data: StreamEvent) => {
    if (data === OVERSIZED_EVENT) {
      malformed('an AG-UI event over the size limit was dropped');
      return false;
    }
    try {
      const { parts, effect } = translator.translate(JSON.parse(data));
      for (const part of parts) if (target.receive(part)) return true;
      if (effect?.kind === 'outcome') return finish(effect.outcome);
      applyState(effect);
      applyToTurn(effect);
      if (effect?.kind === 'messages') {
        const shown = target.messages();
        const open = shown.at(-1);
        const next = fromAgUiMessages(effect.messages, shown);
        // A turn the snapshot keeps takes the ids it gives to its results, as after the seal.
        const before = new Set(shown);
        const ids = resultIds(effect.messages);
        const renamed = next.filter(
          (message): message is AssistantTurn =>
            message.role === 'assistant' && before.has(message) && adoptIds(message, ids),
        );
        // The answer streaming now stays, after the snapshot, unless the snapshot holds it.
        if (open?.role === 'assistant' && !open.closed && !next.includes(open)) next.push(open);
        // The next event waits until storage holds the new conversation, so nothing it changes is saved under the old one.
        if (next.length !== shown.length || next.some((message, i) => message !== shown[i]))
          return target.replace(next).then(() => false);
        for (const turn of renamed) target.changed(turn);
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
      const json = JSON.parse(data) as { type?: unknown; messages?: unknown } | null;
      const sealed = () =>
        target.messages().findLast((m): m is AssistantTurn => m.role === 'assistant' && m.closed);
      // A snapshot of the messages would rewrite the sealed turn: only the ids it gives are taken.
      if (json?.type === 'MESSAGES_SNAPSHOT' && Array.isArray(json.messages)) {
        const turn = sealed();
        if (turn && adoptIds(turn, resultIds(json.messages))) target.changed(turn);
        return false;
      }
      // An opaque value for a message or call the turn shows changes nothing shown: it is kept, to go back.
      if (json?.type === 'REASONING_ENCRYPTED_VALUE') {
        const { effect } = translator.translate(json);
        const turn = sealed();
        if (turn && effect?.kind === 'annotate') {
          annotate(turn, effect.keys, effect.fields);
          target.changed(turn);
        }
        return false;
      }
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
