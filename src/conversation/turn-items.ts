import {
  newId,
  summarize,
  toolKey,
  type AssistantTurn,
  type DataItem,
  type SourceItem,
  type TextItem,
  type ToolItem,
  type TurnItem,
} from './messages.js';
import type { StreamPart, ToolCallDetails } from './parts.js';
import { isPlainObject } from '../catalog/shape.js';

/*
 * How stream parts become the items of a turn, one function per kind; the
 * thread state machine (thread-state.ts) decides when each applies.
 */

export type Part<T extends StreamPart['type']> = Extract<StreamPart, { type: T }>;

/** The turn's text or reasoning item with this stream id, made when it is new. */
export function textItem(turn: AssistantTurn, kind: 'text' | 'reasoning', id: string): TextItem {
  const key = `${kind}:${id}`;
  let item = turn.items.find((i): i is TextItem => i.key === key);
  if (!item) {
    item = { kind, key, parts: [], done: false };
    turn.items.push(item);
  }
  return item;
}

/** A delta for a text; one that had ended (a continued turn may reuse its id) streams again, so its renderer does not take it as final. */
export function appendText(item: TextItem, delta: string) {
  item.parts.push(delta);
  item.done = false;
}

/**
 * A text is complete: its deltas become one piece. A long answer streams in
 * thousands of them, and one string holds far less memory than their list;
 * the array stays the same, so a renderer that reads new pieces goes on
 * from the characters it has read. Its length is set, not spliced: a
 * splice keeps the list's room for every delta (27 kB after 5,000 of
 * them), a shorter length gives it back.
 */
export function finishText(item: TextItem) {
  item.done = true;
  if (item.parts.length > 1) {
    item.parts[0] = item.parts.join('');
    item.parts.length = 1;
  }
}

/** The turn's step for this tool call, made (running) when it is new. */
export function toolItem(turn: AssistantTurn, callId: string, name: string): ToolItem {
  const key = toolKey(callId);
  let item = turn.items.find((i): i is ToolItem => i.kind === 'tool' && i.key === key);
  if (!item) {
    item = { kind: 'tool', key, name, status: 'running', summary: '' };
    turn.items.push(item);
  }
  return item;
}

/**
 * What a call's parts say of it beyond its name, kept as `useChat` keeps it
 * on the tool part: a `dynamic-tool` call, the AG-UI message that made it,
 * a call the provider ran, its title and metadata, and the provider's data
 * (on the call, or with `result` on its result).
 */
export function describeCall(
  tool: ToolItem,
  part: { dynamic?: boolean; parentMessageId?: string } & ToolCallDetails,
  result = false,
) {
  if (part.dynamic) tool.dynamic = true;
  if (part.parentMessageId) tool.parentId = part.parentMessageId;
  if (typeof part.providerExecuted === 'boolean') tool.providerExecuted = part.providerExecuted;
  if (typeof part.title === 'string') tool.title = part.title;
  if (isPlainObject(part.toolMetadata)) tool.toolMetadata = part.toolMetadata;
  if (isPlainObject(part.providerMetadata))
    tool[result ? 'resultProviderMetadata' : 'callProviderMetadata'] = part.providerMetadata;
}

export type ToolEnd = Part<'tool-output-available' | 'tool-output-error' | 'tool-input-error'>;

/** A tool call reported its output or its error; both are kept, to go back with the call. */
export function finishTool(turn: AssistantTurn, part: ToolEnd) {
  const tool = toolItem(
    turn,
    part.toolCallId,
    'toolName' in part && part.toolName ? part.toolName : 'tool',
  );
  // A call that ends without its block (rejected, or sent as a data part) has nothing more to prepare.
  delete tool.preparing;
  const ok = part.type === 'tool-output-available';
  // Its provider data is the result's, as `useChat` keeps it on a call that ended (even in error).
  describeCall(tool, part, true);
  tool.status = ok ? 'done' : 'failed';
  tool.summary = summarize(ok ? part.output : part.errorText);
  if (ok) {
    tool.output = part.output;
    if (part.messageId) tool.resultId = part.messageId;
  } else {
    tool.errorText = part.errorText;
    // An input the tool refused still goes back with the call, as the AI SDK keeps it.
    if ('input' in part) tool.input ??= part.input;
  }
}

/** Lists a source; false when the turn lists it already (a source cited twice is listed once). */
export function addSource(
  turn: AssistantTurn,
  part: Part<'source-url' | 'source-document'>,
): boolean {
  const key = `source:${part.sourceId}`;
  if (turn.items.some((i) => i.key === key)) return false;
  const { sourceId, title } = part;
  const where =
    part.type === 'source-url'
      ? { url: part.url }
      : { mediaType: part.mediaType, ...(part.filename ? { filename: part.filename } : {}) };
  turn.items.push({
    kind: 'source',
    key,
    sourceId,
    ...(title ? { title } : {}),
    ...where,
  } satisfies SourceItem);
  return true;
}

/** A file the agent sent, or one of its reasoning (shown in the process, not with the answer). */
export function addFile(turn: AssistantTurn, part: Part<'file' | 'reasoning-file'>) {
  turn.items.push({
    kind: 'file',
    key: newId('file'),
    url: part.url,
    mediaType: part.mediaType,
    ...(part.filename ? { filename: part.filename } : {}),
    ...(part.type === 'reasoning-file' ? { reasoning: true as const } : {}),
    ...(part.providerMetadata ? { providerMetadata: part.providerMetadata } : {}),
  });
}

/** A text's provider metadata (the last a part gave wins, as in `useChat`) and, at its end, its citations. */
export function describeText(
  item: TextItem,
  part: { providerMetadata?: Record<string, unknown>; citations?: unknown[] },
) {
  if (part.providerMetadata) item.providerMetadata = part.providerMetadata;
  if (part.citations) item.citations = part.citations;
}

/**
 * The step being retried is dropped (AI SDK 7 `reset-step`): every item since
 * the step began, as `useChat` drops the parts after the last `step-start`.
 * Returns what went, so a block or a report it had published goes too.
 */
export function dropCurrentStep(turn: AssistantTurn): TurnItem[] {
  const start = turn.items.findLastIndex((item) => item.kind === 'step');
  return turn.items.splice(start + 1);
}

/** The boundary of the step under way (`start-step`), or undefined before the first. */
export const currentStep = (turn: AssistantTurn): TurnItem | undefined =>
  turn.items.findLast((item) => item.kind === 'step');

/** Merges metadata into the message's, as the AI SDK does (objects merge, anything else replaces). */
export function mergeMetadata(turn: AssistantTurn, metadata: unknown) {
  if (metadata === undefined) return;
  turn.metadata =
    isPlainObject(turn.metadata) && isPlainObject(metadata)
      ? { ...turn.metadata, ...metadata }
      : metadata;
}

/**
 * Another back end's data part: kept on the turn unless transient (a
 * same-id part of the same type replaces the one before, as in the AI SDK).
 * Returns what the host hears of it.
 */
export function putData(
  turn: AssistantTurn,
  part: { type: string; id?: string; data: unknown; transient?: boolean },
) {
  const transient = part.transient === true;
  const id = part.id === undefined ? {} : { id: part.id };
  if (!transient) {
    const existing =
      part.id === undefined
        ? undefined
        : turn.items.find(
            (i): i is DataItem => i.kind === 'data' && i.type === part.type && i.id === part.id,
          );
    if (existing) existing.data = part.data;
    else
      turn.items.push({
        kind: 'data',
        key: newId('data'),
        type: part.type,
        ...id,
        data: part.data,
      });
  }
  return { type: part.type, ...id, data: part.data, transient };
}
