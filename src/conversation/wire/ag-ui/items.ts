import { isPlainObject, isString as str } from '../../../catalog/shape.js';
import { tooDeepOrCyclic } from '../../data-depth.js';
import {
  summarize,
  toolCallIdOf,
  type ActivityItem,
  type AssistantTurn,
  type TextItem,
  type ToolItem,
} from '../../messages.js';
import { applyPatch, copy } from './json-patch.js';

/*
 * What AG-UI adds to a turn's items beyond the stream parts both protocols
 * share: the opaque values and subagent attribution kept on a message or
 * call to go back with it, subagents and activities as steps of the process,
 * and the ids a late `MESSAGES_SNAPSHOT` gives to what is already shown.
 */

/** Fields kept on a text, reasoning or tool item and sent back with it. */
export interface Annotation {
  encryptedValue?: string;
  subagentRunId?: string;
}

/** The item an event names: the first of `keys` the turn holds (a message id may be text or reasoning). */
function itemFor(turn: AssistantTurn, keys: readonly string[]): TextItem | ToolItem | undefined {
  for (const key of keys) {
    const item = turn.items.find(
      (i): i is TextItem | ToolItem =>
        i.key === key && (i.kind === 'text' || i.kind === 'reasoning' || i.kind === 'tool'),
    );
    if (item) return item;
  }
  return undefined;
}

/** Keeps the fields on the item the event names; one the turn does not hold is ignored. */
export function annotate(turn: AssistantTurn, keys: readonly string[], fields: Annotation) {
  const item = itemFor(turn, keys);
  if (item) Object.assign(item, fields);
}

/** The key of a subagent's step. */
export const subagentKey = (runId: string) => `subagent:${runId}`;

/** A subagent started, finished or failed: its step, under its name. Its failure is its own, not the run's. */
export function subagentStep(
  turn: AssistantTurn,
  runId: string,
  change: { name?: string; status: ActivityItem['status']; summary?: unknown },
) {
  const key = subagentKey(runId);
  let step = turn.items.find((i): i is ActivityItem => i.kind === 'activity' && i.key === key);
  if (!step) {
    step = { kind: 'activity', key, type: 'subagent', status: 'running', summary: '' };
    turn.items.push(step);
  }
  if (change.name) step.name = change.name;
  step.status = change.status;
  if (change.summary !== undefined) step.summary = summarize(change.summary);
}

/** How an `ACTIVITY_SNAPSHOT` or `ACTIVITY_DELTA` changes an activity's content. */
export type ActivityChange = { content: unknown; replace?: boolean } | { patch: unknown[] };

/**
 * An activity's content after `change`: a snapshot replaces it (or, with
 * `replace: false`, merges into it), a patch applies to a copy whole or not
 * at all (`PatchError`). Content nested too deep gives `undefined`.
 */
export function activityContent(previous: unknown, change: ActivityChange): unknown {
  const content =
    'patch' in change
      ? applyPatch(previous ?? {}, change.patch)
      : change.replace === false && isPlainObject(previous) && isPlainObject(change.content)
        ? { ...previous, ...(copy(change.content) as object) }
        : copy(change.content);
  return tooDeepOrCyclic(content) ? undefined : content;
}

/**
 * An activity's snapshot or patch: its step, with the activity type and a
 * summary of its content (one nested too deep leaves it as it was).
 */
export function activityStep(
  turn: AssistantTurn,
  messageId: string,
  activityType: string,
  change: ActivityChange,
) {
  const key = `activity:${messageId}`;
  let step = turn.items.find((i): i is ActivityItem => i.kind === 'activity' && i.key === key);
  const content = activityContent(step?.content, change);
  if (content === undefined) return;
  if (!step) {
    step = { kind: 'activity', key, type: activityType, status: 'done', summary: '' };
    turn.items.push(step);
  }
  step.type = activityType;
  step.content = content;
  step.summary = summarize(content);
}

/** The id of each tool result a snapshot holds, by the call it answers. */
export function resultIds(snapshot: readonly unknown[]): Map<string, string> {
  const ids = new Map<string, string>();
  for (const message of snapshot) {
    if (!isPlainObject(message) || message.role !== 'tool') continue;
    if (str(message.id) && str(message.toolCallId) && message.id.length <= 200)
      ids.set(message.toolCallId, message.id);
  }
  return ids;
}

/**
 * The ids a snapshot gives to the tool results a turn already shows (a
 * server may store a result under another id than it streamed it with, as
 * ag-ui-langgraph does, and say so only in its final snapshot): taken, so
 * that the next run sends the stored ids and a server merging by id keeps
 * each result once. Nothing shown changes. Returns whether any id changed.
 */
export function adoptIds(turn: AssistantTurn, ids: ReadonlyMap<string, string>): boolean {
  let changed = false;
  for (const item of turn.items) {
    if (item.kind !== 'tool' || (item.output === undefined && item.errorText === undefined))
      continue;
    const id = ids.get(toolCallIdOf(item));
    if (id === undefined || id === item.resultId) continue;
    item.resultId = id;
    changed = true;
  }
  return changed;
}
