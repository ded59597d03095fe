/** Test helpers for reaching into shadow roots. */
export function $<T extends Element = HTMLElement>(host: Element, selector: string): T {
  const found = host.shadowRoot?.querySelector<T>(selector);
  if (!found) throw new Error(`${host.localName}: nothing matches ${selector}`);
  return found;
}

export function $$<T extends Element = HTMLElement>(host: Element, selector: string): T[] {
  return [...(host.shadowRoot?.querySelectorAll<T>(selector) ?? [])];
}

/** Visible text of a shadow root, whitespace collapsed. */
export function textOf(host: Element, selector = ':host > *'): string {
  const nodes =
    selector === ':host > *' ? [...(host.shadowRoot?.children ?? [])] : $$(host, selector);
  return nodes
    .map((n) => (n as HTMLElement).innerText ?? n.textContent)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** URLs this page has fetched so far. */
export function requestedUrls(): string[] {
  return performance.getEntriesByType('resource').map((e) => e.name);
}

/**
 * A box `width` px wide to render into, in place of a narrow window: WebKit's
 * window cannot be made narrower than 447 px, and the elements size to their
 * container (none of them asks the viewport's width).
 */
export function narrowBox(width = 320): HTMLElement {
  const box = document.createElement('div');
  box.style.width = `${width}px`;
  document.body.append(box);
  return box;
}

/** Whether anything in `box` reaches past its right edge (the page would scroll sideways). */
export function overflows(box: HTMLElement): boolean {
  return box.scrollWidth > box.clientWidth;
}
