import { css } from 'lit';

/** A message with the reader's actions under it, and the form a question is edited in. */
export const messageActionStyles = css`
  .entry {
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
  }
  .entry.from-user {
    align-items: flex-end;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem;
    /* Shown on hover and focus (and always on the last answer and on touch screens); never removed, so always reachable by keyboard. */
    opacity: 0;
    transition: opacity 0.15s;
  }
  .entry:hover .actions,
  .actions:focus-within,
  .actions.pinned {
    opacity: 1;
  }
  @media (hover: none) {
    .actions {
      opacity: 1;
    }
  }
  .action {
    font: inherit;
    font-size: 0.8125rem;
    color: var(--_muted);
    background: none;
    border: 1px solid transparent;
    border-radius: var(--_radius);
    padding: 0.125rem 0.5rem;
    min-height: 1.75rem;
    cursor: pointer;
  }
  .action:hover {
    color: var(--_text);
    border-color: var(--_border);
  }
  .edit {
    display: flex;
    flex-direction: column;
    gap: var(--_space-sm);
    align-self: stretch;
  }
  .edit-buttons {
    display: flex;
    justify-content: flex-end;
    gap: var(--_space-sm);
  }
  @media (forced-colors: active) {
    .action {
      border-color: ButtonText;
      color: ButtonText;
    }
  }
`;
