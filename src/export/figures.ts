import type {
  ElementOf,
  FormFieldT,
  FormValue,
  TableCell,
  TableColumnT,
} from '../catalog/index.js';
import { msg, str } from '@lit/localize';
import { formatDate, formatDegrees, formatDelta, formatNumber } from '../base/format.js';
import { chartFormats, chartSummary } from '../components/chart/chart-summary.js';
import type { Answer } from './answer.js';
import { AI_SOURCE_TYPE } from './mark.js';

/*
 * An element's figures as text, the way the element shows them (the same formatting, in the
 * same locale), for every export format: one home, so that no format says a value differently.
 */

export { AI_SOURCE_TYPE };

/** A table cell as the table shows it; an empty cell is empty. */
export function cellText(cell: TableCell, column: TableColumnT | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'boolean') return cell ? msg('Yes') : msg('No');
  if (typeof cell === 'number') {
    const style =
      column?.format === 'percent' || column?.format === 'currency' ? column.format : 'number';
    return formatNumber(cell, style, column?.currency);
  }
  return column?.format === 'date' ? formatDate(cell) : cell;
}

/** Whether a column holds figures, which line up at the end. */
export const isNumeric = (column: TableColumnT | undefined) =>
  column?.align === 'end' ||
  (!column?.align && ['number', 'percent', 'currency'].includes(column?.format ?? ''));

/** A table's header and rows as text. */
export function tableText({ props }: ElementOf<'Table'>) {
  return {
    head: props.columns.map((column) => column.label),
    rows: props.rows.map((row) =>
      props.columns.map((column, i) => cellText(row[i] ?? null, column)),
    ),
    numeric: props.columns.map(isNumeric),
  };
}

/** A metric as it shows: its value (with unit) and its signed change. */
export function metricText({ props }: ElementOf<'Metric'>) {
  const value =
    typeof props.value === 'number'
      ? formatNumber(props.value, props.format, props.currency)
      : props.value;
  const delta =
    typeof props.delta === 'number' && Number.isFinite(props.delta)
      ? formatDelta(props.delta)
      : undefined;
  return {
    value: props.unit ? `${value} ${props.unit}` : value,
    delta,
    /** Whether the change is for the better, when the metric says which way is good. */
    good:
      delta === undefined || !props.good_direction || props.delta === 0
        ? undefined
        : props.delta! > 0 === (props.good_direction === 'up'),
  };
}

/** A chart's data as a table (a row per label, a column per series) and its summary in words. */
export function chartText({ props }: ElementOf<'Chart'>) {
  const formats = chartFormats(props.unit);
  const unit = props.unit ? ` (${props.unit})` : '';
  return {
    head: [props.x_label || msg('Label'), ...props.series.map((s) => `${s.name}${unit}`)],
    rows: props.labels.map((label, i) => [
      label,
      ...props.series.map((s) => (s.values[i] === undefined ? '' : formats.number(s.values[i]))),
    ]),
    summary: chartSummary(props.labels, props.series, formats),
  };
}

/**
 * A place as text: its coordinates in words, as `coordinatesPhrase` of the map element says them
 * (the same message, so the same translation). Not that function itself: Rolldown splits the
 * core entry into chunks loaded up front when a lazy chunk imports an element's module that
 * imports `@lit/localize` (rolldown/rolldown#10731).
 */
export const placeText = ({ props }: ElementOf<'MapLocation'>) =>
  msg(str`latitude ${formatDegrees(props.lat)}, longitude ${formatDegrees(props.lng)}`);

/**
 * A submitted answer as the form shows it: `formatAnswer`'s words and formats (the same
 * messages, so the same translations), not that function itself for the reason `placeText` gives.
 */
function answerText(field: FormFieldT, value: FormValue | undefined): string {
  if (value === null || value === undefined || value === '') return msg('(no answer)');
  if (typeof value === 'boolean') return value ? msg('Yes') : msg('No');
  if (typeof value === 'number') return formatNumber(value);
  return field.kind === 'date' ? formatDate(value) : value;
}

/**
 * A form as text: the reader's answers where it was submitted ("Crew: Night crew B"), as the
 * form shows them then; else its questions, which the export cannot take answers to.
 */
export function formLines(
  { props }: ElementOf<'FollowUpForm'>,
  answers: Record<string, FormValue> | undefined,
): { lines: string[]; answered: boolean } {
  if (!answers) return { lines: props.fields.map(fieldText), answered: false };
  const lines = props.fields.map(
    (field) => `${field.label}: ${answerText(field, answers[field.name])}`,
  );
  return { lines: [...lines, msg('Submitted')], answered: true };
}

/** A form field's question as text: its label, whether it must be answered, its choices. */
function fieldText(field: ElementOf<'FollowUpForm'>['props']['fields'][number]) {
  const required = field.required ? ` (${msg('required')})` : '';
  const options = field.options?.length ? `: ${field.options.join(' / ')}` : '';
  return `${field.label}${required}${options}`;
}

/** The machine-readable mark: schema.org JSON-LD naming the answer as made by a trained model. */
export function markOf(answer: Answer) {
  return {
    '@context': 'https://schema.org',
    '@type': 'CreativeWork',
    name: answer.title,
    inLanguage: answer.locale,
    dateCreated: answer.created.toISOString(),
    digitalSourceType: AI_SOURCE_TYPE,
    creditText: answer.disclosure,
  };
}
