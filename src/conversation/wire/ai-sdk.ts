import {
  textOf,
  type FileRef,
  toolCallIdOf,
  type AssistantTurn,
  type BlockItem,
  type TextItem,
  type ThreadMessage,
  type ToolItem,
  type TurnItem,
} from '../messages.js';
import {
  BLOCK_PART,
  FINAL_ANSWER,
  FINAL_ANSWER_PART,
  FORM_ANSWER_PART,
  PRESENT_ANSWER,
} from '../names.js';

/*
 * The conversation as the AI SDK's `UIMessage`s: what the thread sends an
 * AI SDK back end, as `useChat` would hold it, so that the SDK's own
 * `convertToModelMessages` (and other frameworks' adapters of the same
 * format) give the model its tool calls with their results, its blocks and
 * its report. Nothing is invented: a call whose input never arrived goes
 * back as nothing, one whose result never arrived goes back without one.
 */

/**
 * Whether a `present_answer` call of the turn carried this block as it
 * stands: the call's input is the very block shown (a later data part that
 * updated the block replaced it). Such a call stands for the block in what
 * goes back to the back end.
 */
export const carriedByCall = (turn: AssistantTurn, block: BlockItem): boolean =>
  turn.items.some(
    (item) => item.kind === 'tool' && item.name === PRESENT_ANSWER && item.input === block.block,
  );

/** Whether `input` is the turn's report (as a `final_answer` call's input says it). */
export function isReportOf(turn: AssistantTurn, input: unknown): boolean {
  const report = input as { text?: unknown; ui_block_ids?: unknown } | null;
  const ids = report?.ui_block_ids;
  const blockIds = turn.final?.blockIds;
  return (
    report?.text === turn.final?.text &&
    Array.isArray(ids) &&
    ids.length === blockIds?.length &&
    ids.every((id, i) => id === blockIds[i])
  );
}

/** Whether a `final_answer` call of the turn carried its report: that call then stands for it in what goes back. */
export const reportCarriedByCall = (turn: AssistantTurn): boolean =>
  turn.items.some(
    (item) => item.kind === 'tool' && item.name === FINAL_ANSWER && isReportOf(turn, item.input),
  );

type UIPart = { type: string } & Record<string, unknown>;

/** A message as the AI SDK's `useChat` sends it (`UIMessage`). */
export interface UIMessage {
  id: string;
  role: 'user' | 'assistant';
  parts: UIPart[];
  metadata?: unknown;
}

/** Added to a text that was cut to fit storage: the back end knows it is not whole. */
export const SHORTENED_NOTE = ' [shortened when the conversation was saved]';

const textPart = (item: TextItem): UIPart => ({
  type: item.kind,
  text: textOf(item) + (item.shortened ? SHORTENED_NOTE : ''),
  ...(item.providerMetadata ? { providerMetadata: item.providerMetadata } : {}),
  ...(item.kind === 'text' && item.citations ? { citations: item.citations } : {}),
});

/** A file as the AI SDK's `file` part (or a reasoning file, `reasoning-file`). */
const filePart = (file: FileRef & { reasoning?: true; providerMetadata?: unknown }): UIPart => ({
  type: file.reasoning ? 'reasoning-file' : 'file',
  url: file.url,
  mediaType: file.mediaType,
  ...(file.filename && !file.reasoning ? { filename: file.filename } : {}),
  ...(file.providerMetadata ? { providerMetadata: file.providerMetadata } : {}),
});

/**
 * A tool call as the AI SDK's tool part (`tool-{name}`, or `dynamic-tool`),
 * in the state what arrived puts it in. An approval the reader has not
 * answered is left out: the call cannot go on until they do, and a model
 * given a call without a result fails the request.
 */
