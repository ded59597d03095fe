import { noChange, nothing } from 'lit';
import { Directive, directive, PartType, type ElementPart, type PartInfo } from 'lit/directive.js';

/** Catalog prop name → element property name (`x_label` → `xLabel`; `title` → `heading`, which HTMLElement already owns). */
export function propertyName(prop: string): string {
  if (prop === 'title') return 'heading';
  return prop.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * Sets a catalog element's props as properties of a Lit element. The same
 * props object sets nothing; a new one sets each property, and Lit's own
 * change check re-renders only what really changed. Props that disappear are
 * reset to undefined (each element then shows its default).
 */
class PropsDirective extends Directive {
  private last?: Record<string, unknown>;

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ELEMENT) throw new Error('props() belongs on an element');
  }

  render(_props: Record<string, unknown>) {
    return nothing;
  }

  override update(part: ElementPart, [props]: [Record<string, unknown>]) {
    if (props === this.last) return noChange;
    const target = part.element as unknown as Record<string, unknown>;
    if (this.last) {
      for (const key of Object.keys(this.last))
        if (!(key in props)) target[propertyName(key)] = undefined;
    }
    for (const key of Object.keys(props)) target[propertyName(key)] = props[key];
    this.last = props;
    return noChange;
  }
}

export const props = directive(PropsDirective);
