/*
 * Evaluated just before Leaflet (see leaflet.ts), to get past the one check
 * Leaflet 1.9 makes with an HTML string while its module evaluates: it
 * writes '<svg/>' into a new div as HTML to learn whether inline SVG works.
 * On a page that requires Trusted Types that write throws, Leaflet's module
 * fails, and no map can be drawn.
 *
 * Until `endLeafletEvaluation()` runs, `document.createElement('div')` hands
 * out a plain object instead of an element: the probe's write lands on an
 * ordinary property (no HTML is parsed anywhere) and Leaflet concludes "no
 * inline SVG", which only decides a flag in its attribution control, a
 * control the map does not show. Module evaluation is synchronous, so only
 * Leaflet's own top-level code runs while the stand-in is in place.
 */
const shadowed = Object.getOwnPropertyDescriptor(document, 'createElement');
const createElement = document.createElement;

Object.defineProperty(document, 'createElement', {
  configurable: true,
  writable: true,
  value(this: Document, tagName: string, options?: ElementCreationOptions) {
    return String(tagName).toLowerCase() === 'div'
      ? {}
      : createElement.call(this, tagName, options);
  },
});

/** Puts `document.createElement` back as it was. Safe to call more than once. */
export function endLeafletEvaluation(): void {
  if (shadowed) Object.defineProperty(document, 'createElement', shadowed);
  else Reflect.deleteProperty(document, 'createElement');
}

// Should Leaflet's evaluation throw, the module after it never runs: restore anyway once evaluation is over.
queueMicrotask(endLeafletEvaluation);
