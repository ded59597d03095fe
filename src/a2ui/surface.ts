import { summarize } from '../conversation/messages.js';
import { isPlainObject, isString } from '../catalog/shape.js';
import { tooDeepOrCyclic } from '../conversation/data-depth.js';
import { A2UI_VERSIONS, type A2uiError } from './names.js';

/*
 * A2UI's four v0.9 messages read into surfaces: each message checked as
 * A2UI's `server_to_client.json` defines it (an envelope with exactly one
 * message and no other key), then applied in order. A message that fails
 * is named and skipped; the rest still apply.
 */

/** One component as sent: its id, its component name and its properties. */
export type Component = Record<string, unknown> & { id: string; component: string };

export interface Surface {
  surfaceId: string;
  catalogId: string;
  components: Map<string, Component>;
  /** The data model; its keys are own properties only (JSON's), never a prototype's. */
  model: unknown;
}

/** Bounds on what one conversion reads, so hostile input costs bounded time. */
export const READ_LIMITS = Object.freeze({
  messages: 1_000,
  componentsPerSurface: 2_000,
  surfaces: 50,
  inputChars: 2_000_000,
});

/**
 * A value of the input as an error message quotes it: as JSON, cut short (a
 * `version` may be a megabyte). Shared with the conversation's summaries;
 * the CDN build also needs this module and the conversation's to share that
 * module, or the bundler splits a chunk off the core entry (rolldown#10731).
 */
const quoted = (value: unknown) =>
  summarize(typeof value === 'string' ? JSON.stringify(value) : value);

