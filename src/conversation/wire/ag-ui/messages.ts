import type { ContentPart, Message, ToolCall } from '@ag-ui/core';
import {
  carriedByCall,
  FINAL_ANSWER,
  PRESENT_ANSWER,
  reportCarriedByCall,
  textOf,
  ThreadState,
  toolCallIdOf,
  type AssistantTurn,
  type FileRef,
  type StreamPart,
  type TextItem,
  type ThreadMessage,
  type ToolItem,
  type UserMessage,
} from '../../index.js';
import { isPlainObject, isString as str } from '../../../catalog/shape.js';
import { annotate } from './items.js';
import { MAX_ENCRYPTED_VALUE } from './translate.js';

/*
 * The conversation in AG-UI form and back. What goes back is what the back
 * end streamed, under the ids it gave: each text and reasoning message by
 * its message id, each tool call in the assistant message that made it
 * (`parentMessageId`) followed by a `tool` message with the result it
 * streamed (`TOOL_CALL_RESULT`), so a server that keeps its conversation by
 * message id (LangGraph's) recognises every message it sent. Blocks and
 * reports that came as `CUSTOM` events were never messages: they go back as
 * `present_answer` / `final_answer` calls with ids made from the turn's id
 * and the block's, the same on every run.
 */

/** The stream id a text or reasoning item was keyed by (`text:{id}`). */
const streamId = (key: string) => key.slice(key.indexOf(':') + 1);

/** A tool's result as a `tool` message's content: text as it is, anything else as its JSON. */
function resultContent(output: unknown): string | ContentPart[] {
  if (typeof output === 'string') return output;
  if (
    Array.isArray(output) &&
    output.every((part) => typeof (part as { type?: unknown } | null)?.type === 'string')
  )
    return output as ContentPart[];
  return JSON.stringify(output) ?? '';
}

function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** An attached file as an AG-UI content part: its bytes inline from its `data:` URL, its kind from its media type. */
function filePart(file: FileRef): ContentPart | undefined {
  const match = /^data:([^,]*?)(;base64)?,(.*)$/s.exec(file.url);
  if (!match) return undefined;
  const [, , base64, payload = ''] = match;
  const value = base64 ? payload : toBase64(decodeURIComponent(payload));
  const kind = file.mediaType.split('/')[0];
  const type = kind === 'image' || kind === 'audio' || kind === 'video' ? kind : 'document';
  const metadata = file.filename ? { metadata: { filename: file.filename } } : {};
  return {
    type,
    source: { type: 'data', value, mimeType: file.mediaType },
    ...metadata,
  } as ContentPart;
}

function userMessage(message: UserMessage): Message {
  const files = (message.files ?? [])
    .map(filePart)
    .filter((part): part is ContentPart => part !== undefined);
  const content = files.length
    ? [{ type: 'text' as const, text: message.text }, ...files]
    : message.text;
  return { id: message.id, role: 'user', content };
}

/** The subagent that wrote an item, on the message it goes back in. */
const attributed = (item?: TextItem | ToolItem) =>
  item?.subagentRunId ? { subagentRunId: item.subagentRunId } : {};

