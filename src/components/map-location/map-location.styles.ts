import { css } from 'lit';

export const mapLocationStyles = css`
  :host {
    display: block;
  }
  figure {
    margin: 0;
    padding: 0;
    overflow: hidden;
  }
  .map {
    height: var(--answer-map-height, 220px);
    background: var(--_raised);
    z-index: 0;
  }
  figcaption {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem var(--_space-md);
    align-items: center;
    padding: var(--_space-sm) var(--_space-md);
  }
  .text {
    flex: 1 1 12rem;
    min-width: 0;
  }
  .label {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .coords,
  .attribution {
    font-size: 0.8125rem;
  }
  .description {
    margin: 0.25rem 0 0;
    overflow-wrap: anywhere;
  }
  .attribution {
    flex-basis: 100%;
  }
  /* The marker's colour, for Leaflet; it transitions, so that the marker follows a change of the accent colour. */
  .swatches .marker {
    color: var(--_accent);
    transition: color 1ms;
  }
  @media (forced-colors: active) {
    .swatches .marker {
      color: Highlight;
    }
  }
`;
