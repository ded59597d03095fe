type Leaflet = typeof import('leaflet/dist/leaflet-src.esm.js');

const SVG_PROBE = '<svg/>';
let leafletModule: Promise<Leaflet> | undefined;

/**
 * Loads Leaflet on first use; every map on the page shares the one chunk.
 *
 * While loading, Leaflet 1.9 checks for inline SVG by writing the string
 * `'<svg/>'` into a div's innerHTML. On a page that requires Trusted Types
 * that write throws, and the whole map module fails with a policy violation.
 * So for the moment of the import, divs answer exactly that probe by
 * creating the SVG element directly (no HTML is parsed); every other write
 * goes to the browser's own setter, and the override is removed afterwards.
 */
export function loadLeaflet(): Promise<Leaflet> {
  return (leafletModule ??= withSvgProbeAnswered(() => import('leaflet/dist/leaflet-src.esm.js')));
}

async function withSvgProbeAnswered<T>(load: () => Promise<T>): Promise<T> {
  const inherited = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');
  const div = HTMLDivElement.prototype;
  if (!inherited?.set || Object.prototype.hasOwnProperty.call(div, 'innerHTML')) return load();
  Object.defineProperty(div, 'innerHTML', {
    configurable: true,
    get: inherited.get,
    set(this: HTMLDivElement, value: unknown) {
      if (value === SVG_PROBE) this.replaceChildren(document.createElementNS('http://www.w3.org/2000/svg', 'svg'));
      else inherited.set!.call(this, value);
    },
  });
  try {
    return await load();
  } finally {
    Reflect.deleteProperty(div, 'innerHTML');
  }
}
