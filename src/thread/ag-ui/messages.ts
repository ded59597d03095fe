import type { Message } from '@ag-ui/core';
import { FINAL_ANSWER, PRESENT_ANSWER, textOf, ThreadState, type StreamPart, type ThreadMessage } from '../../conversation/index.js';

/*
 * The conversation in AG-UI form and back. An assistant turn becomes
 * assistant messages in its order: text as content, each block as a
 * `present_answer` call and the report as a `final_answer` call, each call
 * followed by its tool result, as chat models expect.
 */

const toolResult = (id: string, toolCallId: string): Message => ({ id: `${id}-result`, role: 'tool', toolCallId, content: 'shown' });

/** The conversation as AG-UI messages, for `RunAgentInput.messages`. */
export function toAgUiMessages(messages: readonly ThreadMessage[]): Message[] {
  return messages.flatMap((message): Message[] => {
    if (message.role === 'user') return [{ id: message.id, role: 'user', content: message.text }];
    const out: Message[] = [];
    const call = (name: string, input: unknown) => {
      const id = out.length ? `${message.id}-${out.length}` : message.id;
      out.push({ id, role: 'assistant', toolCalls: [{ id: `${id}-call`, type: 'function', function: { name, arguments: JSON.stringify(input) } }] });
      out.push(toolResult(id, `${id}-call`));
    };
    for (const item of message.items) {
      if (item.kind === 'text' && item.parts.length) {
        out.push({ id: out.length ? `${message.id}-${out.length}` : message.id, role: 'assistant', content: textOf(item) });
      } else if (item.kind === 'block') call(PRESENT_ANSWER, item.block);
    }
    if (message.final) call(FINAL_ANSWER, { text: message.final.text, ui_block_ids: message.final.blockIds });
    return out;
  });
}

const str = (value: unknown): value is string => typeof value === 'string';

/** A user message's text: its text parts joined (other media are not shown). */
function userText(content: unknown): string {
  if (str(content)) return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((part): part is { type: 'text'; text: string } => part?.type === 'text' && str(part.text))
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
    if (str(message.error)) return [{ type: 'tool-output-error', toolCallId: message.toolCallId, errorText: message.error }];
    return [{ type: 'tool-output-available', toolCallId: message.toolCallId, output: content }];
  }
  if (message.role !== 'assistant') return [];
  const parts: StreamPart[] = [];
  if (str(message.content) && message.content) {
    parts.push({ type: 'text-start', id }, { type: 'text-delta', id, delta: message.content }, { type: 'text-end', id });
  }
  for (const call of Array.isArray(message.toolCalls) ? (message.toolCalls as unknown[]) : []) {
    const { id: toolCallId, function: fn } = (call ?? {}) as { id?: unknown; function?: { name?: unknown; arguments?: unknown } };
    if (!str(toolCallId) || !str(fn?.name) || !str(fn.arguments)) continue;
    let input: unknown = fn.arguments;
    try {
      input = JSON.parse(fn.arguments);
    } catch {
      // Not JSON: validation reports it, as for a streamed call.
    }
    parts.push({ type: 'tool-input-start', toolCallId, toolName: fn.name }, { type: 'tool-input-available', toolCallId, toolName: fn.name, input });
  }
  return parts;
}

/** What identifies a message across a snapshot: its id and, for a turn, the AG-UI ids of what it streamed. */
function identities(message: ThreadMessage): string[] {
  const streamed =
    message.role === 'assistant' ? message.items.filter((item) => item.kind === 'text' || item.kind === 'reasoning' || item.kind === 'tool') : [];
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
export function fromAgUiMessages(snapshot: readonly unknown[], shown: readonly ThreadMessage[]): ThreadMessage[] {
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
