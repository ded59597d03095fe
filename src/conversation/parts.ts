import { BLOCK_PART, DATA_PART_PREFIX, FINAL_ANSWER_PART } from './names.js';
import { isPlainObject, isString as str } from '../catalog/shape.js';
import type { ApprovalRequest, FileRef } from './messages.js';

/*
 * The parts of the AI SDK UI message stream that a thread acts on. Parts
 * arrive from the network: each is checked for the fields it needs before
 * use, and anything else is ignored.
 */

/** A provider's own data on a part (cache hints, signatures…): kept and sent back untouched. */
export type ProviderMetadata = Record<string, unknown>;

/**
 * What a tool call's parts may say of it beyond its name (unchecked here;
 * `describeCall` keeps what has the right shape): a call the provider ran
 * itself, its provider's data, a title, the tool's own metadata.
 */
export interface ToolCallDetails {
  providerExecuted?: unknown;
  providerMetadata?: unknown;
  title?: unknown;
  toolMetadata?: unknown;
}

export type StreamPart =
  | { type: 'start'; messageId?: string; messageMetadata?: unknown }
  | { type: 'finish'; messageMetadata?: unknown }
  | { type: 'message-metadata'; messageMetadata: unknown }
  | {
      type: 'text-start' | 'reasoning-start' | 'reasoning-end';
      id: string;
      providerMetadata?: ProviderMetadata;
    }
  /** `citations` (AI SDK 7): what supports the text, shown as its sources. */
  | { type: 'text-end'; id: string; providerMetadata?: ProviderMetadata; citations?: unknown[] }
  | {
      type: 'text-delta' | 'reasoning-delta';
      id: string;
      delta: string;
      providerMetadata?: ProviderMetadata;
    }
  /** `dynamic`: a `dynamic-tool` call; `parentMessageId`: the AG-UI message that made the call. */
  | ({
      type: 'tool-input-start';
      toolCallId: string;
      toolName: string;
      dynamic?: boolean;
      parentMessageId?: string;
    } & ToolCallDetails)
  | { type: 'tool-input-delta'; toolCallId: string; inputTextDelta: string }
  | ({
      type: 'tool-input-available';
      toolCallId: string;
      toolName: string;
      input: unknown;
      dynamic?: boolean;
    } & ToolCallDetails)
  /** `messageId`: the AG-UI tool message the result came in. */
  | ({
      type: 'tool-output-available';
      toolCallId: string;
      output: unknown;
      messageId?: string;
    } & ToolCallDetails)
  | ({
      type: 'tool-output-error' | 'tool-input-error';
      toolCallId: string;
      errorText: string;
      toolName?: string;
      input?: unknown;
      dynamic?: boolean;
    } & ToolCallDetails)
  | { type: typeof BLOCK_PART | typeof FINAL_ANSWER_PART; id?: string; data: unknown }
  /**
   * The fields of the request besides its ids (AI SDK 7: `reason`, `signature`,
   * `approvalDescriptor`, `inputSchemaInput`, `isAutomatic`) go back with the answer.
   */
  | {
      type: 'tool-approval-request';
      approvalId: string;
      toolCallId: string;
      request: ApprovalRequest;
    }
  /** A back end that answered an approval itself (a provider-executed tool). */
  | { type: 'tool-approval-response'; approvalId: string; approved: boolean; reason?: string }
  | { type: 'tool-output-denied'; toolCallId: string }
  | { type: 'source-url'; sourceId: string; url: string; title?: string }
  | {
      type: 'source-document';
      sourceId: string;
      mediaType: string;
      title: string;
      filename?: string;
    }
  | {
      type: 'file' | 'reasoning-file';
      url: string;
      mediaType: string;
      filename?: string;
      providerMetadata?: ProviderMetadata;
    }
  /** A provider's own kind of content (AI SDK 7, `kind` = `provider.name`): kept and sent back. */
  | { type: 'custom'; kind: string; providerMetadata?: ProviderMetadata }
  /** A message the reader added to the running answer (AI SDK 7 steering). */
  | { type: 'steering-message'; id: string; text: string; files: FileRef[] }
  /** The step is being retried: everything it added goes (AI SDK 7). */
  | { type: 'reset-step' }
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
    case 'reset-step':
      return { type: part.type };
    case 'tool-approval-request':
      return str(part.approvalId) && str(part.toolCallId)
        ? {
            type: part.type,
            approvalId: part.approvalId,
            toolCallId: part.toolCallId,
            request: approvalRequestOf(part),
          }
        : undefined;
    case 'tool-approval-response':
      return str(part.approvalId) && typeof part.approved === 'boolean'
        ? {
            type: part.type,
            approvalId: part.approvalId,
            approved: part.approved,
            ...optional(part, 'reason'),
          }
        : undefined;
    case 'custom':
      return str(part.kind)
        ? { type: part.type, kind: part.kind, ...providerMetadataOf(part) }
        : undefined;
    case 'steering-message':
      return str(part.id) && Array.isArray(part.parts)
        ? steeringOf(part.id, part.parts)
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
    case 'reasoning-file':
      return str(part.url) && str(part.mediaType)
        ? {
            type: part.type,
            url: part.url,
            mediaType: part.mediaType,
            ...optional(part, 'filename'),
            ...providerMetadataOf(part),
          }
        : undefined;
    case 'text-start':
    case 'reasoning-start':
    case 'reasoning-end':
      return str(part.id)
        ? { type: part.type, id: part.id, ...providerMetadataOf(part) }
        : undefined;
    case 'text-end':
      return str(part.id)
        ? {
            type: part.type,
            id: part.id,
            ...providerMetadataOf(part),
            ...(Array.isArray(part.citations) ? { citations: part.citations as unknown[] } : {}),
          }
        : undefined;
    case 'text-delta':
    case 'reasoning-delta':
      return str(part.id) && str(part.delta)
        ? { type: part.type, id: part.id, delta: part.delta, ...providerMetadataOf(part) }
        : undefined;
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

