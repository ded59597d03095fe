import { validateBlock, type Block, type FormValue } from '../catalog/index.js';
import {
  isOneOf,
  NOTICE_CODES,
  summarize,
  textOf,
  TURN_STATUSES,
  type AssistantTurn,
  type NoticeCode,
  type ThreadMessage,
  type ToolStatus,
  type TurnItem,
  type TurnStatus,
} from '../conversation/index.js';

/*
 * The trimmed projection of a conversation that is saved: text, validated
 * blocks, the final-answer layout, form submissions, and tool and reasoning
 * steps reduced to a name, a status and a short summary. Pure functions:
 * the same projection serves IndexedDB, a host's own store, and tests.
 */

/** The projection format; a record with a higher number was written by a newer version and is left alone. */
export const PROJECTION_VERSION = 1;

/** Per-field caps (characters). Longer values are cut and end with "…". */
export const CAPS = Object.freeze({
  userText: 20_000,
  assistantText: 100_000,
  reasoning: 4_000,
  notice: 500,
  /** JSON characters of the data sent with a user message; larger data is dropped. */
  userData: 16_000,
  formValue: 2_000,
});

export type SavedItem =
  | { kind: 'text' | 'reasoning'; key: string; text: string }
  | { kind: 'tool'; key: string; name: string; status: ToolStatus; summary: string }
  | { kind: 'block'; key: string; blockId: string; block?: Block; fallbackText?: string; submissions?: Record<string, Record<string, FormValue>> }
  | { kind: 'notice'; key: string; code: NoticeCode; detail: string };

export type SavedMessage =
  | { role: 'user'; id: string; text: string; data?: unknown }
  | { role: 'assistant'; id: string; status: TurnStatus; items: SavedItem[]; final?: { text: string; blockIds: string[] } };

export interface SavedThread {
  version: number;
  messages: SavedMessage[];
}

const cap = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function projectItem(item: TurnItem): SavedItem {
  switch (item.kind) {
    case 'text':
      return { kind: 'text', key: item.key, text: cap(textOf(item), CAPS.assistantText) };
    case 'reasoning':
      return { kind: 'reasoning', key: item.key, text: cap(textOf(item), CAPS.reasoning) };
    case 'tool':
      return { kind: 'tool', key: item.key, name: cap(item.name, 200), status: item.status, summary: summarize(item.summary) };
    case 'notice':
      return { kind: 'notice', key: item.key, code: item.code, detail: cap(item.detail, CAPS.notice) };
    case 'block': {
      const submissions = Object.keys(item.submissions).length ? projectSubmissions(item.submissions) : undefined;
      const fallback = (item.block as { fallback_text?: unknown } | null)?.fallback_text;
      return item.valid
        ? { kind: 'block', key: item.key, blockId: item.blockId, block: item.block as Block, ...(submissions ? { submissions } : {}) }
        : { kind: 'block', key: item.key, blockId: item.blockId, fallbackText: typeof fallback === 'string' ? cap(fallback, 2_000) : '' };
    }
  }
}

function projectSubmissions(submissions: Record<string, Record<string, FormValue>>) {
  return Object.fromEntries(
    Object.entries(submissions).map(([element, values]) => [
      element,
      Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? cap(value, CAPS.formValue) : value])),
    ]),
  );
}

/** One message as it is saved. */
export function serializeMessage(message: ThreadMessage): SavedMessage {
  if (message.role === 'user') {
    let data = message.data;
    try {
      if (data !== undefined && JSON.stringify(data).length > CAPS.userData) data = undefined;
    } catch {
      data = undefined;
    }
    return { role: 'user', id: message.id, text: cap(message.text, CAPS.userText), ...(data === undefined ? {} : { data }) };
  }
  return {
    role: 'assistant',
    id: message.id,
    status: message.status,
    items: message.items.map(projectItem),
    ...(message.final ? { final: { text: cap(message.final.text, CAPS.assistantText), blockIds: [...message.final.blockIds] } } : {}),
  };
}

/** The trimmed projection of a conversation. */
export function serializeThread(messages: readonly ThreadMessage[]): SavedThread {
  return { version: PROJECTION_VERSION, messages: messages.map(serializeMessage) };
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function restoreItem(raw: unknown): TurnItem | undefined {
  if (!isObject(raw) || !isString(raw.key)) return undefined;
  switch (raw.kind) {
    case 'text':
    case 'reasoning':
      return isString(raw.text) ? { kind: raw.kind, key: raw.key, parts: raw.text ? [raw.text] : [], done: true } : undefined;
    case 'tool':
      if (!isString(raw.name) || !isString(raw.summary)) return undefined;
      return { kind: 'tool', key: raw.key, name: raw.name, status: raw.status === 'done' ? 'done' : 'failed', summary: raw.summary };
    case 'notice':
      return isOneOf(NOTICE_CODES, raw.code) && isString(raw.detail) ? { kind: 'notice', key: raw.key, code: raw.code, detail: raw.detail } : undefined;
    case 'block': {
      if (!isString(raw.blockId)) return undefined;
      // Every restored block passes the validator again; one that no longer does shows its fallback text.
      const result = raw.block === undefined ? undefined : validateBlock(raw.block);
      const submissions = isObject(raw.submissions) ? (raw.submissions as Record<string, Record<string, FormValue>>) : {};
      if (result?.ok) return { kind: 'block', key: raw.key, blockId: raw.blockId, block: result.block, valid: true, submissions };
      const fallback = isString(raw.fallbackText) ? raw.fallbackText : isObject(raw.block) && isString(raw.block.fallback_text) ? raw.block.fallback_text : '';
      return { kind: 'block', key: raw.key, blockId: raw.blockId, block: { fallback_text: fallback }, valid: false, submissions: {} };
    }
    default:
      return undefined;
  }
}

/** One saved message back in memory, or undefined when the record is not one this version can read. */
export function deserializeMessage(raw: unknown): ThreadMessage | undefined {
  if (!isObject(raw) || !isString(raw.id)) return undefined;
  if (raw.role === 'user') {
    return isString(raw.text) ? { role: 'user', id: raw.id, text: raw.text, ...(raw.data === undefined ? {} : { data: raw.data }) } : undefined;
  }
  if (raw.role !== 'assistant' || !Array.isArray(raw.items) || !isOneOf(TURN_STATUSES, raw.status)) return undefined;
  const items = raw.items.map(restoreItem).filter((item): item is TurnItem => item !== undefined);
  const final =
    isObject(raw.final) && isString(raw.final.text) && Array.isArray(raw.final.blockIds)
      ? { text: raw.final.text, blockIds: raw.final.blockIds.filter(isString) }
      : undefined;
  // A turn saved while it streamed was cut off by a reload: it comes back interrupted.
  const status: TurnStatus = raw.status === 'streaming' ? 'interrupted' : raw.status;
  const turn: AssistantTurn = { role: 'assistant', id: raw.id, items, status, closed: true, ...(final ? { final } : {}) };
  return turn;
}

/** A saved conversation back in memory; messages this version cannot read are left out. */
export function deserializeThread(saved: unknown): ThreadMessage[] {
  if (!isObject(saved) || !Array.isArray(saved.messages)) return [];
  if (typeof saved.version === 'number' && saved.version > PROJECTION_VERSION) return [];
  return saved.messages.map(deserializeMessage).filter((message): message is ThreadMessage => message !== undefined);
}
