import { expect, fixture, html } from '@open-wc/testing';
import type { TableCell, TableColumnT } from '../../catalog/index.js';
import { $, $$, narrowBox, overflows } from '../../test-support/dom.js';
import './define.js';
import type { AnswerTable } from './table.js';
import { press } from '../../test-support/engines.js';

const columns: TableColumnT[] = [
  { label: 'Site' },
  { label: 'Flow', format: 'number' },
  { label: 'Share', format: 'percent' },
  { label: 'Cost', format: 'currency', currency: 'EUR' },
  { label: 'Checked', format: 'date' },
  { label: 'OK' },
];
const rows: TableCell[][] = [
  ['B', 12.5, 0.25, 100, '2025-05-02', true],
  ['A', null, 0.5, 90, '2025-01-10', false],
  ['C', 3, 0.125, 1000.5, '2024-12-31', null],
];

const column = (el: AnswerTable, i: number) =>
  $$(el, 'tbody tr').map((tr) => tr.children[i]!.textContent!.trim());

describe('answer-table', () => {
  it('renders caption, headers and formatted cells', async () => {
    const el = await fixture<AnswerTable>(
      html`<answer-table caption="Flows" .columns=${columns} .rows=${rows}></answer-table>`,
    );
    expect($(el, 'caption').textContent).to.equal('Flows');
    expect(
      $$(el, 'thead th').map((th) => th.textContent!.replace(/[↕▲▼]/g, '').trim()),
    ).to.deep.equal(['Site', 'Flow', 'Share', 'Cost', 'Checked', 'OK']);
    expect([...$$(el, 'tbody tr')[0]!.children].map((td) => td.textContent!.trim())).to.deep.equal([
      'B',
      '12.5',
      '25%',
      '€100.00',
      'May 2, 2025',
      'Yes',
    ]);
    expect(column(el, 1)[1]).to.include('—');
    expect($$(el, 'tbody tr')[0]!.children[1]!.className).to.include('end');
    await expect(el).to.be.accessible();
  });

  it('is announced with its name and size, heads each row with its first cell, says how it sorts', async () => {
    const el = await fixture<AnswerTable>(
      html`<answer-table caption="Flows" .columns=${columns} .rows=${rows}></answer-table>`,
    );
    expect($(el, '[role="region"]').getAttribute('aria-label')).to.equal(
      'Flows, 3 rows, 6 columns',
    );
    const heads = $$(el, 'tbody th');
    expect(heads.map((th) => [th.getAttribute('scope'), th.textContent!.trim()])).to.deep.equal([
      ['row', 'B'],
      ['row', 'A'],
      ['row', 'C'],
    ]);
    const status = () => $(el, '[role="status"]').textContent;
    expect(status()).to.equal('');
    $$(el, 'th button')[1]!.click();
    await el.updateComplete;
    expect(status()).to.equal('Sorted by Flow, ascending');
    $$(el, 'th button')[1]!.click();
    await el.updateComplete;
    expect(status()).to.equal('Sorted by Flow, descending');
    await expect(el).to.be.accessible();
    // A first column of figures names nothing: no row headers. One row, one column: singular.
    el.columns = [{ label: 'Flow', format: 'number' }];
    el.rows = [[4]];
    el.caption = undefined;
    await el.updateComplete;
    expect($$(el, 'tbody th')).to.have.length(0);
    expect($(el, '[role="region"]').getAttribute('aria-label')).to.equal(
      'Data table, 1 row, 1 column',
    );
  });

  it('sorts by a column ascending, then descending, keeping empty cells last', async () => {
    const el = await fixture<AnswerTable>(
      html`<answer-table .columns=${columns} .rows=${rows}></answer-table>`,
    );
    const flowButton = $$(el, 'th button')[1]!;
    flowButton.click();
    await el.updateComplete;
    expect(column(el, 0)).to.deep.equal(['C', 'B', 'A']);
    expect($$(el, 'th')[1]!.getAttribute('aria-sort')).to.equal('ascending');
    flowButton.click();
    await el.updateComplete;
    expect(column(el, 0)).to.deep.equal(['B', 'C', 'A']);
    expect($$(el, 'th')[1]!.getAttribute('aria-sort')).to.equal('descending');
    await expect(el).to.be.accessible();
  });

  it('sorts from the keyboard', async () => {
    const el = await fixture<AnswerTable>(
      html`<answer-table .columns=${columns} .rows=${rows}></answer-table>`,
    );
    $$(el, 'th button')[0]!.focus();
    await press('Enter');
    await el.updateComplete;
    expect(column(el, 0)).to.deep.equal(['A', 'B', 'C']);
    await press('Space');
    await el.updateComplete;
    expect(column(el, 0)).to.deep.equal(['C', 'B', 'A']);
  });

  it('says so when there are no rows', async () => {
    const el = await fixture<AnswerTable>(
      html`<answer-table .columns=${columns} .rows=${[]}></answer-table>`,
    );
    expect($(el, 'tbody').textContent!.trim()).to.equal('No rows');
    await expect(el).to.be.accessible();
  });

  it('scrolls inside its own box at 320 px instead of widening the page', async () => {
    const box = narrowBox(320);
    const wide = Array.from({ length: 12 }, (_, i) => ({ label: `Column ${i}` }));
    const rows = [wide.map((_, i) => `value ${i}`), wide.map(() => null)];
    const el = await fixture<AnswerTable>(
      html`<answer-table .columns=${wide} .rows=${rows}></answer-table>`,
      { parentNode: box },
    );
    const scroller = $(el, '.scroll');
    expect(el.getBoundingClientRect().width).to.be.at.most(320);
    expect(scroller.scrollWidth).to.be.greaterThan(scroller.clientWidth);
    expect(scroller.tabIndex).to.equal(0);
    expect(overflows(box)).to.be.false;
  });
});
