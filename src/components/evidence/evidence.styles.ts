import { css } from 'lit';

export const evidenceStyles = css`
  :host {
    display: block;
  }
  details.card {
    padding: 0;
  }
  summary {
    display: flex;
    gap: var(--_space-sm);
    align-items: baseline;
    padding: var(--_space-sm) var(--_space-md);
    cursor: pointer;
    list-style: none;
    border-radius: var(--_radius);
  }
  summary::-webkit-details-marker {
    display: none;
  }
  summary::before {
    content: '▸';
    color: var(--_muted);
    transition: transform 0.15s;
  }
  :host(:dir(rtl)) summary::before {
    content: '◂';
  }
  details[open] summary::before {
    transform: rotate(90deg);
  }
  :host(:dir(rtl)) details[open] summary::before {
    transform: rotate(-90deg);
  }
  .heading {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .count {
    margin-inline-start: auto;
    font-size: 0.8125rem;
    white-space: nowrap;
  }
  .body {
    padding: 0 var(--_space-md) var(--_space-md);
  }
  .summary-text {
    margin: 0 0 var(--_space-sm);
  }
  ol {
    margin: 0;
    padding: 0;
    list-style: none;
    display: flex;
    flex-direction: column;
    gap: var(--_space-sm);
  }
  li {
    border-inline-start: 3px solid var(--_border);
    padding-inline-start: var(--_space-sm);
  }
  .source {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .meta {
    font-size: 0.8125rem;
  }
  blockquote {
    margin: 0.25rem 0;
    overflow-wrap: anywhere;
    white-space: pre-wrap;
  }
  .open {
    margin-top: 0.25rem;
    min-height: 1.75rem;
    font-size: 0.8125rem;
  }
  @media (prefers-reduced-motion: reduce) {
    summary::before {
      transition: none;
    }
  }
`;
