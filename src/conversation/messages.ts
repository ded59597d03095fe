import type { Block, FormValue } from '../catalog/index.js';
import type { NoticeCode, ToolStatus, TurnStatus } from './names.js';
import { truncate } from '../catalog/shape.js';

/*
 * The conversation as data: user messages and assistant turns made of
 * items. The thread renders these, the store saves a projection of them,
 * the agent helpers read them back as model messages.
 */

export interface TextItem {
  kind: 'text' | 'reasoning';
  key: string;
  /**
   * The text as the deltas that built it while it streams. Appending to one
   * string would make every delta copy the whole message (a rope is
   * flattened on the next read); renderers consume new pieces instead. Once
   * the text is done its pieces are joined into one, in the same array.
   * `textOf()` joins.
   */
  parts: string[];
  done: boolean;
  /** The saved text was cut to fit its cap: what goes back to the back end says so. */
  shortened?: true;
  /** The provider's data on the text (e.g. a cache hint): sent back with it, as `useChat` keeps it. */
  providerMetadata?: Record<string, unknown>;
  /** What supports the text (AI SDK 7 `citations`): sent back with it; their sources are listed under the answer. */
  citations?: unknown[];
  /** AG-UI: a provider's opaque artefact and the subagent that wrote it, sent back with the message. */
  encryptedValue?: string;
  subagentRunId?: string;
}

/**
 * What an approval request carried besides its id (AI SDK 7), under the
 * names `useChat` keeps on the call's `approval`: all of it goes back with
 * the answer (a signed request is refused without its `signature`), and
 * `requestReason` is shown to the reader.
 */
export interface ApprovalRequest {
  requestReason?: string;
  signature?: string;
  descriptor?: unknown;
  inputSchemaInput?: unknown;
  isAutomatic?: true;
}

export interface ToolItem {
  kind: 'tool';
  key: string;
  name: string;
  status: ToolStatus;
  /** A short, plain summary of the output or error. */
  summary: string;
  /**
   * The call's input, once it is complete (`tool-input-available`); a call
   * whose input never arrived is not sent back (the AI SDK converts such a
   * call to nothing). An approval card shows it before the reader decides.
   */
  input?: unknown;
  /** What the tool returned (`tool-output-available`), sent back with the call as `useChat` holds it. */
  output?: unknown;
  /** Why the tool failed (`tool-output-error` / `tool-input-error`). */
  errorText?: string;
  /** The call came as a `dynamic-tool` (a tool the server did not declare statically). */
  dynamic?: true;
  /**
   * What the AI SDK's tool part holds beyond input and output, sent back as it
   * came: the provider ran the call itself (a web search: its result belongs
   * with the call), the title, the tool's metadata, and the provider's data on
   * the call and on its result.
   */
  providerExecuted?: boolean;
  title?: string;
  toolMetadata?: Record<string, unknown>;
  callProviderMetadata?: Record<string, unknown>;
  resultProviderMetadata?: Record<string, unknown>;
  /** AG-UI: the assistant message that made the call (`parentMessageId`), and the tool message of its result. */
  parentId?: string;
  resultId?: string;
  /** AG-UI: a provider's opaque artefact for the call and the subagent that made it, sent back with it. */
  encryptedValue?: string;
  subagentRunId?: string;
  /** The saved output was too long to keep whole: what goes back says so. */
  shortened?: true;
  /** The approval the call asked for (`tool-approval-request`) and the reader's answer, once given. */
  approval?: { id: string; approved?: boolean; reason?: string } & ApprovalRequest;
  /**
   * A `present_answer` call whose block has not arrived (nor been
   * rejected) yet: a placeholder stands where the block will appear. Never
   * saved: a turn that is over has nothing left to prepare.
   */
  preparing?: boolean;
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
  /**
   * An A2UI surface's block: the components it could not show (`Image`, …),
   * for the reader's note; at most `MAX_NOT_SHOWN`, live and restored alike.
   */
  notShown?: string[];
  /** An A2UI surface's block, while its turn streams: the surface (its part id). Never saved. */
  surface?: string;
}

/** How many of the parts an A2UI surface left out a block's note counts, at most. */
export const MAX_NOT_SHOWN = 20;

/**
 * An A2UI surface whose messages do not make a whole surface yet (or whose
 * reader has not loaded): a placeholder where its blocks will appear. Never
 * saved, never sent back.
 */
export interface SurfaceItem {
  kind: 'surface';
  /** `surface:` and the surface (its part id). */
  key: string;
}

export interface NoticeItem {
  kind: 'notice';
  key: string;
  code: NoticeCode;
  detail: string;
}

/** A source the answer used (`source-url` / `source-document`); listed, numbered, under the answer. */
export interface SourceItem {
  kind: 'source';
  key: string;
  sourceId: string;
  /** Only for a web source; the list links it only when it is http(s). */
  url?: string;
  /** The URL was too long to save: `url` is its start, and the list never links it. */
  urlShortened?: true;
  title?: string;
  /** A document source's media type and file name. */
  mediaType?: string;
  filename?: string;
}