/** Keys that would reach an object's prototype if a path could name them. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** `text` as one JSON document, or undefined when it is not one (JSON Lines of several). */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The messages in `input`: an array, JSON Lines, or a wrapper (`{ messages }`, AG-UI's `{ a2ui_operations }`). */
export function messagesOf(input: unknown, errors: A2uiError[]): unknown[] {
  if (isString(input)) {
    if (input.length > READ_LIMITS.inputChars) {
      errors.push({
        code: 'too_large',
        path: '',
        message: `input over ${READ_LIMITS.inputChars} characters`,
      });
      return [];
    }
    // A JSON document (an array, `{ messages }`, one message) as it is; otherwise JSON Lines.
    const whole = parsed(input);
    if (whole !== undefined && !isString(whole)) return messagesOf(whole, errors);
    const messages: unknown[] = [];
    input.split('\n').forEach((line, i) => {
      if (!line.trim()) return;
      try {
        messages.push(JSON.parse(line));
      } catch {
        errors.push({ code: 'invalid_input', path: `/${i}`, message: `line ${i + 1} is not JSON` });
      }
    });
    return messages;
  }
  if (Array.isArray(input)) return input;
  if (isPlainObject(input)) {
    const inner = input.a2ui_operations ?? input.messages;
    if (Array.isArray(inner)) return inner;
    if (isString(input.version)) return [input];
  }
  errors.push({
    code: 'invalid_input',
    path: '',
    message: 'expected A2UI messages: an array, JSON Lines, or { messages }',
  });
  return [];
}

const KINDS = ['createSurface', 'updateComponents', 'updateDataModel', 'deleteSurface'] as const;
type Kind = (typeof KINDS)[number];

/** What is wrong with a message's envelope or body, as A2UI's schema has it; undefined when nothing. */
function problemOf(message: unknown, versions: readonly string[]): string | undefined {
  if (!isPlainObject(message)) return 'a message is an object';
  if (!versions.includes(message.version as string))
    return `version ${quoted(message.version)} is not one of ${versions.join(', ')}`;
  const keys = Object.keys(message).filter((k) => k !== 'version');
  if (keys.length !== 1 || !KINDS.includes(keys[0] as Kind))
    return `a message holds exactly one of ${KINDS.join(', ')} and nothing else`;
  const kind = keys[0] as Kind;
  const body = message[kind];
  if (!isPlainObject(body)) return `${kind} is an object`;
  if (!isString(body.surfaceId)) return `${kind}.surfaceId is a string`;
  const allowed: Record<Kind, string[]> = {
    createSurface: ['surfaceId', 'catalogId', 'theme', 'sendDataModel'],
    updateComponents: ['surfaceId', 'components'],
    updateDataModel: ['surfaceId', 'path', 'value'],
    deleteSurface: ['surfaceId'],
  };
  const extra = Object.keys(body).find((k) => !allowed[kind].includes(k));
  if (extra) return `${kind} has no property ${quoted(extra)}`;
  if (kind === 'createSurface') {
    if (!isString(body.catalogId)) return 'createSurface.catalogId is a string';
    if (body.sendDataModel !== undefined && typeof body.sendDataModel !== 'boolean')
      return 'createSurface.sendDataModel is a boolean';
  }
  if (kind === 'updateComponents') {
    const list = body.components;
    if (!Array.isArray(list) || !list.length)
      return 'updateComponents.components is a non-empty array';
    const bad = list.findIndex(
      (c) => !isPlainObject(c) || !isString(c.component) || !isString(c.id),
    );
    if (bad >= 0) return `component ${bad} needs a string id and component name`;
  }
  if (kind === 'updateDataModel' && body.path !== undefined && !isString(body.path))
    return 'updateDataModel.path is a string';
  return undefined;
}

/** The segments of a JSON Pointer (RFC 6901); `''` and `'/'` are the whole document. */
export function segmentsOf(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .replace(/^\//, '')
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The value at `segments` in `model`, own properties only; undefined when there is none. */
export function valueAt(model: unknown, segments: readonly string[]): unknown {
  let value = model;
  for (const key of segments) {
    if (Array.isArray(value)) value = /^\d+$/.test(key) ? value[Number(key)] : undefined;
    else if (isPlainObject(value) && Object.hasOwn(value, key)) value = value[key];
    else return undefined;
  }
  return value;
}

/** Sets (or, with `value` undefined, removes) the value at `segments`; false when a segment is unsafe. */
function setAt(surface: Surface, segments: readonly string[], value: unknown): boolean {
  if (segments.some((s) => UNSAFE_KEYS.has(s))) return false;
  if (!segments.length) {
    surface.model = value ?? {};
    return true;
  }
  if (!isPlainObject(surface.model) && !Array.isArray(surface.model)) surface.model = {};
  let parent = surface.model as Record<string, unknown>;
  for (const [i, key] of segments.slice(0, -1).entries()) {
    const next = parent[key];
    if (isPlainObject(next) || Array.isArray(next)) parent = next as Record<string, unknown>;
    else {
      const made = /^\d+$/.test(segments[i + 1]!) ? [] : {};
      parent[key] = made;
      parent = made as Record<string, unknown>;
    }
  }
  const last = segments.at(-1)!;
  if (value === undefined) {
    if (Array.isArray(parent) && /^\d+$/.test(last)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else parent[last] = value;
  return true;
}

/**
 * Applies `messages` in order and returns the surfaces they leave, in the
 * order they were created. Each problem is named in `errors`.
 */
export function readSurfaces(
  messages: readonly unknown[],
  errors: A2uiError[],
  versions: readonly string[] = A2UI_VERSIONS,
): Surface[] {
  const surfaces = new Map<string, Surface>();
  if (messages.length > READ_LIMITS.messages)
    errors.push({
      code: 'too_large',
      path: '',
      message: `${messages.length} messages: the first ${READ_LIMITS.messages} are read`,
    });
  messages.slice(0, READ_LIMITS.messages).forEach((message, i) => {
    const path = `/${i}`;
    const problem = problemOf(message, versions);
    if (problem) {
      errors.push({ code: 'invalid_message', path, message: problem });
      return;
    }
    const [kind, body] = Object.entries(message as object).find(([k]) => k !== 'version') as [
      Kind,
      Record<string, unknown> & { surfaceId: string },
    ];
    const { surfaceId } = body;
    if (kind === 'createSurface') {
      // A2UI calls a second createSurface an error; the later one is taken, as a renderer would show it.
      if (!surfaces.has(surfaceId) && surfaces.size >= READ_LIMITS.surfaces) {
        errors.push({ code: 'too_large', path, message: `over ${READ_LIMITS.surfaces} surfaces` });
        return;
      }
      surfaces.delete(surfaceId);
      surfaces.set(surfaceId, {
        surfaceId,
        catalogId: body.catalogId as string,
        components: new Map(),
        model: {},
      });
      return;
    }
    const surface = surfaces.get(surfaceId);
    if (!surface) {
      errors.push({
        code: 'unknown_surface',
        path,
        message: `${kind} for surface ${quoted(surfaceId)}, which no createSurface made`,
      });
      return;
    }
    if (kind === 'deleteSurface') surfaces.delete(surfaceId);
    else if (kind === 'updateComponents') {
      for (const component of body.components as Component[]) {
        if (
          !surface.components.has(component.id) &&
          surface.components.size >= READ_LIMITS.componentsPerSurface
        ) {
          errors.push({
            code: 'too_large',
            path,
            message: `surface ${surfaceId}: over ${READ_LIMITS.componentsPerSurface} components, the rest left out`,
          });
          break;
        }
        surface.components.set(component.id, component);
      }
    } else {
      const value = body.value;
      if (tooDeepOrCyclic(value)) {
        errors.push({ code: 'too_deep', path, message: 'the data is nested too deep; left out' });
        return;
      }
      if (!setAt(surface, segmentsOf((body.path as string | undefined) ?? '/'), value))
        errors.push({
          code: 'unsafe_path',
          path,
          message: `path ${quoted(body.path)} names a prototype key; left out`,
        });
    }
  });
  return [...surfaces.values()];
}
