import { css } from 'lit';

export const chartStyles = css`
  :host {
    display: block;
    --_series-1: var(--answer-chart-1, light-dark(#0b5cad, #6cb2ff));
    --_series-2: var(--answer-chart-2, light-dark(#c4501b, #ff9a5c));
    --_series-3: var(--answer-chart-3, light-dark(#1a7f37, #4ac26b));
    --_series-4: var(--answer-chart-4, light-dark(#8250df, #b392f0));
    --_series-5: var(--answer-chart-5, light-dark(#b08800, #e3b341));
    --_series-6: var(--answer-chart-6, light-dark(#bf3989, #f778ba));
    --_grid: light-dark(#e4e8ec, #30363d);
  }
  .head {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space-sm);
    align-items: center;
    margin-bottom: var(--_space-sm);
  }
  /* The title takes the room the switch and Play leave, pushing them to the end of the line. */
  h3 {
    margin: 0;
    margin-inline-end: auto;
    font-size: 1rem;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .views {
    display: inline-flex;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) - 2px);
    overflow: hidden;
  }
  .views button {
    border: 0;
    background: var(--_surface);
    padding: 0.25rem 0.625rem;
    min-height: 2rem;
    cursor: pointer;
    font-size: 0.8125rem;
  }
  .views button + button {
    border-inline-start: 1px solid var(--_border);
  }
  .views button[aria-pressed='true'] {
    background: var(--_accent);
    color: var(--_on-accent);
  }
  .views button:focus-visible {
    outline-offset: -3px;
  }
  /* On the accent background of the chosen view, a ring in the accent colour would not show. */
  .views button[aria-pressed='true']:focus-visible {
    outline-color: var(--_on-accent);
  }
  .canvas {
    position: relative;
    height: var(--answer-chart-height, 260px);
    min-width: 0;
  }
  .canvas[hidden] {
    display: none;
  }
  .legend {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 0.875rem;
    margin: 0 0 var(--_space-sm);
    padding: 0;
    list-style: none;
    font-size: 0.8125rem;
    color: var(--_muted);
  }
  .legend li {
    display: inline-flex;
    align-items: center;
    gap: 0.375rem;
    overflow-wrap: anywhere;
  }
  .summary {
    margin-top: var(--_space-sm);
    font-size: 0.8125rem;
    color: var(--_muted);
  }
  .summary summary {
    width: fit-content;
    min-height: 24px;
    cursor: pointer;
  }
  .summary p {
    margin: 0.25rem 0 0;
  }
  .key {
    flex: none;
    width: 0.75rem;
    height: 0.75rem;
    border-radius: 2px;
    background: currentColor;
  }
  /* Resolved colours for chart.js (see DrawingController.swatches). */
  .s1 { color: var(--_series-1); }
  .s2 { color: var(--_series-2); }
  .s3 { color: var(--_series-3); }
  .s4 { color: var(--_series-4); }
  .s5 { color: var(--_series-5); }
  .s6 { color: var(--_series-6); }
  .swatches .text { color: var(--_muted); }
  .swatches .grid { color: var(--_grid); }
  figure {
    margin: 0;
  }
  .loading {
    position: absolute;
    inset: 0;
    display: grid;
    place-items: center;
  }
  @media (forced-colors: active) {
    /* Not adjusted: the backplate forced colours put behind text would hide the label on the highlight. */
    .views button[aria-pressed='true'] {
      forced-color-adjust: none;
      background: Highlight;
      color: HighlightText;
    }
    .views button[aria-pressed='true']:focus-visible {
      outline-color: HighlightText;
    }
    /* The series keep their colours, on the plot and in the legend: colour is what tells them apart. */
    .key,
    .swatches i {
      forced-color-adjust: none;
    }
    .swatches .text {
      color: CanvasText;
    }
    .swatches .grid {
      color: GrayText;
    }
  }
`;
