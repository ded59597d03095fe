import { css } from 'lit';

export const sectionStyles = css`
  :host {
    display: block;
  }
  section {
    display: flex;
    flex-direction: column;
    gap: var(--_space-sm);
  }
  h3 {
    margin: 0;
    font-size: 1.0625rem;
    font-weight: 650;
    line-height: 1.3;
    overflow-wrap: anywhere;
  }
  .subtitle {
    margin: -0.25rem 0 0;
    overflow-wrap: anywhere;
  }
  .body {
    display: flex;
    flex-direction: column;
    gap: var(--_space-md);
  }
`;
