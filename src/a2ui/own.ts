import { componentNames, containerComponents, type ComponentName } from '../catalog/index.js';
import { isPlainObject } from '../catalog/shape.js';
import { ENVELOPE_KEY } from './names.js';
import { isBinding, isCall } from './values.js';
import type { Node, Place, Walk } from './walk.js';

/*
 * answer-ui's own catalog in A2UI: one component per element, its props as
 * the component's properties, `children` as A2UI's child list. Lossless:
 * `fromA2ui(toA2ui(block))` is the block. A2UI's bindings and calls may
 * stand for any value, at any depth, as in any catalog.
 */

/** The properties A2UI gives every component, which are no element's props. */
export const COMMON_KEYS = new Set(['id', 'component', 'children', 'accessibility', 'weight']);

const isOurs = (name: string): name is ComponentName =>
  (componentNames as readonly string[]).includes(name);

/** What `toA2ui` keeps of a block beyond its components, read from the data model. */
export function envelopeOf(model: unknown): { fallback_text?: string; root_id?: string } {
  const envelope = isPlainObject(model) ? model[ENVELOPE_KEY] : undefined;
  return isPlainObject(envelope) ? envelope : {};
}

export function readOwn(walk: Walk, root: Place): Node | undefined {
  const rootId = envelopeOf(walk.surface.model).root_id;
  if (typeof rootId === 'string' && rootId !== 'root') {
    // A2UI's root is always `root`: the block's own root id and an element that was called
    // `root` swap names, both ways.
    walk.renames.set('root', rootId);
    walk.renames.set(rootId, 'root');
  }
  return walk.visit(root, (place) => element(walk, place));
}

function element(walk: Walk, place: Place): Node | undefined {
  const { component: c } = place;
  if (!isOurs(c.component)) return void walk.leaveOut(c, 'unknown_component');
  const props: Record<string, unknown> = {};
  for (const key of Object.keys(c)) {
    if (COMMON_KEYS.has(key)) continue;
    const value = isBinding(c[key]) || isCall(c[key]) ? walk.value(place, key) : c[key];
    if (value !== undefined) props[key] = resolveWithin(walk, place, value);
  }
  if (!containerComponents.has(c.component)) return walk.node(place, c.component, props);
  const children = walk
    .children(place)
    .flatMap((child) => walk.visit(child, (p) => element(walk, p)) ?? []);
  return walk.node(place, c.component, props, c.children === undefined ? undefined : children);
}

/** Bindings and calls nested in a value (a table's row, a series' values) resolved in place. */
function resolveWithin(walk: Walk, place: Place, value: unknown, depth = 0): unknown {
  if (depth > 8 || typeof value !== 'object' || value === null) return value;
  const at = (v: unknown, key: string) => {
    if (!isBinding(v) && !isCall(v)) return resolveWithin(walk, place, v, depth + 1);
    return walk.value({ component: { ...place.component, [key]: v }, base: place.base }, key);
  };
  if (Array.isArray(value)) return value.map((v, i) => at(v, String(i)));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, at(v, k)]));
}
