import type { Message } from '@ag-ui/core';
import { BLOCK_PART, FINAL_ANSWER_PART } from '../../names.js';
import { BLOCK_EVENT, FINAL_ANSWER_EVENT } from './names.js';
import type { StreamPart } from '../../parts.js';
import { isString as str } from '../../../catalog/shape.js';
import type { Annotation } from './items.js';
import { readOutcome, type Outcome } from './outcome.js';

/*
 * AG-UI events as the conversation's stream parts: the thread applies them
 * with the same turn rules, validation and persistence as an AI SDK stream.
 * Events arrive from the network: each is checked for the fields it needs.
 */

/** Longest tool call arguments kept: a block is at most 100 KB of JSON, so more cannot be one. */
const MAX_ARGUMENTS_LENGTH = 1024 * 1024;

/** Longest opaque value kept to go back (`encryptedValue`); a longer one is not kept. */
export const MAX_ENCRYPTED_VALUE = 256 * 1024;
const MAX_ID = 200;

/** What an event asks of the thread besides its parts. */
export type Effect =
  | { kind: 'state'; snapshot: unknown }
  | { kind: 'delta'; patch: unknown[] }
  | { kind: 'messages'; messages: Message[] }
  /** `RUN_FINISHED`: the run is over, and how. */
  | { kind: 'outcome'; outcome: Outcome }
  /** Fields for the first of `keys` the turn holds (`text:{id}`, `reasoning:{id}`, `tool:{id}`). */
  | { kind: 'annotate'; keys: string[]; fields: Annotation }
  | {
      kind: 'subagent';
      runId: string;
      name?: string;
      status: 'running' | 'done' | 'failed';
      summary?: unknown;
    }
  | {
      kind: 'activity';
      messageId: string;
      activityType: string;
      change: { content: unknown; replace?: boolean } | { patch: unknown[] };
    };

export interface Translation {
  parts: StreamPart[];
  effect?: Effect;
}

/** The event was not what its type promises. */
export class MalformedEvent extends Error {}

const optionalStr = (value: unknown): value is string | undefined =>
  value === undefined || str(value);

function need(condition: boolean, type: string): asserts condition {
  if (!condition) throw new MalformedEvent(`${type} event without the fields it needs`);
}

const id = (value: unknown): value is string =>
  str(value) && value.length > 0 && value.length <= MAX_ID;

/** The subagent an event is attributed to, kept on the item it makes. */
const attribution = (e: Record<string, unknown>): Annotation =>
  id(e.subagentRunId) ? { subagentRunId: e.subagentRunId } : {};

/** The event's parts, and its attribution kept on the item they make. */
function attributed(parts: StreamPart[], key: string, e: Record<string, unknown>): Translation {
  const fields = attribution(e);
  return fields.subagentRunId
    ? { parts, effect: { kind: 'annotate', keys: [key], fields } }
    : { parts };
}

/** Parses a call's arguments: the input, or the text itself when it is not JSON (validation then says why). */
function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Turns AG-UI events into stream parts, one run at a time. Chunk events
 * (`TEXT_MESSAGE_CHUNK`, `TOOL_CALL_CHUNK`, `REASONING_MESSAGE_CHUNK`)
 * continue the message or call they opened until another event arrives, as
 * the AG-UI client expands them.
 */
export class EventTranslator {
  private calls = new Map<string, { name: string; args: string }>();
  private openChunk?: { kind: 'text' | 'reasoning' | 'tool'; id: string };
  /** Messages another role streams (a user message echoed back): not part of the answer. */
  private otherRoles = new Set<string>();

  translate(event: unknown): Translation {
    if (typeof event !== 'object' || event === null || Array.isArray(event))
      throw new MalformedEvent('an event that is not an object');
    const e = event as Record<string, unknown>;
    const type = e.type;
    if (!str(type)) throw new MalformedEvent('an event without a type');
    const isChunk =
      type === 'TEXT_MESSAGE_CHUNK' ||
      type === 'TOOL_CALL_CHUNK' ||
      type === 'REASONING_MESSAGE_CHUNK';
    const closing = isChunk ? [] : this.closeChunk();
    const result = this.translateKnown(type, e);
    const parts = [...closing, ...result.parts].filter(
      (part) =>
        !(part.type.startsWith('text-') && this.otherRoles.has((part as { id: string }).id)),
    );
    return { ...result, parts };
  }

