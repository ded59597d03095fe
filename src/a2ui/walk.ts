import type { ComponentName } from '../catalog/index.js';
import { ID_REGEX, RESERVED_IDS } from '../catalog/limits.js';
import { isPlainObject, isString } from '../catalog/shape.js';
import type { A2uiError, NotShown, NotShownReason } from './names.js';
import { segmentsOf, valueAt, type Component, type Surface } from './surface.js';
import { NotRun, isBinding, pointerOf, resolve, type Scope } from './values.js';

/*
 * A surface's component tree read from its root, the part both catalogs
 * share: children (listed, single, or a template over a data list), values
 * resolved, ids made valid and unique, and every omission named. A missing
 * child, a cycle and a tree beyond the bound end that branch, never the read.
 */

/** One answer-ui element, before it is packed into blocks. */
export interface Node {
  id: string;
  type: ComponentName;
  props: Record<string, unknown>;
  children?: Node[];
}

/** A component where it stands in the tree: a template item reads relative paths under `base`. */
export interface Place {
  component: Component;
  base: string;
}

/** How many elements one surface may give, across all its blocks. */
export const MAX_ELEMENTS = 480;
/** How deep a surface's tree is read. */
const MAX_TREE_DEPTH = 64;

export class Walk {
  readonly notShown: NotShown[] = [];
  private readonly ids = new Set<string>();
  private readonly onPath = new Set<Component>();
  /** Elements made so far, against `MAX_ELEMENTS`. */
  count = 0;
  /** Element ids other than the component's own (answer-ui's root, which A2UI calls `root`). */
  readonly renames = new Map<string, string>();

  constructor(
    readonly surface: Surface,
    readonly errors: A2uiError[],
    private readonly locale?: string,
  ) {}

  /** Names a component (or one of its values) as not shown. */
  leaveOut(component: Component, reason: NotShownReason, detail?: string) {
    this.notShown.push({
      surfaceId: this.surface.surfaceId,
      componentId: component.id,
      component: component.component,
      reason,
      ...(detail ? { detail } : {}),
    });
  }

  private error(code: A2uiError['code'], where: string, message: string) {
    this.errors.push({ code, path: `${this.surface.surfaceId}/${where}`, message });
  }

  /** The component `id` names, or undefined (missing: named) when there is none. */
  find(id: unknown, from: Component): Component | undefined {
    const component = isString(id) ? this.surface.components.get(id) : undefined;
    if (!component)
      this.error('missing_child', from.id, `child ${JSON.stringify(id)} was not sent`);
    return component;
  }

  /**
   * Reads `place` with `read` unless that would loop (a component inside
   * itself), go too deep or exceed the bound; each of those is named.
   */
  visit<T>(place: Place, read: (place: Place) => T): T | undefined {
    const { component } = place;
    if (this.onPath.has(component)) {
      this.error('cycle', component.id, 'a component contains itself; the loop is cut');
      return undefined;
    }
    if (this.onPath.size >= MAX_TREE_DEPTH || this.count >= MAX_ELEMENTS) {
      this.leaveOut(component, 'cut_to_limit');
      return undefined;
    }
    this.onPath.add(component);
    try {
      return read(place);
    } finally {
      this.onPath.delete(component);
    }
  }

  /** The places of a component's children, in order: `children` (a list or a template) or `child`. */
  children(place: Place, key = 'children'): Place[] {
    const { component, base } = place;
    const list = component[key];
    if (isString(component.child) && key === 'children' && list === undefined)
      return this.at([component.child], place);
    if (Array.isArray(list)) return this.at(list, place);
    if (isPlainObject(list) && isString(list.componentId) && isString(list.path)) {
      const pointer = pointerOf(list.path, base);
      const items = valueAt(this.surface.model, segmentsOf(pointer));
      if (!Array.isArray(items)) {
        if (items === undefined) this.error('missing_data', component.id, `no list at ${pointer}`);
        return [];
      }
      const template = this.find(list.componentId, component);
      if (!template) return [];
      return items
        .slice(0, MAX_ELEMENTS)
        .map((_, i) => ({ component: template, base: `${pointer}/${i}` }));
    }
    return [];
  }

  private at(ids: unknown[], place: Place): Place[] {
    return ids.flatMap((id) => {
      const component = this.find(id, place.component);
      return component ? [{ component, base: place.base }] : [];
    });
  }

  /**
   * A component's value resolved, or undefined: a call not run is named, a
   * binding to nothing is an error (the data may not have arrived).
   */
  value(place: Place, key: string): unknown {
    const raw = place.component[key];
    try {
      const value = resolve(raw, this.scope(place));
      if (value === undefined && isBinding(raw))
        this.error('missing_data', `${place.component.id}/${key}`, `nothing at ${raw.path}`);
      return value;
    } catch (error) {
      if (!(error instanceof NotRun)) throw error;
      this.leaveOut(place.component, 'function_not_run', error.call);
      return undefined;
    }
  }

  scope(place: Place): Scope {
    return { model: this.surface.model, base: place.base, locale: this.locale };
  }

  /** A valid element id, unique in the surface, from a component id (and its template item). */
  elementId(place: Place): string {
    const item = /\/(\d+)$/.exec(place.base)?.[1];
    const own = this.renames.get(place.component.id) ?? place.component.id;
    let id = `${own}${item === undefined ? '' : `-${item}`}`
      .replace(/[^A-Za-z0-9_-]/g, '-')
      .slice(0, 60);
    if (!ID_REGEX.test(id) || RESERVED_IDS.includes(id)) id = `e-${id}`.slice(0, 60);
    let unique = id;
    for (let n = 2; this.ids.has(unique); n++) unique = `${id}-${n}`;
    this.ids.add(unique);
    return unique;
  }

  /** A node, counted against the bound. */
  node(place: Place, type: ComponentName, props: Record<string, unknown>, children?: Node[]): Node {
    this.count++;
    return { id: this.elementId(place), type, props, ...(children ? { children } : {}) };
  }
}
