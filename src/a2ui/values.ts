import { isPlainObject, isString } from '../catalog/shape.js';
import { segmentsOf, valueAt } from './surface.js';

/*
 * A2UI's dynamic values resolved once, against the data model as it stands:
 * a literal, a binding (`{ path }`, a JSON Pointer, relative inside a
 * template), or a function call (`{ call, args }`). Only the basic
 * catalog's formatting and checking functions run, from the fixed table
 * below, with the reader's locale; any other call (`openUrl` among them) is
 * never run: its value is left out, and the caller names it.
 */

/** Where values are read: the data model, the item a template is on, the reader's locale. */
export interface Scope {
  model: unknown;
  /** The pointer of the template item a relative path starts from (`/items/2`), or '' at the top. */
  base: string;
  locale?: string;
}

/** A call this page does not run; `resolve` throws it to the component reading the value. */
export class NotRun extends Error {
  constructor(readonly call: string) {
    super(`function ${call} is not run`);
  }
}

/** Nesting of calls and interpolations; A2UI's own parser stops at 100. */
const MAX_NESTING = 32;
const MAX_TEMPLATE = 10_000;

export const isBinding = (value: unknown): value is { path: string } =>
  isPlainObject(value) && isString(value.path) && Object.keys(value).length === 1;

export const isCall = (value: unknown): value is { call: string; args?: unknown } =>
  isPlainObject(value) &&
  isString(value.call) &&
  Object.keys(value).every((k) => k === 'call' || k === 'args' || k === 'returnType');

/** The pointer a path names from `base`: absolute as written, relative under the template item. */
export const pointerOf = (path: string, base: string) =>
  path.startsWith('/') ? path : `${base}/${path}`;

/** A value resolved: a literal as it is, a binding read, a call run (or `NotRun` thrown). */
export function resolve(value: unknown, scope: Scope, depth = 0): unknown {
  if (isBinding(value)) return valueAt(scope.model, segmentsOf(pointerOf(value.path, scope.base)));
  if (isCall(value)) {
    const args = isPlainObject(value.args) ? value.args : {};
    return run(value.call, args, scope, depth);
  }
  return value;
}

/** `value` resolved as text: numbers and booleans as JSON writes them, nothing as ''. */
export function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') {
    try {
      return JSON.stringify(value) ?? '';
    } catch {
      return '';
    }
  }
  return String(value);
}

const num = (value: unknown) => (typeof value === 'number' ? value : Number(value));

/** The basic catalog's functions that only compute a value, by name. */
const FUNCTIONS: Record<string, (a: Record<string, unknown>, locale?: string) => unknown> = {
  formatString: () => '', // interpolated in `run`, which can resolve its parts
  formatNumber: (a, locale) =>
    Number.isNaN(num(a.value))
      ? ''
      : numberFormat(locale, {
          ...decimals(a.decimals),
          useGrouping: a.grouping !== false,
        }).format(num(a.value)),
  formatCurrency: (a, locale) => {
    if (Number.isNaN(num(a.value)) || !isString(a.currency)) return '';
    try {
      return numberFormat(locale, {
        style: 'currency',
        currency: a.currency,
        ...decimals(a.decimals),
        useGrouping: a.grouping !== false,
      }).format(num(a.value));
    } catch {
      return num(a.value).toFixed(2);
    }
  },
  formatDate: (a, locale) => formatDate(a.value, a.format, locale),
  pluralize: (a, locale) => {
    const rule = new Intl.PluralRules(locale).select(num(a.value));
    return textOf(a[rule] ?? a.other);
  },
  capitalize: (a) => {
    const text = textOf(a.value);
    return text.charAt(0).toUpperCase() + text.slice(1);
  },
  required: (a) =>
    !(
      a.value === undefined ||
      a.value === null ||
      a.value === '' ||
      (Array.isArray(a.value) && !a.value.length)
    ),
  length: (a) => {
    const n = isString(a.value) || Array.isArray(a.value) ? a.value.length : 0;
    return !(typeof a.min === 'number' && n < a.min) && !(typeof a.max === 'number' && n > a.max);
  },
  numeric: (a) =>
    !Number.isNaN(num(a.value)) &&
    !(typeof a.min === 'number' && num(a.value) < a.min) &&
    !(typeof a.max === 'number' && num(a.value) > a.max),
  email: (a) => isString(a.value) && /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(a.value),
  and: (a) => Array.isArray(a.values) && a.values.every(Boolean),
  or: (a) => Array.isArray(a.values) && a.values.some(Boolean),
  not: (a) => !a.value,
};

const decimals = (value: unknown) =>
  typeof value === 'number' && value >= 0 && value <= 20
    ? { minimumFractionDigits: value, maximumFractionDigits: value }
    : {};

function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions) {
  try {
    return new Intl.NumberFormat(locale, options);
  } catch {
    return new Intl.NumberFormat(undefined, options);
  }
}

/**
 * A date in the reader's locale. A2UI writes its format as a TR35 pattern
 * (`MMM d, yyyy`); its fields are kept, in the order and words the reader's
 * locale gives them, as every other date on the page is shown.
 */