  private translateKnown(type: string, e: Record<string, unknown>): Translation {
    const parts: StreamPart[] = [];
    switch (type) {
      case 'RUN_STARTED':
        return { parts: [{ type: 'start' }] };
      case 'RUN_FINISHED':
        // The reader applies the outcome to the turn, then ends it (stopped, when cancelled).
        return { parts, effect: { kind: 'outcome', outcome: readOutcome(e.outcome) } };
      case 'RUN_ERROR':
        need(str(e.message), type);
        return {
          parts: [
            { type: 'error', errorText: str(e.code) ? `${e.code}: ${e.message}` : e.message },
          ],
        };
      case 'STEP_STARTED':
        return { parts: [{ type: 'start-step' }] };
      case 'STEP_FINISHED':
        return { parts: [{ type: 'finish-step' }] };
      case 'TEXT_MESSAGE_START':
        need(str(e.messageId) && optionalStr(e.role), type);
        if (e.role !== undefined && e.role !== 'assistant') this.otherRoles.add(e.messageId);
        return attributed([{ type: 'text-start', id: e.messageId }], `text:${e.messageId}`, e);
      case 'TEXT_MESSAGE_CONTENT':
      case 'REASONING_MESSAGE_CONTENT':
        need(str(e.messageId) && str(e.delta), type);
        return {
          parts: [
            {
              type: type === 'TEXT_MESSAGE_CONTENT' ? 'text-delta' : 'reasoning-delta',
              id: e.messageId,
              delta: e.delta,
            },
          ],
        };
      case 'REASONING_MESSAGE_START':
        need(str(e.messageId), type);
        return attributed(
          [{ type: 'reasoning-start', id: e.messageId }],
          `reasoning:${e.messageId}`,
          e,
        );
      case 'TEXT_MESSAGE_END':
      case 'REASONING_MESSAGE_END':
        need(str(e.messageId), type);
        return {
          parts: [
            {
              type: type === 'TEXT_MESSAGE_END' ? 'text-end' : 'reasoning-end',
              id: e.messageId,
            },
          ],
        };
      case 'TEXT_MESSAGE_CHUNK':
      case 'REASONING_MESSAGE_CHUNK': {
        need(optionalStr(e.messageId) && optionalStr(e.delta) && optionalStr(e.role), type);
        const kind = type === 'TEXT_MESSAGE_CHUNK' ? 'text' : 'reasoning';
        const open = this.openChunk;
        if (!open || open.kind !== kind || (e.messageId !== undefined && e.messageId !== open.id)) {
          need(str(e.messageId), type);
          parts.push(...this.closeChunk());
          if (e.role !== undefined && e.role !== 'assistant') this.otherRoles.add(e.messageId);
          this.openChunk = { kind, id: e.messageId };
          parts.push({ type: `${kind}-start`, id: e.messageId });
        }
        if (e.delta) parts.push({ type: `${kind}-delta`, id: this.openChunk!.id, delta: e.delta });
        return attributed(parts, `${kind}:${this.openChunk!.id}`, e);
      }
      case 'TOOL_CALL_START':
        need(str(e.toolCallId) && str(e.toolCallName) && optionalStr(e.parentMessageId), type);
        return attributed(
          this.startCall(e.toolCallId, e.toolCallName, e.parentMessageId),
          `tool:${e.toolCallId}`,
          e,
        );
      case 'TOOL_CALL_ARGS':
        need(str(e.toolCallId) && str(e.delta), type);
        this.appendArguments(e.toolCallId, e.delta);
        return { parts: [] };
      case 'TOOL_CALL_END':
        need(str(e.toolCallId), type);
        return { parts: this.endCall(e.toolCallId) };
      case 'TOOL_CALL_CHUNK': {
        need(
          optionalStr(e.toolCallId) && optionalStr(e.toolCallName) && optionalStr(e.delta),
          type,
        );
        const open = this.openChunk;
        if (
          !open ||
          open.kind !== 'tool' ||
          (e.toolCallId !== undefined && e.toolCallId !== open.id)
        ) {
          need(str(e.toolCallId) && str(e.toolCallName) && optionalStr(e.parentMessageId), type);
          parts.push(
            ...this.closeChunk(),
            ...this.startCall(e.toolCallId, e.toolCallName, e.parentMessageId),
          );
          this.openChunk = { kind: 'tool', id: e.toolCallId };
        }
        if (e.delta) this.appendArguments(this.openChunk!.id, e.delta);
        return attributed(parts, `tool:${this.openChunk!.id}`, e);
      }
      case 'TOOL_CALL_RESULT': {
        need(
          str(e.toolCallId) &&
            (str(e.content) || Array.isArray(e.content)) &&
            optionalStr(e.messageId),
          type,
        );
        const messageId = str(e.messageId) ? { messageId: e.messageId } : {};
        return {
          parts: [
            {
              type: 'tool-output-available',
              toolCallId: e.toolCallId,
              output: e.content,
              ...messageId,
            },
          ],
        };
      }
      case 'CUSTOM':
        need(str(e.name), type);
        if (e.name === BLOCK_EVENT) {
          const id = (e.value as { block_id?: unknown } | null)?.block_id;
          return { parts: [{ type: BLOCK_PART, ...(str(id) ? { id } : {}), data: e.value }] };
        }
        return {
          parts: e.name === FINAL_ANSWER_EVENT ? [{ type: FINAL_ANSWER_PART, data: e.value }] : [],
        };
      case 'STATE_SNAPSHOT':
        need('snapshot' in e, type);
        return { parts, effect: { kind: 'state', snapshot: e.snapshot } };
      case 'STATE_DELTA':
        need(Array.isArray(e.delta), type);
        return { parts, effect: { kind: 'delta', patch: e.delta as unknown[] } };
      case 'MESSAGES_SNAPSHOT':
        need(Array.isArray(e.messages), type);
        return { parts, effect: { kind: 'messages', messages: e.messages as Message[] } };
      case 'REASONING_ENCRYPTED_VALUE': {
        need(id(e.entityId) && str(e.encryptedValue), type);
        // A value too long to keep whole is not kept: a cut one would be refused by its provider.
        if (e.encryptedValue.length > MAX_ENCRYPTED_VALUE) return { parts };
        const keys =
          e.subtype === 'tool-call'
            ? [`tool:${e.entityId}`]
            : [`reasoning:${e.entityId}`, `text:${e.entityId}`];
        return {
          parts,
          effect: { kind: 'annotate', keys, fields: { encryptedValue: e.encryptedValue } },
        };
      }
      case 'SUBAGENT_STARTED':
        need(id(e.subagentRunId) && str(e.name), type);
        return {
          parts,
          effect: {
            kind: 'subagent',
            runId: e.subagentRunId,
            name: e.name.slice(0, MAX_ID),
            status: 'running',
            ...(str(e.description) ? { summary: e.description } : {}),
          },
        };
      case 'SUBAGENT_FINISHED':
        need(id(e.subagentRunId), type);
        return {
          parts,
          effect: {
            kind: 'subagent',
            runId: e.subagentRunId,
            status: 'done',
            ...(e.result === undefined ? {} : { summary: e.result }),
          },
        };
      case 'SUBAGENT_ERROR':
        need(id(e.subagentRunId) && str(e.message), type);
        return {
          parts,
          effect: {
            kind: 'subagent',
            runId: e.subagentRunId,
            status: 'failed',
            summary: e.message,
          },
        };
      case 'ACTIVITY_SNAPSHOT':
      case 'ACTIVITY_DELTA': {
        need(id(e.messageId) && str(e.activityType), type);
        const snapshot = type === 'ACTIVITY_SNAPSHOT';
        need(snapshot ? 'content' in e : Array.isArray(e.patch), type);
        const change = snapshot
          ? { content: e.content, ...(e.replace === false ? { replace: false } : {}) }
          : { patch: e.patch as unknown[] };
        return {
          parts,
          effect: {
            kind: 'activity',
            messageId: e.messageId,
            activityType: e.activityType.slice(0, MAX_ID),
            change,
          },
        };
      }
      default:
        // Events this thread does not show (RAW, REASONING_START/END, newer ones).
        return { parts };
    }
  }

