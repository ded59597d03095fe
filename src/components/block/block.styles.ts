import { css } from 'lit';

export const blockStyles = css`
  :host {
    display: block;
  }
  .fallback {
    margin: 0;
    padding: var(--_space-sm) var(--_space-md);
    border: 1px dashed var(--_border);
    border-radius: var(--_radius);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;