function toolPart(item: ToolItem): UIPart | undefined {
  const { approval, input } = item;
  if (approval && approval.approved === undefined) return undefined;
  if (input === undefined && !approval) return undefined;
  let result: Record<string, unknown>;
  if (item.status === 'denied') result = { state: 'output-denied' };
  else if (approval && item.status === 'awaiting_approval')
    result = { state: 'approval-responded' };
  else if (item.output !== undefined) result = { state: 'output-available', output: item.output };
  else if (item.errorText !== undefined)
    result = { state: 'output-error', errorText: item.errorText };
  // An approved call from before results were kept: its summary is all there is of its result.
  else if (approval && item.status === 'done')
    result = { state: 'output-available', output: item.summary };
  else if (approval && item.status === 'failed')
    result = { state: 'output-error', errorText: item.summary || 'failed' };
  else result = { state: 'input-available' };
  const name = item.dynamic
    ? { type: 'dynamic-tool', toolName: item.name }
    : { type: `tool-${item.name}` };
  const { providerExecuted, title, toolMetadata, callProviderMetadata } = item;
  return {
    ...name,
    toolCallId: toolCallIdOf(item),
    ...result,
    input: input ?? {},
    ...(approval ? { approval } : {}),
    ...(providerExecuted === undefined ? {} : { providerExecuted }),
    ...(title === undefined ? {} : { title }),
    ...(toolMetadata ? { toolMetadata } : {}),
    ...(callProviderMetadata ? { callProviderMetadata } : {}),
    ...(item.resultProviderMetadata &&
    (result.state === 'output-available' || result.state === 'output-error')
      ? { resultProviderMetadata: item.resultProviderMetadata }
      : {}),
  };
}

function assistantPart(item: TurnItem, turn: AssistantTurn): UIPart | undefined {
  switch (item.kind) {
    case 'text':
    case 'reasoning':
      return item.parts.length ? textPart(item) : undefined;
    case 'block':
      // A block that came as a `present_answer` call goes back as that call, which holds it.
      return carriedByCall(turn, item)
        ? undefined
        : { type: BLOCK_PART, id: item.blockId, data: item.block };
    case 'tool':
      return toolPart(item);
    case 'step':
      return { type: 'step-start' };
    case 'source': {
      const { sourceId, url, title, mediaType, filename } = item;
      return url === undefined
        ? {
            type: 'source-document',
            sourceId,
            mediaType: mediaType ?? 'application/octet-stream',
            title: title ?? filename ?? sourceId,
            ...(filename ? { filename } : {}),
          }
        : { type: 'source-url', sourceId, url, ...(title ? { title } : {}) };
    }
    case 'file':
      return item.url ? filePart(item) : undefined;
    case 'custom':
      return {
        type: 'custom',
        kind: item.customKind,
        ...(item.providerMetadata ? { providerMetadata: item.providerMetadata } : {}),
      };
    case 'steering':
      // Where `useChat` holds it: inside the answer it steered, as the reader's parts.
      return {
        type: 'steering-message',
        id: item.id,
        parts: [
          ...(item.text ? [{ type: 'text', text: item.text }] : []),
          ...(item.files ?? []).filter((file) => file.url).map(filePart),
        ],
      };
    case 'data':
      return {
        type: item.type,
        ...(item.id === undefined ? {} : { id: item.id }),
        data: item.data,
      };
    case 'notice':
      return undefined;
  }
}

/** The report as a data part, unless a `final_answer` call of the turn carried it (that call goes back instead). */
function reportPart(turn: AssistantTurn): UIPart | undefined {
  const { final } = turn;
  if (!final || reportCarriedByCall(turn)) return undefined;
  return { type: FINAL_ANSWER_PART, data: { text: final.text, ui_block_ids: final.blockIds } };
}

/** The conversation as AI SDK UI messages, each message's parts in the order they streamed. */
export function toUIMessages(messages: readonly ThreadMessage[]): UIMessage[] {
  return messages.flatMap((message): UIMessage[] => {
    if (message.role === 'user') {
      // Files first, as `useChat` puts them.
      const parts: UIPart[] = (message.files ?? []).filter((file) => file.url).map(filePart);
      parts.push({ type: 'text', text: message.text });
      if (message.data !== undefined) parts.push({ type: FORM_ANSWER_PART, data: message.data });
      return [{ id: message.id, role: 'user', parts }];
    }
    const parts = message.items
      .map((item) => assistantPart(item, message))
      .filter((part): part is UIPart => part !== undefined);
    const report = reportPart(message);
    if (report) parts.push(report);
    const metadata = message.metadata === undefined ? {} : { metadata: message.metadata };
    return parts.length ? [{ id: message.id, role: 'assistant', parts, ...metadata }] : [];
  });
}
