import { BLOCK_PART, FINAL_ANSWER_PART } from './names.js';

/*
 * The parts of the AI SDK UI message stream that a thread acts on. Parts
 * arrive from the network: each is checked for the fields it needs before
 * use, and anything else is ignored.
 */

export type StreamPart =
  | { type: 'start'; messageId?: string }
  | { type: 'text-start' | 'text-end' | 'reasoning-start' | 'reasoning-end'; id: string }
  | { type: 'text-delta' | 'reasoning-delta'; id: string; delta: string }
  | { type: 'tool-input-start'; toolCallId: string; toolName: string }
  | { type: 'tool-input-delta'; toolCallId: string; inputTextDelta: string }
  | { type: 'tool-input-available'; toolCallId: string; toolName: string; input: unknown }
  | { type: 'tool-output-available'; toolCallId: string; output: unknown }
  | { type: 'tool-output-error' | 'tool-input-error'; toolCallId: string; errorText: string; toolName?: string }
  | { type: typeof BLOCK_PART | typeof FINAL_ANSWER_PART; id?: string; data: unknown }
  | { type: 'start-step' | 'finish-step' | 'finish' | 'abort' }
  | { type: 'error'; errorText: string };

const str = (value: unknown): value is string => typeof value === 'string';

/** Returns the part if it is one the thread handles and is well formed, else undefined. */
export function readPart(value: unknown): StreamPart | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const part = value as Record<string, unknown>;
  switch (part.type) {
    case 'start':
    case 'start-step':
    case 'finish-step':
    case 'finish':
    case 'abort':
      return part as StreamPart;
    case 'text-start':
    case 'text-end':
    case 'reasoning-start':
    case 'reasoning-end':
      return str(part.id) ? (part as StreamPart) : undefined;
    case 'text-delta':
    case 'reasoning-delta':
      return str(part.id) && str(part.delta) ? (part as StreamPart) : undefined;
    case 'tool-input-start':
    case 'tool-input-available':
      return str(part.toolCallId) && str(part.toolName) ? (part as StreamPart) : undefined;
    case 'tool-input-delta':
      return str(part.toolCallId) && str(part.inputTextDelta) ? (part as StreamPart) : undefined;
    case 'tool-output-available':
      return str(part.toolCallId) ? (part as StreamPart) : undefined;
    case 'tool-output-error':
    case 'tool-input-error':
      return str(part.toolCallId) ? ({ ...part, errorText: String(part.errorText ?? '') } as StreamPart) : undefined;
    case BLOCK_PART:
    case FINAL_ANSWER_PART:
      return part.id === undefined || str(part.id) ? (part as StreamPart) : undefined;
    case 'error':
      return { type: 'error', errorText: String(part.errorText ?? '') };
    default:
      return undefined;
  }
}
