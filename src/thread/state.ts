import { validateBlock, validateFinalAnswer, type Block, type ValidationError } from '../catalog/index.js';
import type { FormValue } from '../components/shared/events.js';
import type { StreamPart } from './parts.js';

/*
 * The conversation as data, and the turn rules applied to stream parts. No
 * DOM here: the elements render this state, the store saves it.
 */

export interface TextItem {
  kind: 'text' | 'reasoning';
  key: string;
  /**
   * The text as the deltas that built it. Appending to one string would
   * make every delta copy the whole message (a rope is flattened on the
   * next read); renderers consume new pieces instead. `textOf()` joins.
   */
  parts: string[];
  done: boolean;
}

/** The whole text of a text or reasoning item. */
export const textOf = (item: TextItem): string => item.parts.join('');

export interface ToolItem {
  kind: 'tool';
  key: string;
  name: string;
  status: 'running' | 'done' | 'failed';
  /** A short, plain summary of the output or error. */
  summary: string;
}

export interface BlockItem {
  kind: 'block';
  key: string;
  blockId: string;
  /** The validated block, or the raw input when it failed validation (it then renders its fallback). */
  block: unknown;
  valid: boolean;
  /** Submitted form answers, by element id. */
  submissions: Record<string, Record<string, FormValue>>;
}

export type NoticeCode = 'malformed_line' | 'connection_lost' | 'http_error' | 'stream_error' | 'invalid_final_answer' | 'request_failed' | 'storage';

export interface NoticeItem {
  kind: 'notice';
  key: string;
  code: NoticeCode;
  detail: string;
}

export type TurnItem = TextItem | ToolItem | BlockItem | NoticeItem;

export interface UserMessage {
  role: 'user';
  id: string;
  text: string;
  /** Structured data sent with the text, e.g. a form submission. */
  data?: unknown;
}

export type TurnStatus = 'streaming' | 'complete' | 'stopped' | 'interrupted' | 'error';

export interface AssistantTurn {
  role: 'assistant';
  id: string;
  items: TurnItem[];
  /** The final report; once set, the turn folds behind it. */
  final?: { text: string; blockIds: string[] };
  status: TurnStatus;
  /** No further part can change this turn. */
  closed: boolean;
}

export type ThreadMessage = UserMessage | AssistantTurn;

/** What a part changed, for the elements to re-render as little as possible. */
export interface Change {
  turn: AssistantTurn;
  /** A new turn was opened (the message list changed). */
  opened?: boolean;
  /** A block appeared for the first time. */
  newBlock?: BlockItem;
  /** The final report arrived. */
  final?: boolean;
  /** The turn is over: the stream behind it should stop. */
  closed?: boolean;
  /** An inline notice was added. */
  notice?: NoticeItem;
}

/** Tools whose calls are the answer UI itself rather than steps to show. */
export const PRESENT_ANSWER = 'present_answer';
export const FINAL_ANSWER = 'final_answer';

const SUMMARY_LENGTH = 160;

