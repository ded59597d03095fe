import { truncate } from '../catalog/shape.js';
import type { Block, FormValue } from '../catalog/index.js';
import {
  MAX_NOT_SHOWN,
  isReportOf,
  summarize,
  textOf,
  type AssistantTurn,
  type BlockItem,
  type FileRef,
  type TextItem,
  type ThreadMessage,
  type ToolItem,
  type TurnItem,
} from '../conversation/index.js';
import {
  CAPS,
  PROJECTION_VERSION,
  type SavedItem,
  type SavedMessage,
  type SavedThread,
} from './projection.js';

/*
 * Messages into what is saved. Every field is cut to its cap in CAPS and
 * whatever is too large to keep is dropped or kept in part, saying so, so
 * that one message never costs more than its caps allow. Pure functions.
 */

/** A text item as saved; one cut to its cap is marked, so what goes back says so. */
function projectText(item: TextItem, max: number): SavedItem {
  const text = textOf(item);
  const providerMetadata = fitting(item.providerMetadata);
  const citations = fitting(item.citations);
  return {
    kind: item.kind,
    key: item.key,
    text: truncate(text, max),
    ...(text.length > max || item.shortened ? { shortened: true as const } : {}),
    ...(providerMetadata ? { providerMetadata: providerMetadata as Record<string, unknown> } : {}),
    ...(citations ? { citations: citations as unknown[] } : {}),
    ...projectAnnotations(item),
  };
}

