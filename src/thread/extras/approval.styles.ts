import { css } from 'lit';

export const approvalStyles = css`
  :host {
    display: block;
  }
  .card {
    display: flex;
    flex-direction: column;
    gap: var(--_space-sm);
    font-size: 0.875rem;
  }
  /* A request still waiting stands out from the answer around it. */
  .card.waiting {
    border-inline-start: 3px solid var(--_accent);
  }
  p {
    margin: 0;
  }
  .title {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 0.5rem;
    align-items: baseline;
    font-weight: 600;
  }
  .name {
    font-family: var(--_mono);
    font-weight: normal;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .request-reason {
    overflow-wrap: anywhere;
  }
  .input {
    margin: 0;
    padding: var(--_space-sm);
    list-style: none;
    border-radius: calc(var(--_radius) - 2px);
    background: var(--_raised);
    font-family: var(--_mono);
    font-size: 0.8125rem;
    overflow-wrap: anywhere;
  }
  .key {
    color: var(--_muted);
  }
  .more {
    color: var(--_muted);
    font-family: var(--_font);
  }
  .reason {
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
  }
  label {
    color: var(--_muted);
    font-size: 0.8125rem;
  }
  input {
    width: 100%;
    min-height: 2rem;
    padding: 0.25rem 0.5rem;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) - 2px);
    background: var(--_surface);
    color: var(--_text);
    font: inherit;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space-sm);
  }
  .outcome {
    display: flex;
    gap: 0.375rem;
    align-items: baseline;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .outcome.approved .mark {
    color: var(--_positive);
  }
  .outcome.denied .mark {
    color: var(--_negative);
  }
  .summary {
    color: var(--_muted);
    font-size: 0.8125rem;
    overflow-wrap: anywhere;
  }
  @media (forced-colors: active) {
    .card.waiting {
      border-inline-start-color: Highlight;
    }
    input {
      border-color: FieldText;
    }
  }
`;
