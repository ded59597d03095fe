import { html, type svg } from 'lit';

/** A 24×24 line icon, hidden from assistive technology (its button carries the name). */
export const icon = (path: ReturnType<typeof svg>) =>
  html`<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
    ${path}
  </svg>`;
