import { css } from 'lit';

export const markdownStyles = css`
  :host {
    display: block;
    overflow-wrap: anywhere;
  }
  .content > :first-child > :first-child {
    margin-top: 0;
  }
  /*
   * The last block's bottom margin collapses with this one to none. (A rule for the last chunk's
   * last block would restyle all of the text whenever the chunk after it goes: at the end of a
   * stream of two megabytes in one paragraph, a quarter of a second.)
   */
  .content::after {
    content: '';
    display: block;
    margin-top: -0.75em;
  }
  p, ul, ol, blockquote, pre, .table, h3, h4, h5, h6, hr, div.html {
    margin: 0 0 0.75em;
  }
  h3, h4, h5, h6 {
    line-height: 1.3;
    margin-top: 1em;
  }
  h3 { font-size: 1.125rem; }
  h4 { font-size: 1rem; }
  h5, h6 { font-size: 0.9375rem; }
  ul, ol {
    padding-inline-start: 1.5em;
  }
  li > p {
    margin: 0;
  }
  blockquote {
    padding-inline-start: 0.75em;
    border-inline-start: 3px solid var(--_border);
    color: var(--_muted);
  }
  code {
    font-family: var(--_mono);
    font-size: 0.875em;
    background: var(--_raised);
    padding: 0.1em 0.3em;
    border-radius: 4px;
  }
  pre {
    background: var(--_raised);
    padding: var(--_space-sm) var(--_space-md);
    border-radius: var(--_radius);
    overflow-x: auto;
  }
  pre code {
    background: none;
    padding: 0;
    font-size: 0.8125rem;
  }
  /* A long code block's chunks of lines (render.ts, codeChunks). */
  pre code > span {
    display: block;
  }
  /*
   * A streaming paragraph's pieces (tail.ts, PIECE): each lays out on its own, and they read as
   * one paragraph, the white space between two wrapping as between two words. The pieces are in
   * groups (.pieces, GROUP of them); a group text no longer goes to (.past, all but the last)
   * keeps, out of view, the size it was last laid out at and is neither styled, laid out nor
   * painted again, so the cost of a frame stays that of what is in view however long the
   * paragraph grows. A group the reader selects is rendered again. Pieces are never .past: each
   * box kept out of view makes every style pass of the document cost more.
   */
  .piece,
  .pieces {
    display: inline-block;
    width: 100%;
    /* On the baseline, the line would add a descent under it. */
    vertical-align: top;
    contain-intrinsic-block-size: auto 40em;
  }
  .past {
    content-visibility: auto;
  }
  a {
    color: var(--_accent);
  }
  /* A citation, [2], is a link to source 2 in the list under the answer. */
  .cite {
    font-size: 0.8125em;
    font-variant-numeric: tabular-nums;
    text-underline-offset: 0.15em;
  }
  .image,
  .unsafe-link {
    color: var(--_muted);
  }
  /* Raw HTML, shown as the text it is: a block keeps its lines (parse.ts says why). */
  .html {
    font-family: var(--_mono);
    font-size: 0.875em;
    color: var(--_muted);
  }
  div.html {
    white-space: pre-wrap;
  }
  /* A task list: its check boxes (read-only) stand where the bullets would. */
  li.task {
    list-style: none;
  }
  li.task > input:first-child,
  li.task > p:first-child > input:first-child {
    margin-inline: -1.4em 0.4em;
    vertical-align: -0.1em;
  }
  .table {
    overflow-x: auto;
  }
  table {
    border-collapse: collapse;
    min-width: 50%;
  }
  th, td {
    border: 1px solid var(--_border);
    padding: 0.25rem 0.5rem;
    text-align: start;
    /* Cells keep their words and numbers whole; a wide table scrolls in its box. */
    overflow-wrap: normal;
  }
  th {
    background: var(--_raised);
  }
  .align-center { text-align: center; }
  .align-end { text-align: end; }
  hr {
    border: 0;
    border-top: 1px solid var(--_border);
  }
  /* The box of a code block is its background, which forced colours take away. */
  @media (forced-colors: active) {
    pre {
      border: 1px solid CanvasText;
    }
  }
`;
