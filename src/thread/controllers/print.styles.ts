import { css } from 'lit';

/*
 * The thread on paper (and in a PDF saved from the print dialog): the conversation whole, without
 * the composer, the buttons or the scroll box. While one answer is printed (Export › Print), the
 * thread and that answer's entry carry `data-printing` and nothing else is printed. It comes with
 * the message actions' chunk, which a thread has as soon as it has a message.
 */
export const threadPrintStyles = css`
  @media print {
    :host {
      display: block;
      height: auto;
      background: none;
    }
    header,
    .composer,
    .actions,
    .pager,
    .attach-error {
      display: none !important;
    }
    .scroller {
      overflow: visible;
      padding: 0;
    }
    .messages > * {
      content-visibility: visible;
    }
    :host([data-printing]) .entry:not([data-printing]) {
      display: none;
    }
  }
`;
