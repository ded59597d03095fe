import { BLOCK_PART, DATA_PART_PREFIX, FINAL_ANSWER_PART } from './names.js';
import { isString as str } from '../catalog/shape.js';

/*
 * The parts of the AI SDK UI message stream that a thread acts on. Parts
 * arrive from the network: each is checked for the fields it needs before
 * use, and anything else is ignored.
 */

export type StreamPart =
  | { type: 'start'; messageId?: string; messageMetadata?: unknown }
  | { type: 'finish'; messageMetadata?: unknown }
  | { type: 'message-metadata'; messageMetadata: unknown }
  | { type: 'text-start' | 'text-end' | 'reasoning-start' | 'reasoning-end'; id: string }
  | { type: 'text-delta' | 'reasoning-delta'; id: string; delta: string }
  /** `dynamic`: a `dynamic-tool` call; `parentMessageId`: the AG-UI message that made the call. */
  | {
      type: 'tool-input-start';
      toolCallId: string;
      toolName: string;
      dynamic?: boolean;
      parentMessageId?: string;
    }
  | { type: 'tool-input-delta'; toolCallId: string; inputTextDelta: string }
  | {
      type: 'tool-input-available';
      toolCallId: string;
      toolName: string;
      input: unknown;
      dynamic?: boolean;
    }
  /** `messageId`: the AG-UI tool message the result came in. */
  | { type: 'tool-output-available'; toolCallId: string; output: unknown; messageId?: string }
  | {
      type: 'tool-output-error' | 'tool-input-error';
      toolCallId: string;
      errorText: string;
      toolName?: string;
      input?: unknown;
      dynamic?: boolean;
    }
  | { type: typeof BLOCK_PART | typeof FINAL_ANSWER_PART; id?: string; data: unknown }
  | { type: 'tool-approval-request'; approvalId: string; toolCallId: string }
  | { type: 'tool-output-denied'; toolCallId: string }
  | { type: 'source-url'; sourceId: string; url: string; title?: string }
  | {
      type: 'source-document';
      sourceId: string;
      mediaType: string;
      title: string;
      filename?: string;
    }
  | { type: 'file'; url: string; mediaType: string; filename?: string }
  | { type: 'start-step' | 'finish-step' | 'abort' }
  | { type: 'error'; errorText: string }
  /** Any other `data-*` part: the host's. A transient one is handed on, never stored. */
  | { type: `data-${string}`; id?: string; data: unknown; transient?: boolean };

/** Returns the part if it is one the thread handles and is well formed, else undefined. */
export function readPart(value: unknown): StreamPart | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const part = value as Record<string, unknown>;
  switch (part.type) {
    case 'start':
      return {
        type: 'start',
        ...(str(part.messageId) ? { messageId: part.messageId } : {}),
        ...metadataOf(part),
      };
    case 'finish':
      return { type: 'finish', ...metadataOf(part) };
    case 'message-metadata':
      return 'messageMetadata' in part
        ? { type: 'message-metadata', messageMetadata: part.messageMetadata }
        : undefined;
    case 'start-step':
    case 'finish-step':
    case 'abort':
      return { type: part.type };
    case 'tool-approval-request':
      return str(part.approvalId) && str(part.toolCallId)
        ? { type: part.type, approvalId: part.approvalId, toolCallId: part.toolCallId }
        : undefined;
    case 'tool-output-denied':
      return str(part.toolCallId) ? { type: part.type, toolCallId: part.toolCallId } : undefined;
    case 'source-url':
      return str(part.sourceId) && str(part.url)
        ? { type: part.type, sourceId: part.sourceId, url: part.url, ...optional(part, 'title') }
        : undefined;
    case 'source-document':
      return str(part.sourceId) && str(part.mediaType) && str(part.title)
        ? {
            type: part.type,
            sourceId: part.sourceId,
            mediaType: part.mediaType,
            title: part.title,
            ...optional(part, 'filename'),
          }
        : undefined;
    case 'file':
      return str(part.url) && str(part.mediaType)
        ? {
            type: part.type,
            url: part.url,
            mediaType: part.mediaType,
            ...optional(part, 'filename'),
          }
        : undefined;
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
      return str(part.toolCallId)
        ? ({ ...part, errorText: String(part.errorText ?? '') } as StreamPart)
        : undefined;
    case BLOCK_PART:
    case FINAL_ANSWER_PART:
      return part.id === undefined || str(part.id) ? (part as StreamPart) : undefined;
    case 'error':
      return { type: 'error', errorText: String(part.errorText ?? '') };
    default:
      // Another back end's data part: kept for the host, shape unchecked beyond its envelope.
      if (
        str(part.type) &&
        part.type.startsWith(DATA_PART_PREFIX) &&
        (part.id === undefined || str(part.id))
      ) {
        return {
          type: part.type as `data-${string}`,
          ...(part.id === undefined ? {} : { id: part.id }),
          data: part.data,
          transient: part.transient === true,
        };
      }
      return undefined;
  }
}

/** `messageMetadata` when the part has one. */
const metadataOf = (part: Record<string, unknown>) =>
  part.messageMetadata === undefined ? {} : { messageMetadata: part.messageMetadata };
/** An optional string field, when it is a string. */
const optional = <K extends string>(part: Record<string, unknown>, key: K) =>
  str(part[key]) ? ({ [key]: part[key] } as Record<K, string>) : {};
