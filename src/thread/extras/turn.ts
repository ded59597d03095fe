import { msg } from '@lit/localize';
import { html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
// A type only: importing the block element (an entry module) from this chunk would make the
// bundler split modules the entry shares into a chunk the entry loads up front. The thread,
// which the entry loads, registers `<answer-block>` (its `dependencies`).
import type { AnswerBlock } from '../../components/block/block.js';
import { turnStyles } from './turn.styles.js';
import {
  ANSWER_TOOLS,
  type AssistantTurn,
  type BlockItem,
  type CustomItem,
  type DataItem,
  type FileItem,
  type NoticeCode,
  type ToolStatus,
  type TurnItem,
} from '../../conversation/index.js';
import { AnswerElement } from '../../base/answer-element.js';
import { noticeText } from '../notices.js';
import { notShownText } from '../../base/not-shown.js';
import { sourcesOf } from './sources-of.js';
import { shownTurns, type DataRenderer } from '../turn-view.js';
import { AI_SOURCE_TYPE } from '../../export/mark.js';

/**
 * A rejected block's fallback text, as the catalog's `fallbackTextOf` reads it (written here: an
 * import of an entry module from this chunk makes the bundler split the modules the entry shares
 * into a chunk the entry loads up front).
 */
function fallbackOf(block: unknown): string {
  let value = block;
  try {
    if (typeof block === 'string') value = JSON.parse(block);
  } catch {
    return '';
  }
  const text = (value as { fallback_text?: unknown } | null)?.fallback_text;
  return typeof text === 'string' ? text.slice(0, 2_000) : '';
}

/** Notices of what the reader can do nothing about and loses little by: shown, but not as errors. */
const QUIET_NOTICES: readonly NoticeCode[] = ['invalid_update', 'unknown_part'];

const isInternalTool = (item: TurnItem) => item.kind === 'tool' && ANSWER_TOOLS.includes(item.name);

/** A tool step's mark and state. */
function toolState(status: ToolStatus): [string, string] {
  switch (status) {
    case 'running':
      return ['⋯', msg('running')];
    case 'done':
      return ['✓', msg('done')];
    case 'failed':
      return ['✕', msg('failed')];
    case 'awaiting_approval':
      return ['?', msg('waiting for approval')];
    case 'denied':
      return ['✕', msg('denied')];
    case 'waiting':
      return ['…', msg('waiting for the app')];
  }
}

/** Where a block will be, while it is prepared (an answer call, an A2UI surface not whole yet). */
const preparingCard = () =>
  html`<div class="card preparing" aria-busy="true">
    <span>${msg('Preparing…')}</span><span class="skeleton" aria-hidden="true"></span>
  </div>`;

/** The subagents a turn shows as steps, by run id: their work shows under them, not on its own. */
const subagentSteps = (turn: AssistantTurn) =>
  new Set(
    turn.items
      .filter((i) => i.kind === 'activity' && i.type === 'subagent')
      .map((i) => i.key.slice('subagent:'.length)),
  );

/** Whether an item is the work of a subagent shown as a step (`steps`, from `subagentSteps`). */
const underSubagent = (item: TurnItem, steps: ReadonlySet<string>) =>
  'subagentRunId' in item && item.subagentRunId !== undefined && steps.has(item.subagentRunId);

/** Files in a row share one `<answer-files>`. */
type Shown = TurnItem | { kind: 'files'; key: string; files: FileItem[] };

function withFilesGrouped(items: TurnItem[]): Shown[] {
  const out: Shown[] = [];
  for (const item of items) {
    const last = out.at(-1);
    if (item.kind !== 'file') out.push(item);
    else if (
      last?.kind === 'files' &&
      Boolean(last.files[0]!.reasoning) === Boolean(item.reasoning)
    )
      last.files.push(item);
    else out.push({ kind: 'files', key: item.key, files: [item] });
  }
  return out;
}

/** A file the agent sent with its answer, not one of its reasoning (which belongs to the process). */
const isAnswerFile = (item: TurnItem): item is FileItem => item.kind === 'file' && !item.reasoning;

/**
 * @tag agent-turn
 * @summary One assistant turn: text, blocks, reasoning and tool steps in stream
 * order; once the final report is in, the report and the blocks it names,
 * with everything else folded under "View process", for review only (a
 * form there cannot be submitted) and rendered when the reader first opens
 * it, so a finished turn scrolled past costs only its report. Block elements are kept
 * by block id and moved, never re-created, so a block is never mounted twice
 * and keeps its state when it moves into the report. The sources are listed
 * once, numbered, under the answer; files the agent sent show where they
 * arrived (with the report once there is one); a tool call that asks for
 * approval is a card with Approve and Deny; data parts show what
 * `renderData` returns for them. A `[N]` in the answer's text links to
 * source N: following it scrolls to the source, focuses and highlights it.
 *
 * @fires answer-approval-response - The reader approved or denied a tool call; `detail: { approvalId, approved, reason? }`.
 * @fires answer-interrupt-response - The reader answered an AG-UI interrupt's form; `detail: { interruptId, values }`.
 * @fires answer-file-select - The reader chose a file chip; `detail: { url, mediaType, filename? }`.
 * @csspart report - The final report and what it keeps on display.
 * @csspart process - The "View process" disclosure.
 * @csspart disclosure - The "AI-generated" disclosure. The element itself is marked for machines:
 * `data-digital-source-type` is IPTC's `trainedAlgorithmicMedia`.
 */
export class AgentTurn extends AnswerElement {
  static override styles = turnStyles;

  /** The turn to show; `renderTurn` renders it again when it changes in place. */
  @property({ attribute: false }) turn?: AssistantTurn;

  /** Renders a data part the thread does not render itself (e.g. `data-weather`); called again when its data changes. */
  @property({ attribute: false }) renderData?: DataRenderer;

  /** The disclosure's text, `none` for none (`AgentThread.disclosure`). */
  @property({ attribute: false }) disclosure?: string;

  /** Where the disclosure shows: `end` (the default) or `start`. */
  @property({ attribute: false }) disclosurePosition?: 'start' | 'end';

  private blocks = new Map<string, AnswerBlock>();
  /** The subagents the turn shows as steps, as of its last render (`subagentSteps`). */
  private subagents: ReadonlySet<string> = new Set();
  private dataElements = new Map<
    string,
    { data: unknown; render: DataRenderer; element?: Element | null }
  >();

  override connectedCallback() {
    super.connectedCallback();
    // A crawler or an extension can tell an AI-generated answer on the live page.
    this.dataset.digitalSourceType = AI_SOURCE_TYPE;
    if (this.turn) shownTurns.set(this.turn, this);
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.letGoOf(this.turn);
  }

  protected override willUpdate(changed: PropertyValues<this>) {
    if (!changed.has('turn')) return;
    this.letGoOf(changed.get('turn'));
    if (this.turn && this.isConnected) shownTurns.set(this.turn, this);
  }

  /** A turn this element no longer shows does not lead to it (nor keep it in memory). */
  private letGoOf(turn: AssistantTurn | undefined) {
    if (turn && shownTurns.get(turn) === this) shownTurns.delete(turn);
  }

  protected override createRenderRoot() {
    const root = super.createRenderRoot();
    root.addEventListener('click', (event) => this.showSource(event));
    return root;
  }

  /** A citation's link (`<a class="cite" href="#source-N">` in the answer's markdown) shows source N in the list rather than navigating. */
  private showSource(event: Event) {
    const link = event.composedPath()[0];
    if (!(
      link instanceof HTMLAnchorElement &&
      link.matches('.cite') &&
      (link.getRootNode() as ShadowRoot).host?.localName === 'answer-markdown'
    ))
      return;
    event.preventDefault();
    // Until the chunk of the list has loaded, the element has no reveal() yet.
    this.renderRoot.querySelector('answer-sources')?.reveal?.(+link.hash.slice('#source-'.length));
  }

  /** The element showing a block of this turn; a `reviewOnly` one sends nothing (its forms cannot be submitted). */
  blockElement(item: BlockItem, reviewOnly = false): AnswerBlock {
    let element = this.blocks.get(item.blockId);
    if (!element) {
      element = document.createElement('answer-block');
      element.dataset.blockId = item.blockId;
      this.blocks.set(item.blockId, element);
    }
    // The conversation validated the block once; a rejected one shows its fallback text.
    element.block = item.valid ? item.block : undefined;
    element.fallbackText = item.valid ? '' : fallbackOf(item.block);
    element.submissions = item.submissions;
    element.reviewOnly = reviewOnly;
    return element;
  }

  /** A block with the quiet line of what it leaves out, if it came from an A2UI surface that did. */
  private shownBlock(item: BlockItem, reviewOnly = false) {
    const element = this.blockElement(item, reviewOnly);
    return item.notShown?.length
      ? html`${element}<p class="notice quiet not-shown">${notShownText(item.notShown)}</p>`
      : element;
  }

  /**
   * What takes room on screen: answer calls only while their block is
   * prepared, text once it has some, data the host renders; a subagent's
   * work only under its step.
   */
  private isShown(item: TurnItem): boolean {
    if (underSubagent(item, this.subagents)) return false;
    if (item.kind === 'tool') return !ANSWER_TOOLS.includes(item.name) || Boolean(item.preparing);
    if (item.kind === 'data' || item.kind === 'custom') return Boolean(this.renderData);
    return (
      !(item.kind === 'text' && !item.parts.length) &&
      item.kind !== 'source' &&
      item.kind !== 'step'
    );
  }

  /**
   * The host's element for a data item (or a provider's `custom` part, as
   * `{ type: 'custom', id: kind, data: providerMetadata }`), kept while its data object stays the same.
   */
  private dataElement(item: DataItem | CustomItem) {
    const render = this.renderData;
    if (!render) return nothing;
    const part =
      item.kind === 'data'
        ? { type: item.type, ...(item.id === undefined ? {} : { id: item.id }), data: item.data }
        : { type: 'custom', id: item.customKind, data: item.providerMetadata };
    let shown = this.dataElements.get(item.key);
    if (!shown || shown.data !== part.data || shown.render !== render) {
      shown = { data: part.data, render };
      try {
        shown.element = render(part);
      } catch (error) {
        // The host's renderer failing must not take the turn with it.
        reportError(error);
      }
      this.dataElements.set(item.key, shown);
    }
    return shown.element ?? nothing;
  }

  private renderItem(item: Shown, citations: number, reviewOnly: boolean): unknown {
    switch (item.kind) {
      case 'text':
        return item.parts.length
          ? html`<answer-markdown .parts=${item.parts} .complete=${item.done} .citations=${citations}></answer-markdown>`
          : nothing;
      case 'reasoning':
        return html`<details class="step reasoning">
          <summary>${item.done ? msg('Reasoning') : msg('Reasoning…')}</summary>
          <answer-markdown class="reasoning-text" .parts=${item.parts} .complete=${item.done}></answer-markdown>
        </details>`;
      case 'tool': {
        if (isInternalTool(item)) return item.preparing ? preparingCard() : nothing;
        if (item.approval) return html`<answer-approval .tool=${item}></answer-approval>`;
        const [mark, state] = toolState(item.status);
        return html`<div class="step ${item.status}">
          <span aria-hidden="true">${mark}</span>
          <span>${msg('Tool')}</span><span class="name" dir="auto">${item.name}</span><span class="state">${state}</span>
          ${item.summary ? html`<span class="summary" dir="auto">${item.summary}</span>` : nothing}
        </div>`;
      }
      case 'block':
        return this.shownBlock(item, reviewOnly);
      case 'surface':
        return preparingCard();
      case 'interrupt':
        return html`<answer-interrupt .item=${item} ?reviewOnly=${reviewOnly}></answer-interrupt>`;
      case 'activity': {
        const runId = item.type === 'subagent' && item.key.slice('subagent:'.length);
        const work = runId
          ? this.turn!.items.filter((i) => 'subagentRunId' in i && i.subagentRunId === runId)
          : [];
        const renderWork = (i: TurnItem) => this.renderItem(i, citations, reviewOnly);
        return html`<answer-activity .item=${item} .work=${work} .renderItem=${renderWork}></answer-activity>`;
      }
      case 'notice':
        return html`<p class="notice ${QUIET_NOTICES.includes(item.code) ? 'quiet' : ''}">${noticeText(item)}</p>`;
      case 'files':
        return item.files[0]!.reasoning
          ? html`<div class="step reasoning-files">
              <span>${msg('Reasoning')}</span><answer-files .files=${item.files}></answer-files>
            </div>`
          : html`<answer-files .files=${item.files}></answer-files>`;
      case 'data':
      case 'custom':
        return this.dataElement(item);
      case 'steering':
        // The reader's own words, where they reached the running answer.
        // No white space inside the bubble: it keeps the reader's line breaks (pre-wrap).
        return html`<div class="steering reader-bubble" role="group" aria-label=${msg('You')} dir="auto"
        >${item.files?.length ? html`<answer-files .files=${item.files}></answer-files>` : nothing}${item.text}</div>`;
      default:
        // Sources are listed once, under the answer; a step boundary shows nothing.
        return nothing;
    }
  }

  /** `citations`: how many sources the turn has, so how many `[N]`s in its text are links. */
  private renderItems(items: TurnItem[], citations: number, reviewOnly = false) {
    return repeat(
      withFilesGrouped(items.filter((item) => !underSubagent(item, this.subagents))),
      (item) => item.key,
      (item) => this.renderItem(item, citations, reviewOnly),
    );
  }

  /** The answer's visible disclosure, once it shows anything. */
  private disclosureNote(shows: boolean) {
    const text = this.disclosure;
    if (!shows || text === 'none') return nothing;
    return html`<p class="disclosure" part="disclosure">${text || msg('AI-generated')}</p>`;
  }

  override render() {
    const start = this.disclosurePosition === 'start';
    const body = this.renderBody();
    if (body === nothing) return body;
    const note = this.disclosureNote(
      Boolean(this.turn?.final) || this.turn!.items.some((item) => this.isShown(item)),
    );
    return start ? html`${note}${body}` : html`${body}${note}`;
  }

  private renderBody() {
    const turn = this.turn;
    if (!turn) return nothing;
    this.subagents = subagentSteps(turn);
    const status =
      turn.status === 'stopped'
        ? msg('Stopped.')
        : turn.status === 'interrupted'
          ? msg('Interrupted: this answer did not finish.')
          : '';
    const visible = turn.items.filter((item) => this.isShown(item));
    const waiting = turn.status === 'streaming' && visible.length === 0;
    const sources = sourcesOf(turn);
    const sourceList = sources.length
      ? html`<answer-sources .sources=${sources}></answer-sources>`
      : nothing;
    if (!turn.final) {
      return html`${this.renderItems(turn.items, sources.length)} ${sourceList}
        ${waiting ? html`<p class="pending">${msg('Working on it')}</p>` : nothing}
        ${status ? html`<p class="status">${status}</p>` : nothing}`;
    }
    const named = new Set(turn.final.blockIds);
    const reportBlocks = turn.final.blockIds
      .map((id) => turn.items.find((i): i is BlockItem => i.kind === 'block' && i.blockId === id))
      .filter((i): i is BlockItem => Boolean(i));
    // Files the agent sent are part of the answer, as the blocks the report names are.
    const files = turn.items.filter(isAnswerFile);
    // The reader's own words never fold away: they stay above the report they led to.
    const steering = turn.items.filter((item) => item.kind === 'steering');
    const process = visible.filter(
      (item) =>
        !isAnswerFile(item) &&
        item.kind !== 'steering' &&
        !(item.kind === 'block' && named.has(item.blockId)),
    );
    return html`${steering.length ? this.renderItems(steering, sources.length) : nothing}
      <div class="report" part="report">
        <answer-markdown .text=${turn.final.text} complete .citations=${sources.length}></answer-markdown>
        ${repeat(
          reportBlocks,
          (item) => item.key,
          (item) => this.shownBlock(item),
        )}
        ${files.length ? html`<answer-files .files=${files}></answer-files>` : nothing} ${sourceList}
      </div>
      ${
        process.length
          ? html`<details class="process" part="process">
            <summary>${msg('View process')}</summary>
            <div class="process-body">
              <agent-process
                .steps=${process}
                .renderSteps=${(steps: TurnItem[]) => this.renderItems(steps, sources.length, true)}
              ></agent-process>
            </div>
          </details>`
          : nothing
      }
      ${status ? html`<p class="status">${status}</p>` : nothing}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-turn': AgentTurn;
  }
}
