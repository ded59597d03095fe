import { css } from 'lit';

export const metricStyles = css`
  :host {
    display: block;
  }
  .card {
    display: flex;
    flex-direction: column;
    gap: 0.125rem;
    height: 100%;
  }
  .label {
    font-size: 0.8125rem;
    color: var(--_muted);
    overflow-wrap: anywhere;
  }
  .value {
    font-size: 1.625rem;
    font-weight: 650;
    line-height: 1.2;
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
  }
  /* A long figure gets a smaller size rather than breaking mid-number in a narrow column. */
  .value.long {
    font-size: 1.25rem;
  }
  .value {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    column-gap: 0.25rem;
  }
  .unit {
    font-size: 0.9375rem;
    font-weight: 500;
    color: var(--_muted);
  }
  .delta {
    font-size: 0.875rem;
    font-weight: 600;
    color: var(--_muted);
  }
  .delta.good {
    color: var(--_positive);
  }
  .delta.bad {
    color: var(--_negative);
  }
  .caption {
    font-size: 0.8125rem;
  }
`;
