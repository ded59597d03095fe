import type { Block, FormValue } from '../catalog/index.js';
import type {
  CustomItem,
  ActivityItem,
  DataItem,
  InterruptItem,
  FileItem,
  FileRef,
  NoticeCode,
  SourceItem,
  StepItem,
  SteeringItem,
  ToolItem,
  TurnStatus,
} from '../conversation/index.js';

/*
 * The trimmed projection of a conversation that is saved: text, validated
 * blocks, the final-answer layout, form submissions, reasoning, and tool
 * calls with their input and output (a large one kept as the start of its
 * JSON, saying it was shortened), so that what goes back to the back end
 * after a reload is what went before, shortened where it had to be. This
 * module is its format, which serialize.ts writes and restore.ts reads; the
 * same format serves IndexedDB, a host's own store, and tests.
 */

/** The projection format; a record with a higher number was written by a newer version and is left alone. */
export const PROJECTION_VERSION = 1;

/** Per-field caps (characters). Longer values are cut and end with "…". */
export const CAPS = Object.freeze({
  /** Characters of a user message's text. */
  userText: 20_000,
  /**
   * Characters of an assistant text part, a reasoning part and the final
   * answer's text: what an answer may bring within its budget
   * (`StreamLimits.maxAnswerChars`), so a reload shows what the reader saw.
   * The thread's own cap (`maxThreadBytes`) bounds what a thread keeps.
   */
  assistantText: 2_000_000,
  reasoning: 2_000_000,
  /** Characters of a notice's detail, a tool call's error text or approval reason. */
  notice: 500,
  /** JSON characters of the data sent with a user message; larger data is dropped. */
  userData: 16_000,
  /** Characters of one text value of a submitted form. */
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
  /** Characters of the fallback text saved in place of a block that did not validate. */
  fallbackText: 2_000,
  /** Characters of an opaque value (AG-UI `encryptedValue`); a longer one is not saved, as a cut one is useless. */
  encryptedValue: 256 * 1024,
});

export type SavedItem =
  | {
      kind: 'text' | 'reasoning';
      key: string;
      text: string;
      shortened?: true;
      providerMetadata?: Record<string, unknown>;
      citations?: unknown[];
      encryptedValue?: string;
      subagentRunId?: string;
    }
  | CustomItem
  | SteeringItem
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
      notShown?: string[];
    }
  | { kind: 'notice'; key: string; code: NoticeCode; detail: string }
  /** An interrupt's form is saved as it came and validated again when restored, as a block is. */
  | InterruptItem
  /** An activity is saved as its step shows it; its content is not kept. */
  | Omit<ActivityItem, 'content'>;

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