/** A file as the AI SDK's `file` part carries it. */
export interface FileRef {
  /** A `data:` or `blob:` URL, or a remote one (never loaded). Empty when the file was too large to save. */
  url: string;
  mediaType: string;
  filename?: string;
}

/** A file the agent sent (`file` part), or one of its reasoning (`reasoning-file`, shown in the process). */
export interface FileItem extends FileRef {
  kind: 'file';
  key: string;
  reasoning?: true;
  providerMetadata?: Record<string, unknown>;
}

/** A provider's own kind of content (AI SDK 7 `custom` part): not shown, kept and sent back. */
export interface CustomItem {
  kind: 'custom';
  key: string;
  /** `provider.name`, e.g. `acme.cache-hint`. */
  customKind: string;
  providerMetadata?: Record<string, unknown>;
}

/** The reader's own words, added to the answer while it ran (AI SDK 7 `steering-message`). */
export interface SteeringItem {
  kind: 'steering';
  key: string;
  /** The message's id, as the back end gave it. */
  id: string;
  text: string;
  files?: FileRef[];
}

/** A step boundary (`start-step`), kept so the history reads back as the AI SDK's `step-start` parts. */
export interface StepItem {
  kind: 'step';
  key: string;
}

/** A `data-*` part the thread does not render itself: kept for the host (`answer-data`, `renderData`). */
export interface DataItem {
  kind: 'data';
  key: string;
  /** The part's own type, e.g. `data-weather`. */
  type: string;
  id?: string;
  data: unknown;
}

/**
 * AG-UI: what a run that ended on an interrupt waits for (`RUN_FINISHED`
 * outcome `interrupt`), and the reader's answer, sent as `resume` on the next run.
 */
export interface InterruptItem {
  kind: 'interrupt';
  key: string;
  interruptId: string;
  reason: string;
  message?: string;
  /** When it can no longer be answered (as sent, ISO 8601 by convention): the next run cancels it then. */
  expiresAt?: string;
  /** The form made from the interrupt's `responseSchema`; `textAnswer`: one text field whose value is the answer. */
  form?: Block;
  textAnswer?: true;
  /** The reader's answer (the form's values), or `cancelled` once a run went on without one. */
  answer?: Record<string, FormValue>;
  cancelled?: true;
}

/**
 * AG-UI: a subagent's work (`SUBAGENT_*`, `type` `subagent`) or an activity
 * (`ACTIVITY_*`): a compact step in the process, never sent back.
 */
export interface ActivityItem {
  kind: 'activity';
  key: string;
  /** `subagent`, or the activity's own type. */
  type: string;
  /** The subagent's name. */
  name?: string;
  status: 'running' | 'done' | 'failed';
  /** A short plain summary: the subagent's result or error, the activity's content. */
  summary: string;
  /** An activity's content, which `ACTIVITY_DELTA` patches; not saved. */
  content?: unknown;
}

export type TurnItem =
  | TextItem
  | ToolItem
  | BlockItem
  | NoticeItem
  | SourceItem
  | FileItem
  | StepItem
  | DataItem
  | CustomItem
  | SteeringItem
  | InterruptItem
  | ActivityItem
  | SurfaceItem;

export interface UserMessage {
  role: 'user';
  id: string;
  text: string;
  /** Structured data sent with the text, e.g. a form submission. */
  data?: unknown;
  /** Files attached in the composer, sent as `file` parts with `data:` URLs. */
  files?: FileRef[];
}

export interface AssistantTurn {
  role: 'assistant';
  id: string;
  items: TurnItem[];
  /** The final report; once set, the turn folds behind it. */
  final?: { text: string; blockIds: string[] };
  status: TurnStatus;
  /** No further part can change this turn. */
  closed: boolean;
  /** The message's metadata (`messageMetadata` of `start`, `message-metadata` and `finish`), as `UIMessage.metadata`. */
  metadata?: unknown;
}

export type ThreadMessage = UserMessage | AssistantTurn;

/** The whole text of a text or reasoning item. */
export const textOf = (item: TextItem): string => item.parts.join('');

/** The key of the item a tool call makes in its turn. */
export const toolKey = (toolCallId: string): string => `tool:${toolCallId}`;

/** The id of the tool call a tool item stands for (the AI SDK's `toolCallId`). */
export const toolCallIdOf = (item: ToolItem): string => item.key.slice(toolKey('').length);

const SUMMARY_LENGTH = 160;

/** A short plain-text summary of a tool's output; large payloads and base64 are not kept. */
export function summarize(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  } catch {
    return '';
  }
  text = text
    .replace(/[A-Za-z0-9+/=]{200,}/g, '[binary data]')
    .replace(/\s+/g, ' ')
    .trim();
  return truncate(text, SUMMARY_LENGTH);
}

let counter = 0;
/** An id unique within the page, e.g. `user-lx3k2-4`. */
export const newId = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;
