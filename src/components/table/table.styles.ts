import { css } from 'lit';

export const tableStyles = css`
  :host {
    display: block;
  }
  .scroll {
    /* Contains the absolutely positioned screen-reader labels in its cells. */
    position: relative;
    overflow: auto;
    max-width: 100%;
    max-height: var(--answer-table-max-height, none);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
  }
  table {
    border-collapse: collapse;
    width: 100%;
    font-variant-numeric: tabular-nums;
  }
  caption {
    caption-side: top;
    text-align: start;
    font-weight: 600;
    padding: var(--_space-sm) var(--_space-md);
  }
  th,
  td {
    padding: 0.375rem var(--_space-md);
    border-top: 1px solid var(--_border);
    text-align: start;
    vertical-align: top;
    white-space: nowrap;
  }
  td.wrap {
    white-space: normal;
    /* Wide enough that ordinary words stay whole; only unbroken strings (URLs, ids) break anywhere. */
    min-width: 14rem;
    overflow-wrap: anywhere;
  }
  th {
    background: var(--_raised);
    font-weight: 600;
    padding: 0;
    position: sticky;
    top: 0;
  }
  /* A row's header (its first cell) looks like the cells beside it. */
  tbody th {
    background: none;
    font-weight: inherit;
    padding: 0.375rem var(--_space-md);
    position: static;
  }
  th button {
    all: unset;
    box-sizing: border-box;
    display: flex;
    width: 100%;
    gap: 0.25rem;
    align-items: center;
    justify-content: inherit;
    padding: 0.375rem var(--_space-md);
    cursor: pointer;
  }
  th button:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: -2px;
  }
  .end {
    text-align: end;
    justify-content: flex-end;
  }
  .center {
    text-align: center;
    justify-content: center;
  }
  .sort {
    font-size: 0.75em;
    color: var(--_muted);
    min-width: 1ch;
  }
  /* At the start, not centred: centred across a table wider than the screen, it would be scrolled out of view. */
  .empty {
    color: var(--_muted);
  }
  @media (forced-colors: active) {
    th button:focus-visible {
      outline-color: Highlight;
    }
    /* The sorted column's arrow stands out from the others' in the selection colour. */
    th[aria-sort] .sort {
      color: Highlight;
    }
  }
`;
