import { validateBlock, type Block, type FormValue } from '../catalog/index.js';
import {
  isOneOf,
  isReportOf,
  NOTICE_CODES,
  summarize,
  textOf,
  TOOL_STATUSES,
  TURN_STATUSES,
  type AssistantTurn,
  type BlockItem,
  type DataItem,
  type FileItem,
  type FileRef,
  type SourceItem,
  type StepItem,
  type TextItem,
  type ToolItem,
  type NoticeCode,
  type ThreadMessage,
  type TurnItem,
  type TurnStatus,
} from '../conversation/index.js';

/*
 * The trimmed projection of a conversation that is saved: text, validated
 * blocks, the final-answer layout, form submissions, reasoning, and tool
 * calls with their input and output (a large one kept as the start of its
 * JSON, saying it was shortened), so that what goes back to the back end
 * after a reload is what went before, shortened where it had to be. Pure
 * functions: the same projection serves IndexedDB, a host's own store, and tests.
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
  /** JSON characters of a tool call's input kept for its approval, of a host's data part, of a message's metadata; larger ones are not saved. */
  json: 16_000,
  /** Characters of a file's URL (a `data:` URL holds the whole file); a larger file is saved without it and shows as not saved. */
  fileUrl: 512_000,
  /** Characters of a source's or file's title, name or URL. */
  label: 2_000,
  /** Characters kept of a tool call's input or output whose JSON is over `json`: the start of it, saying it was cut. */
  toolExcerpt: 2_000,
  /** Characters of a tool's or data part's name, an id, a media type. */
  name: 200,
});

export type SavedItem =
  | { kind: 'text' | 'reasoning'; key: string; text: string; shortened?: true }
  /** An answer call's input may be saved as a reference: the turn's block with this id, or the turn's report. */
  | (Omit<ToolItem, 'preparing' | 'input'> & {
      input?: unknown;
      inputBlockId?: string;
      inputIsReport?: true;
    })
  | SourceItem
  | FileItem
  | StepItem
  | DataItem
  | {
      kind: 'block';
      key: string;
      blockId: string;
      block?: Block;
      fallbackText?: string;
      submissions?: Record<string, Record<string, FormValue>>;
    }
  | { kind: 'notice'; key: string; code: NoticeCode; detail: string };

export type SavedMessage =
  | { role: 'user'; id: string; text: string; data?: unknown; files?: FileRef[] }
  | {
      role: 'assistant';
      id: string;
      status: TurnStatus;
      items: SavedItem[];
      final?: { text: string; blockIds: string[] };
      metadata?: unknown;
    };

export interface SavedThread {
  version: number;
  messages: SavedMessage[];
}

const cap = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** A text item as saved; one cut to its cap is marked, so what goes back says so. */
function projectText(item: TextItem, max: number): SavedItem {
  const text = textOf(item);
  return {
    kind: item.kind,
    key: item.key,
    text: cap(text, max),
    ...(text.length > max || item.shortened ? { shortened: true as const } : {}),
  };
}

/**
 * A tool call's input or output as saved: whole when its JSON fits
 * `CAPS.json`, else the start of its JSON as a string that says it was cut
 * (what the back end is sent after a reload, as nothing better is kept).
 */
function projectToolValue(value: unknown): unknown {
  if (value === undefined) return undefined;
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    json = undefined;
  }
  if (json === undefined) return '[not saved: the value could not be stored]';
  if (json.length <= CAPS.json) return value;
  return `${json.slice(0, CAPS.toolExcerpt)}… [shortened when saved: ${json.length} characters in all]`;
}

/** `value` when its JSON fits in `max` characters, else undefined (it is not saved). */
function fitting(value: unknown, max = CAPS.json): unknown {
  try {
    return value !== undefined && (JSON.stringify(value)?.length ?? Infinity) <= max
      ? value
      : undefined;
  } catch {
    return undefined;
  }
}

/** A file as saved: a URL too long to keep (a large `data:` file) is left out, and the file shows as not saved. */
const projectFile = (file: FileRef): FileRef => ({
  url: file.url.length <= CAPS.fileUrl ? file.url : '',
  mediaType: cap(file.mediaType, 200),
  ...(file.filename ? { filename: cap(file.filename, CAPS.label) } : {}),
});