  private startCall(toolCallId: string, toolName: string, parentMessageId?: string): StreamPart[] {
    this.calls.set(toolCallId, { name: toolName, args: '' });
    return [
      {
        type: 'tool-input-start',
        toolCallId,
        toolName,
        ...(parentMessageId ? { parentMessageId } : {}),
      },
    ];
  }

  private appendArguments(toolCallId: string, delta: string) {
    const call = this.calls.get(toolCallId);
    if (!call) return;
    // Arguments past the limit are cut: such a call cannot be a valid block, and validation says so.
    if (call.args.length < MAX_ARGUMENTS_LENGTH)
      call.args += delta.slice(0, MAX_ARGUMENTS_LENGTH - call.args.length);
  }

  /** The call's arguments are complete: its input is available, as a block or report whole. */
  private endCall(toolCallId: string): StreamPart[] {
    const call = this.calls.get(toolCallId);
    if (!call) return [];
    this.calls.delete(toolCallId);
    return [
      {
        type: 'tool-input-available',
        toolCallId,
        toolName: call.name,
        input: parseArguments(call.args),
      },
    ];
  }

  private closeChunk(): StreamPart[] {
    const open = this.openChunk;
    this.openChunk = undefined;
    if (!open) return [];
    if (open.kind === 'tool') return this.endCall(open.id);
    return [{ type: `${open.kind}-end`, id: open.id }];
  }
}
