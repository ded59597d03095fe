import { css } from 'lit';
import { composerStyles } from '../controllers/composer.styles.js';
import { messageActionStyles } from '../controllers/message-actions.styles.js';
import { readerBubbleStyles } from '../reader-bubble.styles.js';

/** The thread's own layout, then its composer's and its message actions' (which refine the composer row). */
export const threadStyles = [
  readerBubbleStyles,
  css`
  :host {
    display: flex;
    flex-direction: column;
    min-height: 0;
    height: 100%;
    background: var(--_surface);
    color: var(--_text);
  }
  header {
    display: flex;
    align-items: center;
    justify-content: flex-end;
    gap: var(--_space-sm);
    padding: var(--_space-sm) var(--_space-md) 0;
  }
  .storage-notice {
    margin: 0;
    margin-inline-end: auto;
    font-size: 0.8125rem;
    color: var(--_muted);
  }
  .new {
    font-size: 0.8125rem;
    min-height: 1.75rem;
    white-space: nowrap;
  }
  .scroller {
    flex: 1 1 auto;
    min-height: 0;
    overflow-y: auto;
    overscroll-behavior: contain;
    padding: var(--_space-md);
  }
  .messages {
    display: flex;
    flex-direction: column;
    gap: var(--_space-lg);
    max-width: var(--answer-thread-max-width, 56rem);
    margin: 0 auto;
  }
  /* Messages out of view skip style, layout and paint, so a long history
     does not slow down the frames of the answer streaming at the bottom. */
  .messages > * {
    content-visibility: auto;
    contain-intrinsic-size: auto 10rem;
  }
  .messages > :last-child {
    content-visibility: visible;
  }
  .pager {
    align-self: center;
    font-size: 0.8125rem;
  }
  .empty {
    color: var(--_muted);
    text-align: center;
    margin: 2rem 0;
  }
  .composer {
    display: flex;
    gap: var(--_space-sm);
    align-items: flex-end;
    padding: var(--_space-sm) var(--_space-md) var(--_space-md);
    max-width: var(--answer-thread-max-width, 56rem);
    width: 100%;
    margin: 0 auto;
  }
  textarea {
    flex: 1 1 auto;
    min-width: 0;
    min-height: 2.5rem;
    max-height: 12rem;
    resize: none;
    field-sizing: content;
    font: inherit;
    color: inherit;
    background: var(--_surface);
    border: 1px solid var(--_muted);
    border-radius: var(--_radius);
    padding: 0.5rem 0.75rem;
  }
  .composer .button {
    min-height: 2.5rem;
    /* Two-character labels (送信, 发送) must not break one character per line. */
    flex: none;
    white-space: nowrap;
  }
`,
  composerStyles,
  messageActionStyles,
];
