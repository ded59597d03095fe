import { msg, str } from '@lit/localize';
import type { Block, FormValue } from '../catalog/index.js';
import { blockFormSummary } from '../base/form-summary.js';

/** A form submission as the reader's next message: the form's title, then "Label: answer" per field. */
export const formMessage = (block: Block, elementId: string, values: Record<string, FormValue>) =>
  blockFormSummary(block, elementId, values);

/** "Locate" pressed: the host has no map of ours to move, so the reader asks in the conversation. */
export function locateMessage(detail: { label: string; lat: number; lng: number }): string {
  return `${msg(str`Locate ${detail.label} on the map`)} (${detail.lat}, ${detail.lng})`;
}

/** "Open source" pressed: a `ref` is an opaque id, not a link the view could open, so the reader asks for it. */
export function sourceMessage(block: Block, ref: string): string {
  const item = Object.values(block.elements)
    .flatMap((element) => (element.type === 'Evidence' ? element.props.items : []))
    .find((candidate) => candidate.ref === ref);
  return `${msg(str`Open source: ${item?.source ?? ref}`)} (${ref})`;
}
