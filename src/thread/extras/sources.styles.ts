import { css } from 'lit';

export const sourcesStyles = css`
  :host {
    display: block;
    font-size: 0.875rem;
  }
  .heading {
    margin: 0 0 0.375rem;
    font-size: 0.8125rem;
    font-weight: 600;
    color: var(--_muted);
  }
  ol {
    margin: 0;
    padding: 0;
    list-style: none;
    display: flex;
    flex-direction: column;
    gap: 0.375rem;
  }
  li {
    display: flex;
    gap: 0.5rem;
    align-items: baseline;
    min-width: 0;
  }
  /* The number a citation like [2] points at. */
  .n {
    flex: none;
    min-width: 1.5rem;
    padding: 0 0.25rem;
    border: 1px solid var(--_border);
    border-radius: 0.375rem;
    background: var(--_raised);
    color: var(--_muted);
    font-size: 0.75rem;
    font-variant-numeric: tabular-nums;
    text-align: center;
  }
  /* The host or file follows the title, on a line of its own when there is no room. */
  .body {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0 0.5rem;
    min-width: 0;
  }
  .title {
    overflow-wrap: anywhere;
  }
  a.title {
    color: var(--_accent);
    text-underline-offset: 0.15em;
  }
  .meta {
    color: var(--_muted);
    font-size: 0.8125rem;
    overflow-wrap: anywhere;
  }
  /* The source a citation just asked for, for a moment; the shadow widens the tint without moving the text. */
  li.highlight {
    --_tint: color-mix(in srgb, var(--_accent) 14%, transparent);
    border-radius: 0.125rem;
    background: var(--_tint);
    box-shadow: 0 0 0 0.25rem var(--_tint);
  }
  @media (prefers-reduced-motion: no-preference) {
    li.highlight {
      animation: fade 2s ease-in forwards;
    }
    @keyframes fade {
      to {
        background: transparent;
        box-shadow: 0 0 0 0.25rem transparent;
      }
    }
  }
  @media (forced-colors: active) {
    li.highlight {
      outline: 2px solid Highlight;
      outline-offset: 0.25rem;
    }
  }
`;
