/**
 * answer-ui/export: an answer (a `final_answer` report with its blocks and sources, or a turn
 * as the thread keeps it) as Markdown, a self-contained HTML page, a Slack message or an
 * Adaptive Card, each marked as AI-generated and listing what it could not carry. Runs in the
 * browser and in Node; the thread loads it on first use.
 */
export type {
  AnswerInput,
  ExportInput,
  ExportLoss,
  ExportOptions,
  ExportResult,
  ExportSource,
  LossCode,
  StoredTurn,
} from './answer.js';
export { AI_SOURCE_TYPE } from './figures.js';
export { toMarkdown } from './markdown.js';
export { toHtml, type HtmlOptions } from './html.js';
export { toSlackBlocks, SLACK_LIMITS, type SlackBlock, type SlackMessage } from './slack.js';
export { toAdaptiveCard, type AdaptiveCard, type CardElement } from './adaptive-card.js';
