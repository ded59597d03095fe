import { msg } from '@lit/localize';
import { LitElement, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import type { ActivityItem, TurnItem } from '../../conversation/index.js';

/**
 * A step's mark and state, as the turn shows a tool's. (Written here:
 * importing the turn's from this chunk makes the bundler split code out of
 * the page's entry into a chunk the entry loads up front.)
 */
function stepState(status: ActivityItem['status']): [string, string] {
  if (status === 'running') return ['⋯', msg('running')];
  return status === 'done' ? ['✓', msg('done')] : ['✕', msg('failed')];
}

/**
 * @tag answer-activity
 * @summary An AG-UI subagent or activity as a compact step: what it is,
 * its name or type, how it stands and a short summary; a subagent's own
 * text and calls fold under it. It renders in the turn's shadow root (no
 * shadow root of its own), styled by the turn, and each item of the work
 * is the turn's to render (`renderItem`).
 */
export class AnswerActivity extends LitElement {
  /** The step. */
  @property({ attribute: false }) item?: ActivityItem;

  /** A subagent's own items: a new array each time the turn renders, as they may have changed. */
  @property({ attribute: false }) work: readonly TurnItem[] = [];

  /** Renders one item of the work, as the turn renders it. */
  @property({ attribute: false }) renderItem?: (item: TurnItem) => unknown;

  protected override createRenderRoot() {
    return this;
  }

  override render() {
    const item = this.item;
    if (!item) return nothing;
    const [mark, state] = stepState(item.status);
    const label = html`<span aria-hidden="true">${mark}</span>
      <span>${item.type === 'subagent' ? msg('Subagent') : msg('Activity')}</span>
      <span class="name" dir="auto">${item.name ?? item.type}</span><span class="state">${state}</span>
      ${item.summary ? html`<span class="summary" dir="auto">${item.summary}</span>` : nothing}`;
    if (!this.work.length) return html`<div class="step activity ${item.status}">${label}</div>`;
    return html`<details class="step activity ${item.status}">
      <summary>${label}</summary>
      ${repeat(
        this.work,
        (work) => work.key,
        (work) => this.renderItem?.(work),
      )}
    </details>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'answer-activity': AnswerActivity;
  }
}