function projectItem(item: TurnItem, turn: AssistantTurn): SavedItem | undefined {
  switch (item.kind) {
    case 'text':
      return projectText(item, CAPS.assistantText);
    case 'reasoning':
      return projectText(item, CAPS.reasoning);
    case 'tool':
      return projectTool(item, turn);
    case 'source': {
      const { kind, key, sourceId, ...labels } = item;
      return {
        kind,
        key,
        sourceId: cap(sourceId, 200),
        ...Object.fromEntries(
          Object.entries(labels).map(([name, text]) => [name, cap(text, CAPS.label)]),
        ),
      };
    }
    case 'file':
      return { kind: 'file', key: item.key, ...projectFile(item) };
    case 'step':
      return { kind: 'step', key: item.key };
    case 'data': {
      const data = fitting(item.data);
      return data === undefined
        ? undefined
        : {
            kind: 'data',
            key: item.key,
            type: cap(item.type, 200),
            ...(item.id === undefined ? {} : { id: cap(item.id, 200) }),
            data,
          };
    }
    case 'notice':
      return {
        kind: 'notice',
        key: item.key,
        code: item.code,
        detail: cap(item.detail, CAPS.notice),
      };
    case 'block': {
      const submissions = Object.keys(item.submissions).length
        ? projectSubmissions(item.submissions)
        : undefined;
      const fallback = (item.block as { fallback_text?: unknown } | null)?.fallback_text;
      return item.valid
        ? {
            kind: 'block',
            key: item.key,
            blockId: item.blockId,
            block: item.block as Block,
            ...(submissions ? { submissions } : {}),
          }
        : {
            kind: 'block',
            key: item.key,
            blockId: item.blockId,
            fallbackText: typeof fallback === 'string' ? cap(fallback, 2_000) : '',
          };
    }
  }
}

/**
 * A tool call as saved. The input of an answer call is most often the block
 * or report the turn holds anyway: it is saved as a reference to it rather
 * than a second copy.
 */
function projectTool(item: ToolItem, turn: AssistantTurn): SavedItem {
  const { approval } = item;
  const shownBlock = turn.items.find(
    (i): i is BlockItem => i.kind === 'block' && i.valid && i.block === item.input,
  );
  const input = shownBlock
    ? { inputBlockId: shownBlock.blockId }
    : isReportOf(turn, item.input)
      ? { inputIsReport: true as const }
      : { input: projectToolValue(item.input) };
  const output = projectToolValue(item.output);
  return {
    kind: 'tool',
    key: cap(item.key, CAPS.name),
    name: cap(item.name, CAPS.name),
    status: item.status,
    summary: summarize(item.summary),
    ...(item.input === undefined ? {} : input),
    ...(output === undefined ? {} : { output }),
    ...(item.errorText === undefined ? {} : { errorText: cap(item.errorText, CAPS.notice) }),
    ...(item.dynamic ? { dynamic: true as const } : {}),
    ...(item.parentId ? { parentId: cap(item.parentId, CAPS.name) } : {}),
    ...(item.resultId ? { resultId: cap(item.resultId, CAPS.name) } : {}),
    ...(approval
      ? {
          approval: {
            ...approval,
            ...(approval.reason ? { reason: cap(approval.reason, CAPS.notice) } : {}),
          },
        }
      : {}),
  };
}

