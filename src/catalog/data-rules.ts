import type { ComponentName, ComponentPropsMap } from './components.js';
import { toPointer, type Segment, type ValidationError } from './issues.js';

/** Cross-field rules JSON Schema cannot state. */
export function checkData(
  name: ComponentName,
  props: ComponentPropsMap[ComponentName],
  base: Segment[],
): ValidationError[] {
  const errors: ValidationError[] = [];
  const at = (...rest: Segment[]) => toPointer([...base, ...rest]);
  if (name === 'Chart') {
    const { labels, series } = props as ComponentPropsMap['Chart'];
    series.forEach((s, i) => {
      if (s.values.length !== labels.length) {
        errors.push({
          code: 'misaligned_series',
          path: at('series', i, 'values'),
          message: `series ${JSON.stringify(s.name)} has ${s.values.length} values but there are ${labels.length} labels; give exactly one value per label`,
        });
      }
    });
  } else if (name === 'Table') {
    const { columns, rows } = props as ComponentPropsMap['Table'];
    rows.forEach((row, i) => {
      if (row.length !== columns.length) {
        errors.push({
          code: 'row_length',
          path: at('rows', i),
          message: `row ${i} has ${row.length} cells but there are ${columns.length} columns; give exactly one cell per column (null for empty)`,
        });
      }
    });
    columns.forEach((column, i) => {
      if (column.format === 'currency' && !column.currency) {
        errors.push({
          code: 'invalid_prop',
          path: at('columns', i, 'currency'),
          message: 'format "currency" needs a currency code such as "USD"',
        });
      }
    });
  } else if (name === 'Metric') {
    const metric = props as ComponentPropsMap['Metric'];
    if (metric.format === 'currency' && !metric.currency) {
      errors.push({
        code: 'invalid_prop',
        path: at('currency'),
        message: 'format "currency" needs a currency code such as "USD"',
      });
    }
  } else if (name === 'FollowUpForm') {
    const seen = new Map<string, number>();
    (props as ComponentPropsMap['FollowUpForm']).fields.forEach((field, i) => {
      const first = seen.get(field.name);
      if (first !== undefined) {
        errors.push({
          code: 'duplicate_field',
          path: at('fields', i, 'name'),
          message: `field name ${JSON.stringify(field.name)} is already used by field ${first}; names must be unique`,
        });
      } else seen.set(field.name, i);
      const choices = field.kind === 'select' || field.kind === 'radio';
      if (choices && !field.options) {
        errors.push({
          code: 'invalid_prop',
          path: at('fields', i, 'options'),
          message: `a ${field.kind} field needs options`,
        });
      } else if (!choices && field.options) {
        errors.push({
          code: 'invalid_prop',
          path: at('fields', i, 'options'),
          message: 'options apply only to select and radio fields',
        });
      }
      for (const bound of ['min', 'max'] as const) {
        if (field[bound] !== undefined && field.kind !== 'number') {
          errors.push({
            code: 'invalid_prop',
            path: at('fields', i, bound),
            message: `${bound} applies only to number fields`,
          });
        }
      }
      if (field.min !== undefined && field.max !== undefined && field.min > field.max) {
        errors.push({
          code: 'invalid_prop',
          path: at('fields', i, 'max'),
          message: `max (${field.max}) is less than min (${field.min})`,
        });
      }
    });
  }
  return errors;
}