/** `providerMetadata` when the part has an object there. */
const providerMetadataOf = (part: Record<string, unknown>) =>
  isPlainObject(part.providerMetadata)
    ? { providerMetadata: part.providerMetadata as ProviderMetadata }
    : {};

/** The fields of an approval request that go back with its answer, as `useChat` keeps them on the call's `approval`. */
function approvalRequestOf(part: Record<string, unknown>): ApprovalRequest {
  return {
    ...(str(part.reason) ? { requestReason: part.reason } : {}),
    ...(str(part.signature) ? { signature: part.signature } : {}),
    ...(part.approvalDescriptor != null ? { descriptor: part.approvalDescriptor } : {}),
    ...('inputSchemaInput' in part ? { inputSchemaInput: part.inputSchemaInput } : {}),
    ...(part.isAutomatic === true ? { isAutomatic: true as const } : {}),
  };
}

/** A steering message's text and files (its `parts`, as a user message holds them). */
function steeringOf(id: string, parts: unknown[]): StreamPart {
  const text: string[] = [];
  const files: FileRef[] = [];
  for (const raw of parts) {
    if (!isPlainObject(raw)) continue;
    const part = raw as Record<string, unknown>;
    if (part.type === 'text' && str(part.text)) text.push(part.text);
    else if (part.type === 'file' && str(part.url) && str(part.mediaType))
      files.push({ url: part.url, mediaType: part.mediaType, ...optional(part, 'filename') });
  }
  return { type: 'steering-message', id, text: text.join('\n\n'), files };
}

/** `messageMetadata` when the part has one. */
const metadataOf = (part: Record<string, unknown>) =>
  part.messageMetadata === undefined ? {} : { messageMetadata: part.messageMetadata };
/** An optional string field, when it is a string. */
const optional = <K extends string>(part: Record<string, unknown>, key: K) =>
  str(part[key]) ? ({ [key]: part[key] } as Record<K, string>) : {};