/** A short plain-text summary of a tool's output; large payloads and base64 are not kept. */
export function summarize(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
  text = text.replace(/[A-Za-z0-9+/=]{200,}/g, '[binary data]').replace(/\s+/g, ' ').trim();
  return text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH - 1)}…` : text;
}

let counter = 0;
export const newId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

export class ThreadState {
  messages: ThreadMessage[] = [];
  /** Set when a final answer arrived while other tool calls were still running. */
  private closeWhenIdle = new WeakSet<AssistantTurn>();

  /** The turn parts apply to, if one is streaming. */
  get openTurn(): AssistantTurn | undefined {
    const last = this.messages.at(-1);
    return last?.role === 'assistant' && !last.closed && last.status === 'streaming' ? last : undefined;
  }

  addUser(text: string, data?: unknown): UserMessage {
    const message: UserMessage = { role: 'user', id: newId('user'), text, ...(data === undefined ? {} : { data }) };
    this.messages.push(message);
    return message;
  }

  openNewTurn(id = newId('assistant')): AssistantTurn {
    const turn: AssistantTurn = { role: 'assistant', id, items: [], status: 'streaming', closed: false };
    this.messages.push(turn);
    return turn;
  }

  /** Ends the open turn, if any, with `status`. */
  endTurn(status: TurnStatus): AssistantTurn | undefined {
    const turn = this.openTurn;
    if (!turn) return undefined;
    turn.status = status;
    turn.closed = true;
    for (const item of turn.items) {
      if (item.kind === 'text' && !item.done) item.done = true;
      if (item.kind === 'tool' && item.status === 'running' && status !== 'complete') item.status = 'failed';
    }
    return turn;
  }

  addNotice(code: NoticeCode, detail: string): Change {
    const turn = this.openTurn ?? this.openNewTurn();
    const notice: NoticeItem = { kind: 'notice', key: newId('notice'), code, detail };
    turn.items.push(notice);
    return { turn, notice };
  }

  /** Applies one stream part. Returns what changed, or undefined when the part was ignored. */
  apply(part: StreamPart): Change | undefined {
    let turn = this.openTurn;
    let opened = false;
    if (!turn) {
      // A new turn starts with `start`, or with content answering a user message;
      // anything else is a late part of a turn that is over, and is ignored.
      const last = this.messages.at(-1);
      if (part.type !== 'start' && last?.role === 'assistant') return undefined;
      if (part.type === 'finish' || part.type === 'abort') return undefined;
      turn = this.openNewTurn('messageId' in part && part.messageId ? part.messageId : undefined);
      opened = true;
    }
    const change = this.applyToTurn(turn, part);
    return change ? { ...change, opened: opened || change.opened } : opened ? { turn, opened } : undefined;
  }

  private applyToTurn(turn: AssistantTurn, part: StreamPart): Change | undefined {
    switch (part.type) {
      case 'start':
        return { turn };
      case 'text-start':
      case 'reasoning-start':
        this.textItem(turn, part.type === 'text-start' ? 'text' : 'reasoning', part.id);
        return { turn };
      case 'text-delta':
      case 'reasoning-delta':
        if (part.delta) this.textItem(turn, part.type === 'text-delta' ? 'text' : 'reasoning', part.id).parts.push(part.delta);
        return { turn };
      case 'text-end':
      case 'reasoning-end':
        this.textItem(turn, part.type === 'text-end' ? 'text' : 'reasoning', part.id).done = true;
        return { turn };
      case 'tool-input-start':
        this.toolItem(turn, part.toolCallId, part.toolName);
        return { turn };
      case 'tool-input-delta':
        return undefined;
      case 'tool-input-available': {
        this.toolItem(turn, part.toolCallId, part.toolName);
        if (part.toolName === PRESENT_ANSWER) return this.applyBlock(turn, part.input);
        if (part.toolName === FINAL_ANSWER) return this.applyFinal(turn, part.input);
        return { turn };
      }
      case 'tool-output-available':
      case 'tool-output-error':
      case 'tool-input-error': {
        const tool = this.toolItem(turn, part.toolCallId, 'toolName' in part && part.toolName ? part.toolName : 'tool');
        tool.status = part.type === 'tool-output-available' ? 'done' : 'failed';
        tool.summary = summarize(part.type === 'tool-output-available' ? part.output : part.errorText);
        return this.closeIfIdle(turn) ?? { turn };
      }
      case 'data-answer_ui':
        return this.applyBlock(turn, part.data, part.id);
      case 'data-final_answer':
        return this.applyFinal(turn, part.data);
      case 'error': {
        const change = this.addNotice('stream_error', part.errorText);
        turn.status = 'error';
        turn.closed = true;
        return { ...change, closed: true };
      }
      case 'abort':
        this.endTurn('stopped');
        return { turn, closed: true };
      case 'finish':
        this.endTurn('complete');
        return { turn, closed: true };
      default:
        return undefined;
    }
  }

  private textItem(turn: AssistantTurn, kind: 'text' | 'reasoning', id: string): TextItem {
    const key = `${kind}:${id}`;
    let item = turn.items.find((i): i is TextItem => i.key === key);
    if (!item) {
      item = { kind, key, parts: [], done: false };
      turn.items.push(item);
    }
    return item;
  }

  private toolItem(turn: AssistantTurn, callId: string, name: string): ToolItem {
    const key = `tool:${callId}`;
    let item = turn.items.find((i): i is ToolItem => i.key === key);
    if (!item) {
      item = { kind: 'tool', key, name, status: 'running', summary: '' };
      turn.items.push(item);
    }
    return item;
  }

  private applyBlock(turn: AssistantTurn, raw: unknown, partId?: string): Change {
    const rawId = (raw as { block_id?: unknown } | null)?.block_id;
    const claimed = typeof rawId === 'string' ? rawId : partId;
    const previous = turn.items.find((i): i is BlockItem => i.kind === 'block' && i.blockId === claimed);
    // An update re-checks only the elements that changed.
    const result = validateBlock(raw, previous?.valid ? { reuse: previous.block as Block } : {});
    const blockId = result.ok ? result.block.block_id : (claimed ?? newId('invalid'));
    const existing = turn.items.find((i): i is BlockItem => i.kind === 'block' && i.blockId === blockId);
    const block = result.ok ? result.block : raw;
    if (existing) {
      // Same block id within the turn: the same item, updated in place.
      existing.block = block;
      existing.valid = result.ok;
      return { turn };
    }
    const item: BlockItem = { kind: 'block', key: `block:${blockId}`, blockId, block, valid: result.ok, submissions: {} };
    turn.items.push(item);
    return { turn, newBlock: item };
  }

  private applyFinal(turn: AssistantTurn, raw: unknown): Change {
    const published = turn.items.filter((i): i is BlockItem => i.kind === 'block').map((i) => i.blockId);
    const result = validateFinalAnswer(raw, { publishedBlockIds: published });
    let final: AssistantTurn['final'];
    let problems: ValidationError[] = [];
    if (result.ok) final = { text: result.answer.text, blockIds: result.answer.ui_block_ids };
    else {
      problems = result.errors;
      // Unknown or repeated block references cost only those references, not the report.
      const onlyReferences = result.errors.every((e) => e.code === 'missing_ref' || e.code === 'duplicate_ref');
      const answer = raw as { text?: unknown; ui_block_ids?: unknown };
      if (onlyReferences && typeof answer.text === 'string' && Array.isArray(answer.ui_block_ids)) {
        const ids = [...new Set(answer.ui_block_ids.filter((id): id is string => published.includes(id as string)))];
        final = { text: answer.text, blockIds: ids };
      }
    }
    let notice: NoticeItem | undefined;
    if (problems.length) {
      notice = { kind: 'notice', key: newId('notice'), code: 'invalid_final_answer', detail: problems.map((e) => `${e.code} at ${e.path}: ${e.message}`).join('\n') };
      turn.items.push(notice);
    }
    if (!final) return { turn, notice };
    turn.final = final;
    this.closeWhenIdle.add(turn);
    return { ...(this.closeIfIdle(turn) ?? { turn }), final: true, notice };
  }

  /** Once the final answer is in and no tool call is pending, the turn is over. */
  private closeIfIdle(turn: AssistantTurn): Change | undefined {
    if (!this.closeWhenIdle.has(turn)) return undefined;
    const pending = turn.items.some((i) => i.kind === 'tool' && i.status === 'running' && i.name !== FINAL_ANSWER && i.name !== PRESENT_ANSWER);
    if (pending) return undefined;
    this.endTurn('complete');
    return { turn, closed: true };
  }

  /** Records a form submission on the block that holds the form. */
  recordSubmission(blockId: string, elementId: string, values: Record<string, FormValue>, turnId?: string): BlockItem | undefined {
    for (const message of [...this.messages].reverse()) {
      if (message.role !== 'assistant' || (turnId && message.id !== turnId)) continue;
      const item = message.items.find((i): i is BlockItem => i.kind === 'block' && i.blockId === blockId);
      if (item) {
        item.submissions = { ...item.submissions, [elementId]: values };
        return item;
      }
    }
    return undefined;
  }
}
