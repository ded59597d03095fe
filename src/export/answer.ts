import { msg } from '@lit/localize';
import {
  fallbackTextOf,
  validateBlock,
  validateFinalAnswer,
  type Block,
  type BlockElement,
  type FinalAnswer,
  type FormValue,
} from '../catalog/index.js';
import { answerPieces } from '../conversation/answer-pieces.js';
import { webUrl } from '../conversation/web-url.js';
import type { AssistantTurn, BlockItem, SourceItem } from '../conversation/index.js';

/** The answers a reader submitted to a block's forms, by element id and field name. */
export type Submissions = Record<string, Record<string, FormValue>>;

/*
 * What an export reads: an answer as a back end states it (the `final_answer` input, its blocks
 * and its sources) or a turn as the thread holds or stores it, read once into the same pieces,
 * every block validated again (an answer may come from storage or from anyone).
 */

/** A source of an answer: a title and, for a web source, its address. */
export interface ExportSource {
  title?: string;
  url?: string;
}

/** An answer as a back end states it. */
export interface AnswerInput {
  /** The `final_answer` input (`{ text, ui_block_ids }`), or the report's markdown alone. */
  report: FinalAnswer | string;
  /** The blocks `present_answer` published; those the report names are exported, in its order. */
  blocks: readonly unknown[];
  sources?: readonly ExportSource[];
}

/** A turn as `<agent-thread>` holds it, or as its store keeps it (a block item may then carry `fallbackText`). */
export type StoredTurn = Pick<AssistantTurn, 'items' | 'final'> & { role?: 'assistant' };

export type ExportInput = AnswerInput | StoredTurn;

/** How an export is written. */
export interface ExportOptions {
  /**
   * The disclosure every export carries, in its text and as a machine-readable mark; by default
   * the localized "AI-generated". An export always carries one: a host's wording replaces it.
   */
  disclosure?: string;
  /** The answer's language (BCP 47): the page's `lang` and direction. By default `en`. */
  locale?: string;
  /** The export's title; by default the report's first heading, else "Answer". */
  title?: string;
  /** When the answer was made; by default now. */
  created?: Date;
}

/** What an export could not carry as it is, and what it did instead. */
export interface ExportLoss {
  code: LossCode;
  /** The block, and the element in it, that lost something. */
  blockId?: string;
  elementId?: string;
  message: string;
}

export type LossCode =
  /** The report names a block the answer does not have. */
  | 'missing_block'
  /** A block failed validation: its fallback text stands in for it. */
  | 'invalid_block'
  /** A chart is given as its data table (and a summary), not drawn. */
  | 'chart_as_table'
  /** A map is given as its place and coordinates: no tiles, no request. */
  | 'map_as_text'
  /** A form not yet submitted is given as its questions: it cannot be answered there. */
  | 'form_read_only'
  /** An image in the report is given as its description: an export fetches nothing. */
  | 'image_left_out'
  /** The target's limits (blocks, characters, rows) cut the answer. */
  | 'cut_to_limit';

/** What an element loses in a format that cannot carry it as it is. */
const ELEMENT_LOSSES = {
  chart_as_table: (id: string) => `Chart ${id} is given as its data table and summary.`,
  map_as_text: (id: string) => `Map ${id} is given as its place and coordinates: no tiles.`,
  form_read_only: (id: string) => `Form ${id} is given as its questions: it cannot be answered.`,
};

/** Names in `losses` what element `elementId` of `block` lost. */
export function elementLost(
  losses: ExportLoss[],
  code: keyof typeof ELEMENT_LOSSES,
  block: Block,
  elementId: string,
) {
  losses.push({
    code,
    blockId: block.block_id,
    elementId,
    message: ELEMENT_LOSSES[code](elementId),
  });
}

/** What an export returns: its output, and what it lost. */
export interface ExportResult<T> {
  output: T;
  losses: ExportLoss[];
}

/** One piece of an answer, in order: the report's markdown, a valid block, or a rejected block's fallback text. */
export type Piece =
  | { kind: 'markdown'; text: string }
  /** A valid block, with the answers the reader submitted to its forms (by element id). */
  | { kind: 'block'; block: Block; submissions?: Submissions }
  | { kind: 'fallback'; blockId: string; text: string };

/** An answer read for export. */
export interface Answer {
  pieces: Piece[];
  sources: { title: string; url?: URL }[];
  disclosure: string;
  locale: string;
  title: string;
  created: Date;
  losses: ExportLoss[];
}

const isTurn = (input: ExportInput): input is StoredTurn =>
  Array.isArray((input as StoredTurn).items);

/** A block to export: valid, or its fallback text with the loss named. */
function pieceOf(
  raw: unknown,
  blockId: string,
  losses: ExportLoss[],
  submissions?: Submissions,
): Piece {
  const result = validateBlock(raw);
  if (result.ok)
    return { kind: 'block', block: result.block, ...(submissions ? { submissions } : {}) };
  losses.push({
    code: 'invalid_block',
    blockId,
    message:
      `Block ${blockId} is not valid (${result.errors[0]?.message ?? 'unknown error'}): ` +
      'its fallback text stands in for it.',
  });
  return { kind: 'fallback', blockId, text: fallbackTextOf(raw) };
}

