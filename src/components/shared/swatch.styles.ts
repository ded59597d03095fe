import { css } from 'lit';

/**
 * The swatches of `DrawingController`. Not display: none, so that they can
 * transition: the end of a transition says a colour changed (a host
 * switching its theme), and the drawing is redone in the new colours.
 */
export const swatchStyles = css`
  .swatches {
    position: absolute;
    width: 0;
    height: 0;
    overflow: hidden;
    visibility: hidden;
  }
  .swatches .scheme {
    color: light-dark(#000, #fff);
    /* The physical side of this margin flips with the direction: a page
       switching to right to left is heard the same way, and the drawing mirrored. */
    margin-inline-start: 1px;
    transition: color 1ms, margin 1ms;
  }
`;
