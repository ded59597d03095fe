import { css } from 'lit';

export const stackStyles = css`
  :host {
    display: block;
    /* Browsers map a legacy align="center" attribute to text-align. */
    text-align: start;
  }
  .stack {
    display: flex;
    flex-direction: column;
    gap: var(--_space-md);
  }
  .gap-none { gap: 0; }
  .gap-sm { gap: var(--_space-sm); }
  .gap-lg { gap: var(--_space-lg); }
  .align-start { align-items: flex-start; }
  .align-center { align-items: center; }
  .align-end { align-items: flex-end; }
  /* Side by side, falling back to one column when a child would get narrower
     than --answer-stack-min-item: a 320 px screen gets a single column. */
  .horizontal {
    flex-direction: row;
    flex-wrap: wrap;
  }
  .horizontal slot::slotted(*) {
    flex: 1 1 var(--answer-stack-min-item, 12rem);
    min-width: 0;
  }
  .horizontal.wrap slot::slotted(*) {
    flex: 1 1 auto;
  }
`;