function formatDate(value: unknown, format: unknown, locale?: string): string {
  if (!isString(value) && typeof value !== 'number') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  if (format === 'ISO') return date.toISOString();
  const pattern = isString(format) ? format.replace(/'[^']*'/g, '') : 'yMMMd';
  const options: Intl.DateTimeFormatOptions = {};
  const count = (letter: string) => pattern.match(new RegExp(`${letter}+`))?.[0].length ?? 0;
  const month = count('M') || count('L');
  if (count('y')) options.year = count('y') === 2 ? '2-digit' : 'numeric';
  if (month)
    options.month = (['numeric', '2-digit', 'short', 'long'] as const)[Math.min(month, 4) - 1];
  if (count('d')) options.day = count('d') === 2 ? '2-digit' : 'numeric';
  if (count('E')) options.weekday = count('E') >= 4 ? 'long' : 'short';
  const hour = count('H') || count('h') || count('K') || count('k');
  if (hour) {
    options.hour = hour === 2 ? '2-digit' : 'numeric';
    options.hour12 = Boolean(count('h') || count('K'));
  }
  if (count('m')) options.minute = '2-digit';
  if (count('s')) options.second = '2-digit';
  if (!Object.keys(options).length) Object.assign(options, { dateStyle: 'medium' });
  try {
    return new Intl.DateTimeFormat(locale, options).format(date);
  } catch {
    return new Intl.DateTimeFormat(undefined, options).format(date);
  }
}

function run(call: string, args: Record<string, unknown>, scope: Scope, depth: number): unknown {
  const values: Record<string, unknown> = {};
  for (const [name, arg] of Object.entries(args))
    values[name] = Array.isArray(arg)
      ? arg.map((item) => resolve(item, scope, depth + 1))
      : resolve(arg, scope, depth + 1);
  return apply(call, values, scope, depth);
}

/** Runs a function of the table on resolved arguments; any other is `NotRun`. */
function apply(call: string, values: Record<string, unknown>, scope: Scope, depth: number) {
  if (!Object.hasOwn(FUNCTIONS, call) || depth > MAX_NESTING) throw new NotRun(call);
  if (call === 'formatString') return interpolate(textOf(values.value), scope, depth + 1);
  return FUNCTIONS[call]!(values, scope.locale);
}

/**
 * `formatString`'s template: text with `${…}` parts, each a path, a literal
 * or a call with named arguments (`${pluralize(value: ${/n}, one: 'item',
 * other: 'items')}`), as A2UI's expression grammar has them. `\${` is a
 * literal `${`.
 */
function interpolate(template: string, scope: Scope, depth: number): string {
  const source = template.slice(0, MAX_TEMPLATE);
  let out = '';
  let at = 0;
  while (at < source.length) {
    if (source.startsWith('\\${', at)) {
      out += '${';
      at += 3;
    } else if (source.startsWith('${', at)) {
      const parser = new Expression(source, at + 2, scope, depth);
      try {
        const value = parser.value();
        parser.expect('}');
        out += textOf(value);
        at = parser.at;
      } catch (error) {
        // A part that does not parse stays as written: nothing the agent sent is lost.
        if (!(error instanceof SyntaxError)) throw error;
        out += source.slice(at);
        break;
      }
    } else out += source[at++];
  }
  return out;
}

/** A recursive-descent reader of one `${…}` expression, evaluating as it reads. */
class Expression {
  constructor(
    private readonly source: string,
    public at: number,
    private readonly scope: Scope,
    private readonly depth: number,
  ) {}

  private space() {
    while (/\s/.test(this.source[this.at] ?? '')) this.at++;
  }

  expect(char: string) {
    this.space();
    if (this.source[this.at] !== char) throw new SyntaxError(`expected ${char} at ${this.at}`);
    this.at++;
  }

  value(): unknown {
    if (this.depth > MAX_NESTING) throw new SyntaxError('expression nested too deep');
    this.space();
    const rest = this.source.slice(this.at);
    if (rest.startsWith('${')) {
      const inner = new Expression(this.source, this.at + 2, this.scope, this.depth + 1);
      const value = inner.value();
      inner.expect('}');
      this.at = inner.at;
      return value;
    }
    const quote = rest[0];
    if (quote === "'" || quote === '"') return this.text(quote);
    const number = /^\d+\.?\d*/.exec(rest);
    if (number) {
      this.at += number[0].length;
      return Number(number[0]);
    }
    const word = /^[A-Za-z0-9_./-]*/.exec(rest)![0];
    this.at += word.length;
    if (word === 'true' || word === 'false') return word === 'true';
    if (word === 'null') return '';
    this.space();
    if (this.source[this.at] !== '(') return word ? resolve({ path: word }, this.scope) : '';
    this.at++;
    const args: Record<string, unknown> = {};
    this.space();
    while (this.at < this.source.length && this.source[this.at] !== ')') {
      const name = /^[A-Za-z0-9_]*/.exec(this.source.slice(this.at))![0];
      this.at += name.length;
      this.expect(':');
      args[name] = this.value();
      this.space();
      if (this.source[this.at] === ',') this.at++;
      this.space();
    }
    this.expect(')');
    return apply(word, args, this.scope, this.depth + 1);
  }

  private text(quote: string): string {
    let out = '';
    this.at++;
    while (this.at < this.source.length) {
      const c = this.source[this.at++]!;
      if (c === quote) return out;
      if (c === '\\') {
        const next = this.source[this.at++] ?? '';
        out += next === 'n' ? '\n' : next === 't' ? '\t' : next;
      } else out += c;
    }
    throw new SyntaxError('unclosed string');
  }
}
