import { render } from 'lit';
import { parseBlocks } from './parse.js';
import { autoDirection, renderBlocks } from './render.js';

/**
 * Markdown that can no longer change, rendered once for good: the same
 * templates as the streaming tail, but what stays on the page is a plain
 * copy of their DOM. A Lit render keeps a part per binding (and a JS object
 * for each node it walked) for as long as its container lives; a thread of
 * hundreds of answers would hold those for every paragraph, list item and
 * table cell, to update text that never changes again. What stays holds
 * none of them, nor Lit's marker comments.
 */
export function staticBlocks(markdown: string, cites: number): HTMLElement {
  const kept = document.createElement('div');
  kept.append(staticCopy(renderBlocks(parseBlocks(markdown), cites)));
  return kept;
}

/**
 * What a Lit value renders to, as plain nodes: no parts, no marker comments, and adjacent texts
 * as one.
 */
export function staticCopy(value: unknown): DocumentFragment {
  const scratch = document.createElement('div');
  render(value, scratch);
  const walker = document.createTreeWalker(scratch, NodeFilter.SHOW_COMMENT);
  const markers: Node[] = [];
  while (walker.nextNode()) markers.push(walker.currentNode);
  for (const marker of markers) marker.parentNode!.removeChild(marker);
  scratch.normalize();
  autoDirection(scratch);
  // The nodes move to a fragment; the scratch container, which holds Lit's part for them, goes.
  const kept = document.createDocumentFragment();
  kept.append(...scratch.childNodes);
  return kept;
}
