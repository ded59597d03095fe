import {
  isOneOf,
  NOTICE_CODES,
  TOOL_STATUSES,
  TURN_STATUSES,
  type AssistantTurn,
  type BlockItem,
  type FileRef,
  type InterruptItem,
  type ThreadMessage,
  type ToolItem,
  type TurnItem,
  type TurnStatus,
} from '../conversation/index.js';
import { tooDeepOrCyclic } from '../conversation/data-depth.js';
import { isObject, isString } from './guards.js';
import { CAPS, PROJECTION_VERSION } from './projection.js';
import { validateBlock, type FormValue } from '../catalog/index.js';
import { restoredBlock } from './restored-block.js';

/*
 * Saved records back into messages. A record is read as untrusted: one this
 * version cannot read is left out rather than shown half right, and a turn
 * cut off by a reload comes back interrupted, its running tool calls failed.
 */

function restoreItem(raw: unknown): TurnItem | undefined {
  if (!isObject(raw) || !isString(raw.key)) return undefined;
  switch (raw.kind) {
    case 'text':
    case 'reasoning':
      if (!isString(raw.text)) return undefined;
      return {
        kind: raw.kind,
        key: raw.key,
        parts: raw.text ? [raw.text] : [],
        done: true,
        ...(raw.shortened === true ? { shortened: true } : {}),
        ...(isObject(raw.providerMetadata) ? { providerMetadata: raw.providerMetadata } : {}),
        ...(Array.isArray(raw.citations) ? { citations: raw.citations as unknown[] } : {}),
        ...restoreAnnotations(raw),
      };
    case 'tool': {
      if (!isString(raw.name) || !isString(raw.summary)) return undefined;
      const approval = restoreApproval(raw.approval);
      // A call that was running when the turn was cut off never reported; one awaiting approval still can be answered.
      let status =
        isOneOf(TOOL_STATUSES, raw.status) && raw.status !== 'running' ? raw.status : 'failed';
      if (status === 'awaiting_approval' && !approval) status = 'failed';
      const ids = Object.fromEntries(
        ['errorText', 'parentId', 'resultId']
          .filter((name) => isString(raw[name]))
          .map((name) => [name, raw[name]]),
      );
      return {
        kind: 'tool',
        key: raw.key,
        name: raw.name,
        status,
        summary: raw.summary,
        ...(raw.input === undefined ? {} : { input: raw.input }),
        ...(raw.output === undefined ? {} : { output: raw.output }),
        ...ids,
        ...(raw.dynamic === true ? { dynamic: true } : {}),
        ...(typeof raw.providerExecuted === 'boolean'
          ? { providerExecuted: raw.providerExecuted }
          : {}),
        ...(isString(raw.title) ? { title: raw.title } : {}),
        ...Object.fromEntries(
          ['toolMetadata', 'callProviderMetadata', 'resultProviderMetadata']
            .filter((name) => isObject(raw[name]))
            .map((name) => [name, raw[name]]),
        ),
        ...(approval ? { approval } : {}),
        ...restoreAnnotations(raw),
      };
    }
    case 'interrupt':
      return restoreInterrupt(raw.key, raw);
    case 'activity':
      return isString(raw.type) && isString(raw.summary)
        ? {
            kind: 'activity',
            key: raw.key,
            type: raw.type,
            ...(isString(raw.name) ? { name: raw.name } : {}),
            // A subagent still running when the turn was cut off never finished.
            status: raw.status === 'done' ? 'done' : 'failed',
            summary: raw.summary,
          }
        : undefined;
    case 'source': {
      if (!isString(raw.sourceId)) return undefined;
      const labels = Object.fromEntries(
        ['url', 'title', 'mediaType', 'filename']
          .filter((name) => isString(raw[name]))
          .map((name) => [name, raw[name]]),
      );
      return {
        kind: 'source',
        key: raw.key,
        sourceId: raw.sourceId,
        ...labels,
        ...(raw.urlShortened === true ? { urlShortened: true as const } : {}),
      };
    }
    case 'file': {
      const file = restoreFile(raw);
      return (
        file && {
          kind: 'file',
          key: raw.key,
          ...file,
          ...(raw.reasoning === true ? { reasoning: true as const } : {}),
          ...(isObject(raw.providerMetadata) ? { providerMetadata: raw.providerMetadata } : {}),
        }
      );
    }
    case 'custom':
      return isString(raw.customKind)
        ? {
            kind: 'custom',
            key: raw.key,
            customKind: raw.customKind,
            ...(isObject(raw.providerMetadata) ? { providerMetadata: raw.providerMetadata } : {}),
          }
        : undefined;
    case 'steering': {
      if (!isString(raw.id) || !isString(raw.text)) return undefined;
      const files = restoreFiles(raw.files);
      return {
        kind: 'steering',
        key: raw.key,
        id: raw.id,
        text: raw.text,
        ...(files.length ? { files } : {}),
      };
    }
    case 'step':
      return { kind: 'step', key: raw.key };
    case 'data':
      return isString(raw.type) && raw.type.startsWith('data-') && 'data' in raw
        ? {
            kind: 'data',
            key: raw.key,
            type: raw.type,
            ...(isString(raw.id) ? { id: raw.id } : {}),
            data: raw.data,
          }
        : undefined;
    case 'notice':
      return isOneOf(NOTICE_CODES, raw.code) && isString(raw.detail)
        ? { kind: 'notice', key: raw.key, code: raw.code, detail: raw.detail }
        : undefined;
    case 'block':
      return isString(raw.blockId) ? restoredBlock(raw.key, raw.blockId, raw) : undefined;
    default:
      return undefined;
  }
}

