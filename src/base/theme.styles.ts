import { css } from 'lit';

/**
 * Design tokens shared by every answer element. A host themes the whole
 * system by setting the public `--answer-*` properties on any ancestor; each
 * has a light and a dark value picked by `light-dark()`, following
 * `prefers-color-scheme` unless `--answer-color-scheme` forces `light` or `dark`.
 */
export const themeStyles = css`
  :host {
    color-scheme: var(--answer-color-scheme, light dark);
    --_text: var(--answer-color-text, light-dark(#1b1f24, #e6e8eb));
    --_muted: var(--answer-color-muted, light-dark(#57606a, #a4acb6));
    --_surface: var(--answer-color-surface, light-dark(#ffffff, #16191d));
    --_raised: var(--answer-color-raised, light-dark(#f4f6f8, #22262b));
    --_border: var(--answer-color-border, light-dark(#d0d7de, #3a4048));
    --_accent: var(--answer-color-accent, light-dark(#0b5cad, #6cb2ff));
    --_on-accent: var(--answer-color-on-accent, light-dark(#ffffff, #0b1520));
    --_positive: var(--answer-color-positive, light-dark(#1a7f37, #4ac26b));
    --_negative: var(--answer-color-negative, light-dark(#c2272d, #ff7b72));
    --_focus: var(--answer-color-focus, light-dark(#0b5cad, #6cb2ff));
    --_radius: var(--answer-radius, 8px);
    --_space-sm: var(--answer-space-sm, 0.5rem);
    --_space-md: var(--answer-space-md, 1rem);
    --_space-lg: var(--answer-space-lg, 1.5rem);
    --_font: var(--answer-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif);
    --_mono: var(--answer-font-family-mono, ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace);
    color: var(--_text);
    font-family: var(--_font);
    font-size: var(--answer-font-size, 0.9375rem);
    line-height: 1.5;
    box-sizing: border-box;
    min-width: 0;
    /* Contains the element's visually hidden text and colour swatches: absolutely
       positioned, they would otherwise stretch the page, not the box that scrolls them. */
    position: relative;
  }
  /* Line breaks by the page's language: Korean between words, not syllables;
     Japanese between phrases where the browser can tell. */
  :host(:lang(ko)) {
    word-break: keep-all;
  }
  :host(:lang(ja)) {
    word-break: auto-phrase;
  }
  :host([hidden]) {
    display: none !important;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  :focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  .card {
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: var(--_space-md);
  }
  .muted {
    color: var(--_muted);
  }
  button {
    font: inherit;
    color: inherit;
  }
  .button {
    display: inline-flex;
    align-items: center;
    gap: 0.375rem;
    min-height: 2rem;
    padding: 0.25rem 0.75rem;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) - 2px);
    background: var(--_raised);
    cursor: pointer;
  }
  .button:hover {
    border-color: var(--_accent);
  }
  .button.primary {
    background: var(--_accent);
    border-color: var(--_accent);
    color: var(--_on-accent);
  }
  .button:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
  /*
   * Forced colours (Windows high contrast): the system's palette replaces
   * every colour above, so what colour alone showed (the focus, a hover, the
   * primary button, a disabled one) is drawn in system colours instead.
   */
  @media (forced-colors: active) {
    :host {
      /* The few colours kept as they are (a chart's series) follow the system's palette, not the host's theme. */
      color-scheme: light dark;
    }
    :focus-visible {
      outline-color: Highlight;
    }
    .button,
    .button.primary {
      background: ButtonFace;
      border-color: ButtonBorder;
      color: ButtonText;
    }
    .button:hover {
      border-color: Highlight;
    }
    .button:disabled {
      border-color: GrayText;
      color: GrayText;
      opacity: 1;
    }
  }
`;