/** One assistant turn as the AG-UI messages it streamed. */
function turnMessages(turn: AssistantTurn): Message[] {
  const out: Message[] = [];
  const assistant = (id: string, from?: TextItem | ToolItem) => {
    const found = out.find(
      (m): m is Extract<Message, { role: 'assistant' }> => m.id === id && m.role === 'assistant',
    );
    if (found) return found;
    const made: Extract<Message, { role: 'assistant' }> = {
      id,
      role: 'assistant',
      ...attributed(from),
    };
    out.push(made);
    return made;
  };
  const call = (messageId: string, toolCall: ToolCall, from?: ToolItem) => {
    const message = assistant(messageId, from);
    message.toolCalls = [...(message.toolCalls ?? []), toolCall];
  };
  const fn = (id: string, name: string, input: unknown): ToolCall => ({
    id,
    type: 'function',
    function: {
      name,
      arguments: typeof input === 'string' ? input : (JSON.stringify(input) ?? '{}'),
    },
  });
  /** A block or report that came as a `CUSTOM` event, as a call and its result. */
  const madeCall = (id: string, name: string, input: unknown) => {
    call(id, fn(`${id}-call`, name, input));
    out.push({ id: `${id}-result`, role: 'tool', toolCallId: `${id}-call`, content: 'shown' });
  };
  const toolCall = (item: ToolItem) => {
    const callId = toolCallIdOf(item);
    const encrypted = item.encryptedValue ? { encryptedValue: item.encryptedValue } : {};
    call(item.parentId ?? callId, { ...fn(callId, item.name, item.input), ...encrypted }, item);
    if (item.output === undefined && item.errorText === undefined) return;
    const error = item.errorText === undefined ? {} : { error: item.errorText };
    out.push({
      id: item.resultId ?? `${callId}-result`,
      role: 'tool',
      toolCallId: callId,
      content: resultContent(item.output ?? ''),
      ...error,
      ...(item.subagentRunId ? { subagentRunId: item.subagentRunId } : {}),
    });
  };
  for (const item of turn.items) {
    if (item.kind === 'text' && item.parts.length) {
      const message = assistant(streamId(item.key), item);
      message.content = (message.content ?? '') + textOf(item);
      if (item.encryptedValue) message.encryptedValue = item.encryptedValue;
    } else if (item.kind === 'reasoning' && item.parts.length) {
      out.push({
        id: streamId(item.key),
        role: 'reasoning',
        content: textOf(item),
        ...attributed(item),
        ...(item.encryptedValue ? { encryptedValue: item.encryptedValue } : {}),
      });
    } else if (item.kind === 'tool' && item.input !== undefined) toolCall(item);
    else if (item.kind === 'block' && !carriedByCall(turn, item))
      madeCall(`${turn.id}-${item.blockId}`, PRESENT_ANSWER, item.block);
  }
  const { final } = turn;
  if (final && !reportCarriedByCall(turn))
    madeCall(`${turn.id}-final`, FINAL_ANSWER, { text: final.text, ui_block_ids: final.blockIds });
  return out;
}

/** The conversation as AG-UI messages, for `RunAgentInput.messages`. */
export function toAgUiMessages(messages: readonly ThreadMessage[]): Message[] {
  return messages.flatMap((message) =>
    message.role === 'user' ? [userMessage(message)] : turnMessages(message),
  );
}

/** A user message's text: its text parts joined (other media are not shown). */
function userText(content: unknown): string {
  if (str(content)) return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter(
      (part): part is { type: 'text'; text: string } => part?.type === 'text' && str(part.text),
    )
    .map((part) => part.text)
    .join('\n');
}

/** The parts an assistant, reasoning or tool message stands for. */
function partsOf(message: Record<string, unknown>): StreamPart[] {
  const id = message.id as string;
  if (message.role === 'reasoning' && str(message.content)) {
    return [
      { type: 'reasoning-start', id },
      { type: 'reasoning-delta', id, delta: message.content },
      { type: 'reasoning-end', id },
    ];
  }
  if (message.role === 'tool' && str(message.toolCallId)) {
    const content = message.content;
    if (str(message.error))
      return [
        { type: 'tool-output-error', toolCallId: message.toolCallId, errorText: message.error },
      ];
    return [
      {
        type: 'tool-output-available',
        toolCallId: message.toolCallId,
        output: content,
        messageId: id,
      },
    ];
  }
  if (message.role !== 'assistant') return [];
  const parts: StreamPart[] = [];
  if (str(message.content) && message.content) {
    parts.push(
      { type: 'text-start', id },
      { type: 'text-delta', id, delta: message.content },
      { type: 'text-end', id },
    );
  }
  for (const call of Array.isArray(message.toolCalls) ? (message.toolCalls as unknown[]) : []) {
    const { id: toolCallId, function: fn } = (call ?? {}) as {
      id?: unknown;
      function?: { name?: unknown; arguments?: unknown };
    };
    if (!str(toolCallId) || !str(fn?.name) || !str(fn.arguments)) continue;
    let input: unknown = fn.arguments;
    try {
      input = JSON.parse(fn.arguments);
    } catch {
      // Not JSON: validation reports it, as for a streamed call.
    }
    parts.push(
      { type: 'tool-input-start', toolCallId, toolName: fn.name, parentMessageId: id },
      { type: 'tool-input-available', toolCallId, toolName: fn.name, input },
    );
  }
  return parts;
}

