import { render } from 'lit';
import { autoDirection } from './render.js';

/**
 * What a Lit value renders to, as plain nodes: no parts, no marker comments, and adjacent texts
 * as one. Markdown that can no longer change stays on the page as such a copy: a Lit render
 * keeps a part per binding (and a JS object for each node it walked) for as long as its
 * container lives, and a thread of hundreds of answers would hold those for every paragraph,
 * list item and table cell, to update text that never changes again.
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
