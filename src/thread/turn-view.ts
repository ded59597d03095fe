import type { ReactiveElement } from 'lit';
import type { AssistantTurn } from '../conversation/index.js';

/*
 * What the thread needs of the element that shows a turn (`<agent-turn>`,
 * which comes with the turn's content elements in the extras chunk), without
 * importing it: the page's turns on screen, and the host's renderer of data
 * parts.
 */

/** The host's element for a data part the thread does not render itself (`data-weather`…); nothing shows nothing. */
export type DataRenderer = (part: {
  type: string;
  id?: string;
  data: unknown;
}) => Element | undefined | null;

/** Each turn's element while it is on the page (the element keeps this up to date). */
export const shownTurns = new WeakMap<AssistantTurn, ReactiveElement>();

/** `turn` changed in place: its element, if one is on the page, renders it again. */
export function renderTurn(turn: AssistantTurn): void {
  shownTurns.get(turn)?.requestUpdate();
}
