import { msg, str } from '@lit/localize';
import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { TableCell, TableColumnT } from '../../catalog/index.js';
import { getAnswerLocale } from '../../base/localization.js';
import { formatDate, formatNumber } from '../../base/format.js';
import { tablePhrase } from '../shared/phrases.js';
import { tableStyles } from './table.styles.js';
import { AnswerElement } from '../../base/answer-element.js';

type Direction = 'ascending' | 'descending';

const NUMERIC_FORMATS = new Set(['number', 'percent', 'currency']);

/** Orders cells for sorting: numbers, then booleans, then text; empty cells last. */
function compareCells(a: TableCell, b: TableCell, collator: Intl.Collator): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

/**
 * @tag answer-table
 * @summary A data table the reader can sort by column; scrolls inside its own box on narrow screens.
 *
 * @csspart scroll - The scrolling box around the table.
 * @csspart table - The `<table>`.
 * @cssprop --answer-table-max-height - Height beyond which the table scrolls vertically (default none).
 */
export class AnswerTable extends AnswerElement {
  static override styles = tableStyles;

  /** What the table shows. */
  @property() caption?: string;

  /** Columns: `{ label, align?, format?, currency? }`. */
  @property({ attribute: false }) columns: TableColumnT[] = [];

  /** Rows of cells, one per column. */
  @property({ attribute: false }) rows: TableCell[][] = [];

  @state() private sortColumn = -1;
  @state() private sortDirection: Direction = 'ascending';
  /** What a sort announces to assistive technology. */
  @state() private announcement = '';

  private sortBy(index: number) {
    if (this.sortColumn === index) {
      this.sortDirection = this.sortDirection === 'ascending' ? 'descending' : 'ascending';
    } else {
      this.sortColumn = index;
      this.sortDirection = 'ascending';
    }
    const label = this.columns[index]?.label ?? '';
    this.announcement =
      this.sortDirection === 'ascending'
        ? msg(str`Sorted by ${label}, ascending`)
        : msg(str`Sorted by ${label}, descending`);
  }

  private sortedRows(): TableCell[][] {
    const rows = this.rows ?? [];
    const index = this.sortColumn;
    if (index < 0 || index >= (this.columns ?? []).length) return rows;
    const collator = new Intl.Collator(getAnswerLocale(), { numeric: true });
    const sign = this.sortDirection === 'ascending' ? 1 : -1;
    return rows
      .map((row, position) => ({ row, position }))
      .sort((a, b) => {
        const [x, y] = [a.row[index] ?? null, b.row[index] ?? null];
        // Empty cells stay last in either direction.
        if (x === null || y === null)
          return compareCells(x, y, collator) || a.position - b.position;
        return sign * compareCells(x, y, collator) || a.position - b.position;
      })
      .map(({ row }) => row);
  }

  private alignment(column: TableColumnT): string {
    if (column.align === 'end' || column.align === 'center') return column.align;
    if (column.align === 'start') return '';
    return NUMERIC_FORMATS.has(column.format ?? '') ? 'end' : '';
  }

  private formatCell(cell: TableCell, column: TableColumnT) {
    if (cell === null || cell === undefined)
      return html`<span aria-hidden="true">—</span><span class="visually-hidden">${msg('empty')}</span>`;
    if (typeof cell === 'boolean') return cell ? msg('Yes') : msg('No');
    if (typeof cell === 'number') {
      const style =
        column.format === 'percent' || column.format === 'currency' ? column.format : 'number';
      return formatNumber(cell, style, column.currency);
    }
    return column.format === 'date' ? formatDate(cell) : cell;
  }

  override render() {
    const columns = this.columns ?? [];
    const rows = this.sortedRows();
    // A first column of text names its row: its cells are the row's headers.
    const format = columns[0]?.format;
    const rowHeads = columns.length > 1 && (!format || format === 'text');
    const name = tablePhrase(this.caption, rows.length, columns.length);
    return html`<div class="scroll" part="scroll" tabindex="0" role="region" aria-label=${name}>
      <table part="table">
        ${this.caption ? html`<caption dir="auto">${this.caption}</caption>` : nothing}
        <thead>
          <tr>
            ${columns.map((column, i) => {
              const sorted = this.sortColumn === i ? this.sortDirection : undefined;
              const align = this.alignment(column);
              return html`<th scope="col" class=${align} aria-sort=${sorted ?? nothing}>
                <button type="button" class=${align} @click=${() => this.sortBy(i)} title=${msg(str`Sort by ${column.label}`)}>
                  <bdi>${column.label}</bdi><span class="sort" aria-hidden="true">${sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : '↕'}</span>
                </button>
              </th>`;
            })}
          </tr>
        </thead>
        <tbody>
          ${
            rows.length === 0
              ? html`<tr><td class="empty" colspan=${Math.max(columns.length, 1)}>${msg('No rows')}</td></tr>`
              : rows.map(
                  (row) => html`<tr>
                  ${columns.map((column, i) => {
                    const cell = row[i] ?? null;
                    const long = typeof cell === 'string' && cell.length > 40;
                    const classes = `${this.alignment(column)} ${long ? 'wrap' : ''}`;
                    const dir = typeof cell === 'string' ? 'auto' : nothing;
                    const shown = this.formatCell(cell, column);
                    return i === 0 && rowHeads
                      ? html`<th scope="row" class=${classes} dir=${dir}>${shown}</th>`
                      : html`<td class=${classes} dir=${dir}>${shown}</td>`;
                  })}
                </tr>`,
                )
          }
        </tbody>
      </table>
      <span class="visually-hidden" role="status">${this.announcement}</span>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'answer-table': AnswerTable;
  }
}