/** AG-UI's opaque value and subagent of a message or call, kept whole or not at all. */
function projectAnnotations(item: TextItem | ToolItem) {
  const { encryptedValue, subagentRunId } = item;
  return {
    ...(encryptedValue && encryptedValue.length <= CAPS.encryptedValue ? { encryptedValue } : {}),
    ...(subagentRunId && subagentRunId.length <= CAPS.name ? { subagentRunId } : {}),
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

/** The named object fields of `item` whose JSON fits `CAPS.json` (a larger one is not saved). */
function objectsThatFit<T extends object>(item: T, names: (keyof T & string)[]) {
  return Object.fromEntries(
    names.flatMap((name) => {
      const value = fitting(item[name]);
      return value === undefined ? [] : [[name, value]];
    }),
  ) as Partial<T>;
}

/** A file as saved: a URL too long to keep (a large `data:` file) is left out, and the file shows as not saved. */
const projectFile = (file: FileRef): FileRef => ({
  url: file.url.length <= CAPS.fileUrl ? file.url : '',
  mediaType: truncate(file.mediaType, CAPS.name),
  ...(file.filename ? { filename: truncate(file.filename, CAPS.label) } : {}),
});

function projectItem(item: TurnItem, turn: AssistantTurn): SavedItem | undefined {
  switch (item.kind) {
    case 'surface':
      // A placeholder: a turn read back has nothing left to prepare.
      return undefined;
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
        sourceId: truncate(sourceId, CAPS.name),
        ...Object.fromEntries(
          Object.entries(labels).map(([name, text]) => [
            name,
            typeof text === 'string' ? truncate(text, CAPS.label) : text,
          ]),
        ),
        // A URL cut to its cap would link somewhere else: it is kept as text only.
        ...(item.url && item.url.length > CAPS.label ? { urlShortened: true as const } : {}),
      };
    }
    case 'file': {
      const providerMetadata = fitting(item.providerMetadata);
      return {
        kind: 'file',
        key: item.key,
        ...projectFile(item),
        ...(item.reasoning ? { reasoning: true as const } : {}),
        ...(providerMetadata
          ? { providerMetadata: providerMetadata as Record<string, unknown> }
          : {}),
      };
    }
    case 'custom': {
      const providerMetadata = fitting(item.providerMetadata);
      return {
        kind: 'custom',
        key: item.key,
        customKind: truncate(item.customKind, CAPS.name),
        ...(providerMetadata
          ? { providerMetadata: providerMetadata as Record<string, unknown> }
          : {}),
      };
    }
    case 'steering':
      return {
        kind: 'steering',
        key: truncate(item.key, CAPS.name),
        id: truncate(item.id, CAPS.name),
        text: truncate(item.text, CAPS.userText),
        ...(item.files?.length ? { files: item.files.map(projectFile) } : {}),
      };
    case 'step':
      return { kind: 'step', key: item.key };
    case 'data': {
      const data = fitting(item.data);
      return data === undefined
        ? undefined
        : {
            kind: 'data',
            key: item.key,
            type: truncate(item.type, CAPS.name),
            ...(item.id === undefined ? {} : { id: truncate(item.id, CAPS.name) }),
            data,
          };
    }
    case 'interrupt':
      return {
        ...item,
        reason: truncate(item.reason, CAPS.name),
        ...(item.message ? { message: truncate(item.message, CAPS.label) } : {}),
        ...(item.answer ? { answer: projectSubmissions({ form: item.answer }).form } : {}),
      };
    case 'activity':
      return {
        kind: 'activity',
        key: item.key,
        type: truncate(item.type, CAPS.name),
        ...(item.name ? { name: truncate(item.name, CAPS.name) } : {}),
        status: item.status,
        summary: summarize(item.summary),
      };
    case 'notice':
      return {
        kind: 'notice',
        key: item.key,
        code: item.code,
        detail: truncate(item.detail, CAPS.notice),
      };
    case 'block': {
      const submissions = Object.keys(item.submissions).length
        ? projectSubmissions(item.submissions)
        : undefined;
      const fallback = (item.block as { fallback_text?: unknown } | null)?.fallback_text;
      const notShown = item.notShown?.length
        ? { notShown: item.notShown.slice(0, MAX_NOT_SHOWN).map((n) => truncate(n, CAPS.name)) }
        : {};
      return item.valid
        ? {
            kind: 'block',
            key: item.key,
            blockId: item.blockId,
            block: item.block as Block,
            ...(submissions ? { submissions } : {}),
            ...notShown,
          }
        : {
            kind: 'block',
            key: item.key,
            blockId: item.blockId,
            fallbackText: typeof fallback === 'string' ? truncate(fallback, CAPS.fallbackText) : '',
            ...notShown,
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
    key: truncate(item.key, CAPS.name),
    name: truncate(item.name, CAPS.name),
    status: item.status,
    summary: summarize(item.summary),
    ...(item.input === undefined ? {} : input),
    ...(output === undefined ? {} : { output }),
    ...(item.errorText === undefined ? {} : { errorText: truncate(item.errorText, CAPS.notice) }),
    ...(item.dynamic ? { dynamic: true as const } : {}),
    ...(item.providerExecuted === undefined ? {} : { providerExecuted: item.providerExecuted }),
    ...(item.title ? { title: truncate(item.title, CAPS.label) } : {}),
    ...objectsThatFit(item, ['toolMetadata', 'callProviderMetadata', 'resultProviderMetadata']),
    ...(item.parentId ? { parentId: truncate(item.parentId, CAPS.name) } : {}),
    ...(item.resultId ? { resultId: truncate(item.resultId, CAPS.name) } : {}),
    ...projectAnnotations(item),
    ...(approval ? { approval: projectApproval(approval) } : {}),
  };
}

/**
 * An approval as saved: its texts cut to their caps, a descriptor too large to keep left out,
 * the signature whole (a cut one is refused).
 */
function projectApproval(approval: NonNullable<ToolItem['approval']>): ToolItem['approval'] {
  const { reason, requestReason, descriptor, inputSchemaInput, ...rest } = approval;
  const kept = { descriptor: fitting(descriptor), inputSchemaInput: fitting(inputSchemaInput) };
  return {
    ...rest,
    ...(reason ? { reason: truncate(reason, CAPS.notice) } : {}),
    ...(requestReason ? { requestReason: truncate(requestReason, CAPS.notice) } : {}),
    ...(kept.descriptor === undefined ? {} : { descriptor: kept.descriptor }),
    ...('inputSchemaInput' in approval && kept.inputSchemaInput !== undefined
      ? { inputSchemaInput: kept.inputSchemaInput }
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
          typeof value === 'string' ? truncate(value, CAPS.formValue) : value,
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
      text: truncate(message.text, CAPS.userText),
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
            text: truncate(message.final.text, CAPS.assistantText),
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