/**
 * The input of an answer call saved as a reference: the turn's block with
 * that id, or its report. Read when first needed, like the block, and seen
 * as the call's own input by a copy or JSON.
 */
function linkSavedInputs(turn: AssistantTurn, saved: readonly unknown[]) {
  for (const raw of saved) {
    if (
      !isObject(raw) ||
      raw.kind !== 'tool' ||
      !(isString(raw.inputBlockId) || raw.inputIsReport === true)
    )
      continue;
    const tool = turn.items.find(
      (item): item is ToolItem => item.kind === 'tool' && item.key === raw.key,
    );
    const blockId = raw.inputBlockId;
    const block = isString(blockId)
      ? turn.items.find(
          (item): item is BlockItem => item.kind === 'block' && item.blockId === blockId,
        )
      : undefined;
    if (!tool || (isString(blockId) && !block)) continue;
    Object.defineProperty(tool, 'input', {
      enumerable: true,
      configurable: true,
      get: () =>
        block
          ? block.block
          : turn.final && { text: turn.final.text, ui_block_ids: turn.final.blockIds },
      set: (value: unknown) =>
        Object.defineProperty(tool, 'input', {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        }),
    });
  }
}

/** AG-UI's opaque value and subagent of a message or call, when they are what was saved. */
function restoreAnnotations(raw: Record<string, unknown>) {
  return {
    ...(isString(raw.encryptedValue) && raw.encryptedValue.length <= CAPS.encryptedValue
      ? { encryptedValue: raw.encryptedValue }
      : {}),
    ...(isString(raw.subagentRunId) && raw.subagentRunId.length <= CAPS.name
      ? { subagentRunId: raw.subagentRunId }
      : {}),
  };
}

