import { localized, msg, str } from '@lit/localize';
import { html, LitElement, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import '../components/block/define.js';
import type { AnswerBlock } from '../components/block/block.js';
import { themeStyles } from '../components/shared/theme.styles.js';
import { turnStyles } from './turn.styles.js';
import './markdown/define.js';
import { fallbackTextOf } from '../catalog/index.js';
import { ANSWER_TOOLS, type AssistantTurn, type BlockItem, type NoticeItem, type TurnItem } from '../conversation/index.js';

/** The reader-facing text of an inline notice. */
export function noticeText(notice: Pick<NoticeItem, 'code' | 'detail'>): string {
  switch (notice.code) {
    case 'malformed_line':
      return msg('Part of the answer could not be read and was skipped.');
    case 'connection_lost':
      return msg('The connection was lost. What arrived so far is kept.');
    case 'http_error':
      return msg(str`The server could not answer (${notice.detail}).`);
    case 'request_failed':
      return msg('The message could not be sent. Check the connection and try again.');
    case 'stream_error':
      return msg(str`The agent reported an error: ${notice.detail}`);
    case 'invalid_final_answer':
      return msg('The final report was incomplete; some of it may be missing.');
    case 'storage':
      return notice.detail;
    case 'invalid_update':
      return msg('An update to part of the answer could not be shown; the last good version is kept.');
  }
}

const isInternalTool = (item: TurnItem) => item.kind === 'tool' && ANSWER_TOOLS.includes(item.name);
/** What takes room on screen: answer calls only while their block is prepared, text once it has some. */
function isShown(item: TurnItem): boolean {
  if (item.kind === 'tool') return !ANSWER_TOOLS.includes(item.name) || Boolean(item.preparing);
  return !(item.kind === 'text' && !item.parts.length);
}

/**
 * @tag agent-turn
 * @summary One assistant turn: text, blocks, reasoning and tool steps in stream
 * order; once the final report is in, the report and the blocks it names,
 * with everything else folded under "View process", for review only (a
 * form there cannot be submitted). Block elements are kept
 * by block id and moved, never re-created, so a block is never mounted twice
 * and keeps its state when it moves into the report.
 */
@localized()
export class AgentTurn extends LitElement {
  static override styles = [themeStyles, turnStyles];

  /** The turn to show; the thread calls `requestUpdate()` when it changes. */
  @property({ attribute: false }) turn?: AssistantTurn;

  private blocks = new Map<string, AnswerBlock>();

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
    element.fallbackText = item.valid ? '' : fallbackTextOf(item.block);
    element.submissions = item.submissions;
    element.reviewOnly = reviewOnly;
    return element;
  }

  private renderItem(item: TurnItem, reviewOnly: boolean) {
    switch (item.kind) {
      case 'text':
        return item.parts.length ? html`<answer-markdown .parts=${item.parts}></answer-markdown>` : nothing;
      case 'reasoning':
        return html`<details class="step reasoning">
          <summary>${item.done ? msg('Reasoning') : msg('Reasoning…')}</summary>
          <answer-markdown class="reasoning-text" .parts=${item.parts}></answer-markdown>
        </details>`;
      case 'tool': {
        if (isInternalTool(item)) {
          return item.preparing
            ? html`<div class="card preparing" aria-busy="true">
                <span>${msg('Preparing…')}</span><span class="skeleton" aria-hidden="true"></span>
              </div>`
            : nothing;
        }
        const state = item.status === 'running' ? msg('running') : item.status === 'done' ? msg('done') : msg('failed');
        return html`<div class="step ${item.status}">
          <span aria-hidden="true">${item.status === 'running' ? '⋯' : item.status === 'done' ? '✓' : '✕'}</span>
          <span>${msg('Tool')}</span><span class="name" dir="auto">${item.name}</span><span class="state">${state}</span>
          ${item.summary ? html`<span class="summary" dir="auto">${item.summary}</span>` : nothing}
        </div>`;
      }
      case 'block':
        return this.blockElement(item, reviewOnly);
      case 'notice':
        return html`<p class="notice ${item.code === 'invalid_update' ? 'quiet' : ''}">${noticeText(item)}</p>`;
    }
  }

  private renderItems(items: TurnItem[], reviewOnly = false) {
    return repeat(
      items,
      (item) => item.key,
      (item) => this.renderItem(item, reviewOnly),
    );
  }

  override render() {
    const turn = this.turn;
    if (!turn) return nothing;
    const status = turn.status === 'stopped' ? msg('Stopped.') : turn.status === 'interrupted' ? msg('Interrupted: this answer did not finish.') : '';
    const visible = turn.items.filter(isShown);
    const waiting = turn.status === 'streaming' && visible.length === 0;
    if (!turn.final) {
      return html`${this.renderItems(turn.items)}
        ${waiting ? html`<p class="pending">${msg('Working on it')}</p>` : nothing}
        ${status ? html`<p class="status">${status}</p>` : nothing}`;
    }
    const named = new Set(turn.final.blockIds);
    const reportBlocks = turn.final.blockIds
      .map((id) => turn.items.find((i): i is BlockItem => i.kind === 'block' && i.blockId === id))
      .filter((i): i is BlockItem => Boolean(i));
    const process = visible.filter((item) => !(item.kind === 'block' && named.has(item.blockId)));
    return html`<div class="report" part="report">
        <answer-markdown .text=${turn.final.text}></answer-markdown>
        ${repeat(
          reportBlocks,
          (item) => item.key,
          (item) => this.blockElement(item),
        )}
      </div>
      ${
        process.length
          ? html`<details class="process" part="process">
            <summary>${msg('View process')}</summary>
            <div class="process-body">${this.renderItems(process, true)}</div>
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
