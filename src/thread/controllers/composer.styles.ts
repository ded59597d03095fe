import { css } from 'lit';

/**
 * The composer's attachments: chips and the refusal message on rows of their
 * own above the message box, the Attach files button before it, and the
 * whole form marked while files are dragged over it. Comes after
 * `threadStyles`, whose `.composer` row it wraps.
 */
export const composerStyles = css`
  .composer {
    flex-wrap: wrap;
    row-gap: 0;
    border-radius: var(--_radius);
  }
  .composer textarea {
    /* With the row wrapping, a long draft must not push the message box onto a line of its own. */
    flex-basis: 0;
  }
  .composer.dragging {
    outline: 2px dashed var(--_accent);
    outline-offset: -2px;
    background: color-mix(in srgb, var(--_accent) 8%, transparent);
  }
  .attachments {
    flex: 1 0 100%;
    min-width: 0;
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space-sm);
    margin: 0 0 var(--_space-sm);
    padding: 0;
    list-style: none;
  }
  .chip {
    display: inline-flex;
    align-items: center;
    gap: 0.375rem;
    min-width: 0;
    max-width: 100%;
    min-height: 2rem;
    padding-block: 0.125rem;
    padding-inline: 0.375rem 0.125rem;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) - 2px);
    background: var(--_raised);
    font-size: 0.8125rem;
  }
  .chip.reading {
    opacity: 0.7;
  }
  .chip .name {
    min-width: 0;
    max-width: 16rem;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .chip .size {
    flex: none;
    color: var(--_muted);
    white-space: nowrap;
  }
  .glyph {
    position: relative;
    flex: none;
    display: inline-grid;
    place-items: center;
    width: 1.5rem;
    height: 1.5rem;
    color: var(--_muted);
  }
  .thumb {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: cover;
    border-radius: 3px;
    background: var(--_raised);
  }
  .icon {
    width: 1.125rem;
    height: 1.125rem;
    flex: none;
  }
  .remove {
    flex: none;
    display: inline-grid;
    place-items: center;
    width: 1.75rem;
    height: 1.75rem;
    padding: 0;
    border: 1px solid transparent;
    border-radius: 50%;
    background: none;
    color: var(--_muted);
    cursor: pointer;
  }
  .remove:hover {
    color: var(--_text);
    border-color: var(--_border);
  }
  .remove .icon {
    width: 0.875rem;
    height: 0.875rem;
  }
  .attach-error {
    flex: 1 0 100%;
    min-width: 0;
    margin: 0 0 var(--_space-sm);
    color: var(--_negative);
    font-size: 0.8125rem;
    overflow-wrap: anywhere;
  }
  .attach-error:empty {
    margin: 0;
  }
  .composer .attach {
    padding-inline: 0.5rem;
  }
  .attach .icon {
    width: 1.25rem;
    height: 1.25rem;
  }
  @media (forced-colors: active) {
    .composer.dragging {
      outline-color: Highlight;
      background: Canvas;
    }
    .chip {
      border-color: CanvasText;
    }
    .remove {
      color: ButtonText;
    }
    .remove:hover {
      border-color: Highlight;
    }
    .attach-error {
      color: CanvasText;
    }
  }
`;
