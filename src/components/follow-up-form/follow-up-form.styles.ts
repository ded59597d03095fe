import { css } from 'lit';

export const followUpFormStyles = css`
  :host {
    display: block;
  }
  h3 {
    margin: 0 0 0.25rem;
    font-size: 1rem;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .description {
    margin: 0 0 var(--_space-sm);
  }
  form,
  .fields {
    display: flex;
    flex-direction: column;
    gap: var(--_space-md);
  }
  .field {
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
    min-width: 0;
  }
  label,
  legend {
    font-weight: 500;
    overflow-wrap: anywhere;
  }
  .required {
    color: var(--_negative);
    margin-inline-start: 0.125rem;
  }
  input:not([type='checkbox'], [type='radio']),
  select,
  textarea {
    font: inherit;
    color: inherit;
    background: var(--_surface);
    border: 1px solid var(--_muted);
    border-radius: calc(var(--_radius) - 2px);
    padding: 0.375rem 0.5rem;
    /* Padding and border inside the width: at 100% a select would otherwise overflow a narrow card. */
    box-sizing: border-box;
    width: 100%;
    max-width: 28rem;
    min-height: 2.25rem;
  }
  textarea {
    min-height: 5rem;
    resize: vertical;
  }
  /* Review only: the fields read as a record, not as questions waiting for an answer. */
  input:disabled:not([type='checkbox'], [type='radio']),
  select:disabled,
  textarea:disabled {
    background: var(--_raised);
    border-style: dashed;
    cursor: not-allowed;
  }
  fieldset {
    border: 0;
    margin: 0;
    padding: 0;
    min-width: 0;
  }
  .choice {
    display: flex;
    gap: 0.5rem;
    align-items: center;
    font-weight: 400;
    min-height: 1.75rem;
  }
  input[type='checkbox'],
  input[type='radio'] {
    width: 1.125rem;
    height: 1.125rem;
    accent-color: var(--_accent);
    margin: 0;
  }
  .review-note {
    margin: 0;
    padding: 0.25rem var(--_space-sm);
    border-inline-start: 3px solid var(--_border);
    background: var(--_raised);
    font-size: 0.875rem;
  }
  .actions {
    display: flex;
    gap: var(--_space-sm);
    align-items: center;
  }
  dl {
    margin: 0;
    display: grid;
    /* Labels take at most 40% so answers stay readable on narrow screens. */
    grid-template-columns: fit-content(40%) minmax(0, 1fr);
    gap: 0.25rem var(--_space-md);
  }
  dt {
    color: var(--_muted);
    overflow-wrap: anywhere;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
    white-space: pre-wrap;
  }
  .status {
    margin: var(--_space-sm) 0 0;
    font-weight: 600;
    color: var(--_positive);
  }
`;
