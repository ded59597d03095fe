import { css } from 'lit';

export const filesStyles = css`
  :host {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space-sm);
    align-items: flex-start;
  }
  img {
    display: block;
    max-width: 100%;
    max-height: var(--answer-file-image-max-height, 20rem);
    height: auto;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_raised);
  }
  .chip {
    display: inline-flex;
    align-items: center;
    gap: 0.375rem;
    max-width: 100%;
    min-height: 2rem;
    padding: 0.25rem 0.625rem;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) - 2px);
    background: var(--_raised);
    font-size: 0.875rem;
    text-align: start;
  }
  button.chip {
    cursor: pointer;
  }
  button.chip:hover {
    border-color: var(--_accent);
  }
  .chip.unsaved {
    border-style: dashed;
    background: none;
    color: var(--_muted);
  }
  .icon {
    flex: none;
    width: 1rem;
    height: 1rem;
  }
  .name {
    min-width: 0;
    overflow-wrap: anywhere;
  }
  @media (forced-colors: active) {
    button.chip {
      border-color: ButtonBorder;
      background: ButtonFace;
      color: ButtonText;
    }
    button.chip:hover {
      border-color: Highlight;
    }
    .chip.unsaved {
      color: GrayText;
      border-color: GrayText;
    }
  }
`;