/** A snapshot message's opaque values and attribution, kept on the items it made (as a stream keeps them). */
function keepAnnotations(turn: AssistantTurn, message: Record<string, unknown>) {
  const fields = (raw: Record<string, unknown>, subagent = message.subagentRunId) => ({
    ...(str(raw.encryptedValue) && raw.encryptedValue.length <= MAX_ENCRYPTED_VALUE
      ? { encryptedValue: raw.encryptedValue }
      : {}),
    ...(str(subagent) && subagent.length <= 200 ? { subagentRunId: subagent } : {}),
  });
  const id = message.id as string;
  if (message.role === 'tool' && str(message.toolCallId))
    annotate(turn, [`tool:${message.toolCallId}`], fields({}));
  else annotate(turn, [`reasoning:${id}`, `text:${id}`], fields(message));
  if (!Array.isArray(message.toolCalls)) return;
  for (const call of message.toolCalls as unknown[])
    if (isPlainObject(call) && str(call.id)) annotate(turn, [`tool:${call.id}`], fields(call));
}

/** What identifies a message across a snapshot: its id and, for a turn, the AG-UI ids of what it streamed. */
function identities(message: ThreadMessage): string[] {
  const streamed =
    message.role === 'assistant'
      ? message.items.filter(
          (item) => item.kind === 'text' || item.kind === 'reasoning' || item.kind === 'tool',
        )
      : [];
  return [`id:${message.id}`, ...streamed.map((item) => item.key)];
}

/**
 * A `MESSAGES_SNAPSHOT` as the thread's messages: user messages as they
 * are, and each run of other messages between them as one assistant turn,
 * built with the same turn rules (and validation) as a stream. A message
 * the thread already shows keeps its object (and so its elements, form
 * answers and blocks that came as `CUSTOM` events): a user message by id, a
 * turn by its id or by a text, reasoning or tool call id it streamed, so a
 * snapshot that repeats the answer streaming now does not show it twice.
 */
export function fromAgUiMessages(
  snapshot: readonly unknown[],
  shown: readonly ThreadMessage[],
): ThreadMessage[] {
  const state = new ThreadState();
  const existing = new Map<string, ThreadMessage>();
  for (const message of shown) for (const key of identities(message)) existing.set(key, message);
  let turnOpen = false;
  const closeTurn = () => {
    if (turnOpen) state.apply({ type: 'finish' });
    turnOpen = false;
  };
  for (const raw of snapshot) {
    if (typeof raw !== 'object' || raw === null || !str((raw as { id?: unknown }).id)) continue;
    const message = raw as Record<string, unknown>;
    const id = message.id as string;
    if (message.role === 'user') {
      closeTurn();
      const user = state.addUser(userText(message.content));
      user.id = id;
      continue;
    }
    const parts = partsOf(message);
    if (!parts.length) continue;
    if (!turnOpen) {
      state.apply({ type: 'start', messageId: id });
      turnOpen = true;
    }
    parts.forEach((part) => state.apply(part));
    if (state.openTurn) keepAnnotations(state.openTurn, message);
  }
  closeTurn();
  const kept = new Set<ThreadMessage>();
  return state.messages.map((message) => {
    const same = identities(message)
      .map((key) => existing.get(key))
      .find((known) => known?.role === message.role && !kept.has(known));
    if (!same) return message;
    kept.add(same);
    return same;
  });
}
