import { MarkdownStream } from '../thread/markdown/stream.js';
import { DomTail } from '../thread/markdown/tail.js';

/**
 * `markdown` rendered whole into `into` (emptied first), as a complete `<answer-markdown>`
 * renders a text it reads in one go: the baseline a streamed text must show at each step.
 * `into` is in the page: a paragraph laid out in pieces keeps the direction it is laid out in.
 */
export function renderWhole(markdown: string, into: HTMLElement, citations = 0): HTMLElement {
  into.replaceChildren();
  const tail = new DomTail(into, citations);
  const stream = new MarkdownStream(tail);
  stream.push(markdown);
  stream.finish();
  tail.end();
  return into;
}
