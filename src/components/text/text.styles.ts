import { css } from 'lit';

export const textStyles = css`
  :host {
    display: block;
  }
  .text {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .heading {
    font-size: 1.125rem;
    font-weight: 650;
    line-height: 1.3;
  }
  .caption {
    font-size: 0.8125rem;
    color: var(--_muted);
  }
  .note {
    padding: var(--_space-sm) var(--_space-md);
    border-inline-start: 3px solid var(--_accent);
    background: var(--_raised);
    border-start-end-radius: var(--_radius);
    border-end-end-radius: var(--_radius);
  }
  .code {
    font-family: var(--_mono);
    font-size: 0.8125rem;
    padding: var(--_space-sm) var(--_space-md);
    background: var(--_raised);
    border-radius: var(--_radius);
    overflow-x: auto;
    white-space: pre;
  }
  /* The box of a code block is its background, which forced colours take away. */
  @media (forced-colors: active) {
    .code {
      border: 1px solid CanvasText;
    }
  }
`;
