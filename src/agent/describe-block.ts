import {
  fallbackTextOf,
  validateBlock,
  type Block,
  type BlockElement,
  type FormValue,
} from '../catalog/index.js';
import { truncate } from '../catalog/shape.js';

/*
 * A block as a model reads it back in a later turn: its id, its
 * fallback_text and its data, one line per element, no markup. Only a block
 * that passes the validator is described from its data; anything else is
 * known by its fallback_text alone, so a tampered history cannot smuggle
 * structure the catalog would refuse.
 */

/** The reader's answers to the forms of one block, by element id. */
export type FormAnswers = ReadonlyMap<string, Readonly<Record<string, FormValue>>>;

/** Whitespace folded and length capped, so one value cannot pose as several lines of data. */
function clip(value: unknown, max = 200): string {
  const text = String(value).replace(/\s+/g, ' ').trim();
  return truncate(text, max);
}

/**
 * How much of each value a description keeps: an older block's long values
 * are shortened so that more blocks fit; the newest answer's are kept whole,
 * because that is the block the reader asks about next.
 */
type Clip = (value: unknown, max?: number) => string;
const clipWhole: Clip = (value) => clip(value, Infinity);

/** Values separated by commas; one that holds a comma or a quote is quoted, as in CSV. */
const csv = (values: string[]) =>
  values.map((v) => (/[",]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v)).join(',');

const details = (parts: (string | false | undefined)[]) => {
  const kept = parts.filter(Boolean);
  return kept.length ? ` (${kept.join('; ')})` : '';
};

function describeElement(
  element: BlockElement,
  answers: Readonly<Record<string, FormValue>> | undefined,
  clip: Clip,
): string[] {
  const quoted = (value: unknown) => JSON.stringify(clip(value));
  const cell = (value: unknown) =>
    value === null ? '' : typeof value === 'string' ? clip(value, 80) : String(value);
  switch (element.type) {
    case 'Stack':
      return [];
    case 'Section':
      return [
        `Section ${quoted(element.props.title)}${element.props.subtitle ? `: ${clip(element.props.subtitle)}` : ''}`,
      ];
    case 'Text':
      return [`Text: ${clip(element.props.text, 2_000)}`];
    case 'Metric': {
      const p = element.props;
      const change =
        p.delta === undefined ? undefined : `change ${p.delta >= 0 ? '+' : ''}${p.delta}`;
      const format = p.format === 'currency' && p.currency ? `currency ${p.currency}` : p.format;
      return [
        `Metric ${quoted(p.label)}: ${cell(p.value)}${p.unit ? ` ${clip(p.unit)}` : ''}${details([format, change, p.caption && clip(p.caption)])}`,
      ];
    }
    case 'Table': {
      const p = element.props;
      const columns = p.columns.map(
        (c) =>
          `${clip(c.label)}${c.format && c.format !== 'text' ? ` [${c.format}${c.currency ? ` ${c.currency}` : ''}]` : ''}`,
      );
      // Rows as CSV lines under the element's line, unindented: a table is most of a block's data.
      return [
        `Table${p.caption ? ` ${quoted(p.caption)}` : ''}: ${csv(columns)}`,
        ...p.rows.map((row) => csv(row.map(cell))),
      ];
    }
    case 'Chart': {
      const p = element.props;
      const axes = details([
        p.kind,
        p.x_label && `x: ${clip(p.x_label)}`,
        p.y_label && `y: ${clip(p.y_label)}`,
        p.unit && `unit: ${clip(p.unit)}`,
        p.stacked && 'stacked',
      ]);
      return [
        `Chart ${quoted(p.title)}${axes}: labels ${csv(p.labels.map((l) => clip(l, 40)))}`,
        ...p.series.map((s) => `${clip(s.name)}: ${s.values.join(',')}`),
      ];
    }
    case 'Evidence': {
      const p = element.props;
      return [
        `Evidence ${quoted(p.title)}${p.summary ? `: ${clip(p.summary, 500)}` : ''}`,
        ...p.items.map(
          (item) =>
            `  - ${clip(item.source)}${details([item.locator && clip(item.locator), item.published && clip(item.published), item.ref && `ref ${clip(item.ref)}`])}${item.excerpt ? `: ${quoted(clip(item.excerpt, 500))}` : ''}`,
        ),
      ];
    }
    case 'MapLocation': {
      const p = element.props;
      return [
        `Map location ${quoted(p.label)}: lat ${p.lat}, lng ${p.lng}${details([p.zoom !== undefined && `zoom ${p.zoom}`, p.feature_id && `feature ${clip(p.feature_id)}`])}${p.description ? `: ${clip(p.description, 500)}` : ''}`,
      ];
    }
    case 'FollowUpForm': {
      const p = element.props;
      const fields = p.fields.map((f) => {
        const range =
          f.min !== undefined || f.max !== undefined ? `${f.min ?? ''}..${f.max ?? ''}` : undefined;
        const options = f.options && `options ${f.options.map((o) => clip(o, 60)).join(' / ')}`;
        return `  - ${f.name} ${quoted(f.label)}${details([f.kind, f.required && 'required', range, options])}`;
      });
      const answered = answers
        ? `  The reader answered: ${clip(JSON.stringify(answers), 1_000)}`
        : '  Not answered in this history.';
      return [
        `Form ${quoted(p.title)}${p.description ? `: ${clip(p.description, 500)}` : ''}`,
        ...fields,
        answered,
      ];
    }
  }
}

/** The elements in reading order: depth first from the root, children indented under sections. */
function describeTree(block: Block, answers: FormAnswers | undefined, clip: Clip): string[] {
  const lines: string[] = [];
  const visit = (id: string, depth: number) => {
    const element = block.elements[id];
    if (!element) return;
    const own = describeElement(element, answers?.get(id), clip);
    const indent = '  '.repeat(depth);
    // Sub-items (evidence, form fields) are indented under their element; data lines (rows,
    // series) are not: indentation on each of hundreds of rows is tokens that say nothing.
    own.forEach((line, index) =>
      lines.push(
        index === 0 ? `${indent}- ${line}` : line.startsWith('  ') ? `${indent}${line}` : line,
      ),
    );
    const children = 'children' in element ? (element.children ?? []) : [];
    for (const child of children) visit(child, own.length ? depth + 1 : depth);
  };
  visit(block.root, 0);
  return lines;
}

/** Cuts `text` to `max` characters, at a line end when one is near, and says so. */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const marker = '\n… (more data left out)';
  const room = Math.max(0, max - marker.length);
  const lineEnd = text.lastIndexOf('\n', room);
  return `${text.slice(0, lineEnd > room / 2 ? lineEnd : room)}${marker}`;
}

/**
 * One block as compact, model-readable text, at most `maxChars` long; with
 * `whole`, no value in it is shortened (only the whole text, to `maxChars`).
 * A block the validator refuses is described by its fallback_text only.
 */
export function describeBlock(
  input: unknown,
  maxChars: number,
  answers?: ReadonlyMap<string, FormAnswers>,
  { whole = false } = {},
): string {
  const result = validateBlock(input);
  if (!result.ok) {
    const fallback = fallbackTextOf(input);
    return shorten(
      `[Answer block shown to the reader as text only]\n${fallback || '(no description)'}`,
      maxChars,
    );
  }
  const { block } = result;
  const head = [
    `[Answer block "${block.block_id}" shown to the reader]`,
    `Summary: ${clip(block.fallback_text, 2_000)}`,
  ];
  return shorten(
    [...head, ...describeTree(block, answers?.get(block.block_id), whole ? clipWhole : clip)].join(
      '\n',
    ),
    maxChars,
  );
}
