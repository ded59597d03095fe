import { css } from 'lit';
import { readerBubbleStyles } from '../reader-bubble.styles.js';

export const turnStyles = [
  readerBubbleStyles,
  css`
  :host {
    display: flex;
    flex-direction: column;
    gap: var(--_space-md);
  }
  .disclosure {
    margin: 0;
    font-size: 0.75rem;
    color: var(--_muted);
  }
  @media print {
    /* The answer on paper: its report and blocks, not how it was made; no block cut by a page. */
    .process {
      display: none;
    }
    answer-block {
      break-inside: avoid;
    }
  }
  .process {
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .process > summary {
    cursor: pointer;
    padding: var(--_space-sm) var(--_space-md);
    color: var(--_muted);
    font-size: 0.875rem;
    border-radius: var(--_radius);
  }
  .process[open] > summary {
    border-bottom: 1px solid var(--_border);
  }
  .process-body {
    padding: var(--_space-md);
  }
  agent-process,
  .process-page {
    display: flex;
    flex-direction: column;
    gap: var(--_space-md);
  }
  /*
   * In a long process, a page of steps out of view is neither styled nor
   * laid out, so showing more costs the same at its end as at its start.
   * Its paint is clipped to its box: the padding keeps room for focus rings.
   */
  .paged > .process-page {
    content-visibility: auto;
    contain-intrinsic-size: auto 2000px;
    padding: 4px;
    margin: -4px;
  }
  .report {
    display: flex;
    flex-direction: column;
    gap: var(--_space-md);
  }
  .step {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 0.5rem;
    align-items: baseline;
    font-size: 0.8125rem;
    color: var(--_muted);
  }
  .step .name {
    font-family: var(--_mono);
    color: var(--_text);
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .step .summary {
    flex-basis: 100%;
    overflow-wrap: anywhere;
  }
  .step.failed .state,
  .step.denied .state {
    color: var(--_negative);
  }
  .steering {
    margin-inline-start: auto;
    width: fit-content;
  }
  .reasoning-files {
    align-items: center;
  }
  details.reasoning > summary {
    cursor: pointer;
  }
  /* A subagent's step: its name on the summary line, its own work folded under it. */
  answer-activity {
    display: block;
  }
  details.step.activity {
    display: block;
  }
  details.step.activity > summary {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 0.5rem;
    align-items: baseline;
    cursor: pointer;
  }
  details.step.activity > :not(summary) {
    margin-block-start: var(--_space-sm);
    padding-inline-start: var(--_space-md);
    border-inline-start: 1px solid var(--_border);
  }
  /* What a run waits for (an AG-UI interrupt) is a question, not a fault. */
  answer-interrupt {
    display: block;
  }
  answer-interrupt > .notice {
    border-inline-start-color: var(--_accent);
  }
  .reasoning-text {
    margin: 0.25rem 0 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    font-size: 0.8125rem;
    color: var(--_muted);
  }
  .notice {
    margin: 0;
    padding: var(--_space-sm) var(--_space-md);
    border-inline-start: 3px solid var(--_negative);
    background: var(--_raised);
    border-start-end-radius: var(--_radius);
    border-end-end-radius: var(--_radius);
    font-size: 0.875rem;
  }
  .notice.quiet {
    border-inline-start-color: var(--_border);
    color: var(--_muted);
  }
  /* Holds a block's place while it is prepared: about the height of a small card. */
  .preparing {
    display: flex;
    flex-direction: column;
    gap: var(--_space-sm);
    min-height: 5.5rem;
    border-style: dashed;
    color: var(--_muted);
    font-size: 0.875rem;
  }
  .skeleton {
    display: block;
    width: min(16rem, 70%);
    height: 0.75rem;
    border-radius: 0.375rem;
    background: var(--_raised);
  }
  @media (forced-colors: active) {
    .skeleton {
      forced-color-adjust: none;
      background: GrayText;
    }
  }
  .pending,
  .status {
    color: var(--_muted);
    font-size: 0.875rem;
  }
  @media (prefers-reduced-motion: no-preference) {
    .skeleton {
      animation: breathe 1.6s ease-in-out infinite alternate;
    }
    @keyframes breathe {
      to {
        opacity: 0.4;
      }
    }
    .pending::after {
      content: '';
      display: inline-block;
      width: 1.5em;
      text-align: start;
      animation: dots 1.2s steps(4) infinite;
    }
    @keyframes dots {
      0% { content: ''; }
      25% { content: '.'; }
      50% { content: '..'; }
      75% { content: '...'; }
    }
  }
`,
];
