/*
 * Number formatting for the peers' equivalent components: the same Intl
 * formatters answer-ui uses (en-US), cached the same way, so every system
 * spends the same on formatting.
 */
const cache = new Map<string, Intl.NumberFormat>();

function numberFormat(name: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let format = cache.get(name);
  if (!format) {
    format = new Intl.NumberFormat('en-US', options);
    cache.set(name, format);
  }
  return format;
}

export function formatNumber(value: number, style = 'number', currency?: string): string {
  if (style === 'percent')
    return numberFormat('percent', { style: 'percent', maximumFractionDigits: 1 }).format(value);
  if (style === 'currency' && currency)
    return numberFormat(`currency ${currency}`, { style: 'currency', currency }).format(value);
  if (style === 'compact')
    return numberFormat('compact', { notation: 'compact', maximumFractionDigits: 1 }).format(value);
  return numberFormat('number', { maximumFractionDigits: 2 }).format(value);
}

export function formatDelta(fraction: number): string {
  return numberFormat('delta', {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  }).format(fraction);
}

export type Cell = string | number | boolean | null;
export interface Column {
  label: string;
  align?: string;
  format?: string;
  currency?: string;
}

export function formatCell(cell: Cell | undefined, column: Column): string {
  if (cell === null || cell === undefined) return '—';
  if (typeof cell === 'boolean') return cell ? 'Yes' : 'No';
  if (typeof cell === 'number')
    return formatNumber(
      cell,
      column.format === 'percent' || column.format === 'currency' ? column.format : 'number',
      column.currency,
    );
  return cell;
}

export const alignment = (column: Column) =>
  column.align ??
  (column.format && column.format !== 'text' && column.format !== 'date' ? 'end' : 'start');