/** An interrupt, its form validated again (one that fails is left out: the message still shows). */
function restoreInterrupt(key: string, raw: Record<string, unknown>): InterruptItem | undefined {
  if (!isString(raw.interruptId) || !isString(raw.reason)) return undefined;
  const form = raw.form === undefined ? undefined : validateBlock(raw.form);
  const answer = isObject(raw.answer)
    ? (Object.fromEntries(
        Object.entries(raw.answer).filter(
          ([, value]) => value === null || ['string', 'number', 'boolean'].includes(typeof value),
        ),
      ) as Record<string, FormValue>)
    : undefined;
  return {
    kind: 'interrupt',
    key,
    interruptId: raw.interruptId,
    reason: raw.reason,
    ...(isString(raw.message) ? { message: raw.message } : {}),
    ...(isString(raw.expiresAt) ? { expiresAt: raw.expiresAt } : {}),
    ...(form?.ok
      ? { form: form.block, ...(raw.textAnswer === true ? { textAnswer: true as const } : {}) }
      : {}),
    ...(answer ? { answer } : {}),
    ...(raw.cancelled === true ? { cancelled: true as const } : {}),
  };
}

function restoreApproval(raw: unknown): ToolItem['approval'] {
  if (!isObject(raw) || !isString(raw.id)) return undefined;
  const texts = Object.fromEntries(
    ['reason', 'requestReason', 'signature']
      .filter((name) => isString(raw[name]))
      .map((name) => [name, raw[name]]),
  );
  return {
    id: raw.id,
    ...(typeof raw.approved === 'boolean' ? { approved: raw.approved } : {}),
    ...texts,
    ...(raw.descriptor === undefined ? {} : { descriptor: raw.descriptor }),
    ...('inputSchemaInput' in raw ? { inputSchemaInput: raw.inputSchemaInput } : {}),
    ...(raw.isAutomatic === true ? { isAutomatic: true as const } : {}),
  };
}

/** The files of a message (the reader's, or a steering message's) that can be read back. */
const restoreFiles = (raw: unknown): FileRef[] =>
  Array.isArray(raw)
    ? raw.map(restoreFile).filter((file): file is FileRef => file !== undefined)
    : [];

function restoreFile(raw: unknown): FileRef | undefined {
  if (!isObject(raw) || !isString(raw.url) || !isString(raw.mediaType)) return undefined;
  return {
    url: raw.url,
    mediaType: raw.mediaType,
    ...(isString(raw.filename) ? { filename: raw.filename } : {}),
  };
}

/** One saved message back in memory, or undefined when the record is not one this version can read. */
export function deserializeMessage(raw: unknown): ThreadMessage | undefined {
  if (!isObject(raw) || !isString(raw.id) || tooDeepOrCyclic(raw)) return undefined;
  if (raw.role === 'user') {
    if (!isString(raw.text)) return undefined;
    const files = restoreFiles(raw.files);
    return {
      role: 'user',
      id: raw.id,
      text: raw.text,
      ...(raw.data === undefined ? {} : { data: raw.data }),
      ...(files.length ? { files } : {}),
    };
  }
  if (raw.role !== 'assistant' || !Array.isArray(raw.items) || !isOneOf(TURN_STATUSES, raw.status))
    return undefined;
  const items = raw.items.map(restoreItem).filter((item): item is TurnItem => item !== undefined);
  const final =
    isObject(raw.final) && isString(raw.final.text) && Array.isArray(raw.final.blockIds)
      ? { text: raw.final.text, blockIds: raw.final.blockIds.filter(isString) }
      : undefined;
  // A turn saved while it streamed was cut off by a reload: it comes back interrupted.
  const status: TurnStatus = raw.status === 'streaming' ? 'interrupted' : raw.status;
  const metadata = raw.metadata === undefined ? {} : { metadata: raw.metadata };
  const turn: AssistantTurn = {
    role: 'assistant',
    id: raw.id,
    items,
    status,
    closed: true,
    ...(final ? { final } : {}),
    ...metadata,
  };
  linkSavedInputs(turn, raw.items);
  return turn;
}

/** A saved conversation back in memory; messages this version cannot read are left out. */
export function deserializeThread(saved: unknown): ThreadMessage[] {
  if (!isObject(saved) || !Array.isArray(saved.messages)) return [];
  if (typeof saved.version === 'number' && saved.version > PROJECTION_VERSION) return [];
  return saved.messages
    .map(deserializeMessage)
    .filter((message): message is ThreadMessage => message !== undefined);
}