function projectSubmissions(submissions: Record<string, Record<string, FormValue>>) {
  return Object.fromEntries(
    Object.entries(submissions).map(([element, values]) => [
      element,
      Object.fromEntries(
        Object.entries(values).map(([name, value]) => [
          name,
          typeof value === 'string' ? cap(value, CAPS.formValue) : value,
        ]),
      ),
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
    const files = message.files?.map(projectFile);
    return {
      role: 'user',
      id: message.id,
      text: cap(message.text, CAPS.userText),
      ...(data === undefined ? {} : { data }),
      ...(files?.length ? { files } : {}),
    };
  }
  const metadata = fitting(message.metadata);
  return {
    role: 'assistant',
    id: message.id,
    status: message.status,
    items: message.items
      .map((item) => projectItem(item, message))
      .filter((item): item is SavedItem => item !== undefined),
    ...(message.final
      ? {
          final: {
            text: cap(message.final.text, CAPS.assistantText),
            blockIds: [...message.final.blockIds],
          },
        }
      : {}),
    ...(metadata === undefined ? {} : { metadata }),
  };
}

/** The trimmed projection of a conversation. */
export function serializeThread(messages: readonly ThreadMessage[]): SavedThread {
  return { version: PROJECTION_VERSION, messages: messages.map(serializeMessage) };
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

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
        ...(approval ? { approval } : {}),
      };
    }
    case 'source': {
      if (!isString(raw.sourceId)) return undefined;
      const labels = Object.fromEntries(
        ['url', 'title', 'mediaType', 'filename']
          .filter((name) => isString(raw[name]))
          .map((name) => [name, raw[name]]),
      );
      return { kind: 'source', key: raw.key, sourceId: raw.sourceId, ...labels };
    }
    case 'file': {
      const file = restoreFile(raw);
      return file && { kind: 'file', key: raw.key, ...file };
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

type BlockState = Pick<BlockItem, 'block' | 'valid' | 'submissions'>;
/** A restored block's saved record until it is checked, then what the check made of it. */
const SAVED = Symbol('saved');
const STATE = Symbol('state');
type RestoredBlock = BlockItem & { [SAVED]?: Record<string, unknown>; [STATE]?: BlockState };

// Kept out of sight (not enumerable): a copy or JSON of the item has only what the item shows.
const hidden = (value: unknown): PropertyDescriptor => ({
  value,
  writable: true,
  configurable: true,
});
const checked = (item: RestoredBlock): BlockState => {
  if (!item[STATE])
    Object.defineProperties(item, {
      [STATE]: hidden(checkBlock(item[SAVED]!)),
      [SAVED]: hidden(undefined),
    });
  return item[STATE]!;
};
// One set of accessors for every restored block: a thread of thousands of blocks holds no closures per block.
const accessor = (name: keyof BlockState): PropertyDescriptor => ({
  enumerable: true,
  get(this: RestoredBlock) {
    return checked(this)[name];
  },
  set(this: RestoredBlock, value: never) {
    checked(this)[name] = value;
  },
});
const BLOCK_STATE = {
  block: accessor('block'),
  valid: accessor('valid'),
  submissions: accessor('submissions'),
};

/**
 * A restored block. Every one passes the validator again, and one that no
 * longer does shows its fallback text; each is checked when first read
 * (shown, copied, sent), not all at once, so a thread of thousands of turns
 * shows its last ones without first checking every block before them.
 */
function restoredBlock(key: string, blockId: string, saved: Record<string, unknown>): BlockItem {
  return Object.defineProperties({ kind: 'block', key, blockId } as RestoredBlock, {
    ...BLOCK_STATE,
    [SAVED]: hidden(saved),
  });
}

function checkBlock(raw: Record<string, unknown>): BlockState {
  const result = raw.block === undefined ? undefined : validateBlock(raw.block);
  const submissions = isObject(raw.submissions)
    ? (raw.submissions as Record<string, Record<string, FormValue>>)
    : {};
  if (result?.ok) return { block: result.block, valid: true, submissions };
  const fallback = isString(raw.fallbackText)
    ? raw.fallbackText
    : isObject(raw.block) && isString(raw.block.fallback_text)
      ? raw.block.fallback_text
      : '';
  return { block: { fallback_text: fallback }, valid: false, submissions: {} };
}

function restoreApproval(
  raw: unknown,
): { id: string; approved?: boolean; reason?: string } | undefined {
  if (!isObject(raw) || !isString(raw.id)) return undefined;
  return {
    id: raw.id,
    ...(typeof raw.approved === 'boolean' ? { approved: raw.approved } : {}),
    ...(isString(raw.reason) ? { reason: raw.reason } : {}),
  };
}

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
  if (!isObject(raw) || !isString(raw.id)) return undefined;
  if (raw.role === 'user') {
    if (!isString(raw.text)) return undefined;
    const files = Array.isArray(raw.files)
      ? raw.files.map(restoreFile).filter((file): file is FileRef => file !== undefined)
      : [];
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
