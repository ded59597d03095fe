/** Registers an element unless a tag of that name is already defined (e.g. by a second copy of the package). */
export function define(tag: string, element: CustomElementConstructor): void {
  if (!customElements.get(tag)) customElements.define(tag, element);
}