function missing(blockId: string, losses: ExportLoss[]) {
  losses.push({
    code: 'missing_block',
    blockId,
    message: `The report names block ${blockId}, which the answer does not have.`,
  });
}

function readStated(input: AnswerInput, losses: ExportLoss[]) {
  const report = typeof input.report === 'string' ? undefined : validateFinalAnswer(input.report);
  const text =
    typeof input.report === 'string' ? input.report : report?.ok ? report.answer.text : '';
  const named = report?.ok ? report.answer.ui_block_ids : undefined;
  const blocks = Array.isArray(input.blocks) ? input.blocks : [];
  const idOf = (block: unknown) => String((block as { block_id?: unknown } | null)?.block_id ?? '');
  const pieces: Piece[] = text ? [{ kind: 'markdown', text }] : [];
  // The report's blocks in its order; with its markdown alone, every block in the order given.
  for (const id of named ?? blocks.map(idOf)) {
    // The last block published with an id is its newest state, as in the thread.
    const raw = blocks.findLast((block) => idOf(block) === id);
    if (raw === undefined) missing(id, losses);
    else pieces.push(pieceOf(raw, id, losses));
  }
  const sources = (Array.isArray(input.sources) ? input.sources : []).map((source) => ({
    title: String(source?.title ?? source?.url ?? ''),
    url: webUrl(source?.url),
  }));
  return { pieces, sources };
}

function readTurn(turn: StoredTurn, losses: ExportLoss[]) {
  // A stored text item keeps its text whole; a live one, as the parts it streamed in.
  const items = turn.items
    .filter((item) => item && typeof item === 'object')
    .map((item) => {
      const stored = item as { kind: string; parts?: unknown; text?: unknown };
      return stored.kind === 'text' && !Array.isArray(stored.parts)
        ? { ...item, parts: [String(stored.text ?? '')] }
        : item;
    }) as StoredTurn['items'];
  const blockOf = (item: BlockItem) => {
    const stored = item as BlockItem & { fallbackText?: string };
    // A stored block that failed validation keeps only its fallback text.
    return stored.block ?? { block_id: item.blockId, fallback_text: stored.fallbackText ?? '' };
  };
  const found = new Set(items.flatMap((item) => (item.kind === 'block' ? [item.blockId] : [])));
  for (const id of turn.final?.blockIds ?? []) if (!found.has(id)) missing(id, losses);
  // What the thread shows of the turn, as Copy and Read aloud say it.
  const shown = answerPieces({ ...turn, items } as AssistantTurn);
  const pieces = shown.map((piece): Piece => {
    if (piece.kind === 'text') return { kind: 'markdown', text: piece.text };
    const answered = piece.submissions && Object.keys(piece.submissions).length;
    return pieceOf(blockOf(piece), piece.blockId, losses, answered ? piece.submissions : undefined);
  });
  const sources = items
    .filter((item): item is SourceItem => item.kind === 'source')
    .map((source) => ({
      title: source.title || source.filename || source.url || source.sourceId,
      url: source.urlShortened ? undefined : webUrl(source.url),
    }));
  return { pieces, sources };
}

/** The report's first heading, as plain text. */
const firstHeading = (pieces: Piece[]) => {
  for (const piece of pieces) {
    if (piece.kind !== 'markdown') continue;
    const heading = /^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$/m.exec(piece.text)?.[1];
    if (heading) return heading.replace(/[*_`]/g, '').trim();
  }
  return undefined;
};

/** Reads `input` for export: never throws on what it is given, and names each loss. */
export function readAnswer(input: ExportInput, options: ExportOptions = {}): Answer {
  const losses: ExportLoss[] = [];
  const read =
    input && typeof input === 'object'
      ? isTurn(input)
        ? readTurn(input, losses)
        : readStated(input, losses)
      : { pieces: [], sources: [] };
  const disclosure = options.disclosure?.trim() || msg('AI-generated');
  return {
    ...read,
    disclosure,
    locale: options.locale || 'en',
    title: options.title?.trim() || firstHeading(read.pieces) || msg('Answer'),
    created: options.created ?? new Date(),
    losses,
  };
}

/** A block's elements as a tree, each visited once, a container's children inside it. */
export function renderTree<R>(
  block: Block,
  render: (id: string, element: BlockElement, children: () => R[]) => R,
): R {
  const visit = (id: string): R[] => {
    const element = block.elements[id];
    if (!element) return [];
    const children = () => ('children' in element ? (element.children ?? []).flatMap(visit) : []);
    return [render(id, element, children)];
  };
  return visit(block.root)[0]!;
}

/** Right-to-left languages, for the page's direction. */
const RTL = /^(ar|fa|he|iw|ps|sd|ug|ur|yi|dv|ckb)(-|$)/i;

export const isRightToLeft = (locale: string) => RTL.test(locale);
