import { css } from 'lit';

/**
 * The reader's own words as a bubble at the end side (`.reader-bubble`):
 * their questions in the thread, and a message they added to a running
 * answer inside its turn.
 */
export const readerBubbleStyles = css`
  .reader-bubble {
    align-self: flex-end;
    max-width: min(85%, 40rem);
    background: var(--_raised);
    border: 1px solid var(--_border);
    border-radius: var(--_radius) var(--_radius) 2px var(--_radius);
    padding: var(--_space-sm) var(--_space-md);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  :host(:dir(rtl)) .reader-bubble {
    border-radius: var(--_radius) var(--_radius) var(--_radius) 2px;
  }
`;
