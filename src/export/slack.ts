import { msg } from '@lit/localize';
import type { Block, BlockElement } from '../catalog/index.js';
import {
  elementLost,
  readAnswer,
  renderTree,
  type ExportInput,
  type ExportLoss,
  type ExportOptions,
  type ExportResult,
  type Submissions,
} from './answer.js';
import {
  AI_SOURCE_TYPE,
  chartText,
  formLines,
  metricText,
  placeText,
  tableText,
} from './figures.js';
import { textTable } from './text-table.js';

/*
 * An answer as a Slack message (Block Kit), within Slack's documented limits. A block's text is
 * plain text or rich text, never mrkdwn: nothing from a block becomes a link, a mention or
 * formatting. The report is markdown and goes as a `markdown` block. The types are written here
 * so that the package needs no Slack dependency; a test holds them to `@slack/types`.
 */

/** Slack's limits: blocks in a message, characters in a text, in a header, and in all markdown blocks. */
export const SLACK_LIMITS = { blocks: 50, text: 3000, header: 150, markdown: 12_000 } as const;

type PlainText = { type: 'plain_text'; text: string; emoji?: boolean };
type RichText = { type: 'text'; text: string; style?: { bold?: boolean; italic?: boolean } };
type RichLink = { type: 'link'; url: string; text?: string };
type RichSection = { type: 'rich_text_section'; elements: (RichText | RichLink)[] };
type RichElement =
  | RichSection
  | { type: 'rich_text_preformatted'; elements: RichText[] }
  | { type: 'rich_text_quote'; elements: RichText[] }
  | { type: 'rich_text_list'; style: 'bullet' | 'ordered'; elements: RichSection[] };

export type SlackBlock =
  | { type: 'markdown'; text: string }
  | { type: 'header'; text: PlainText }
  | { type: 'section'; text?: PlainText; fields?: PlainText[] }
  | { type: 'context'; elements: PlainText[]; block_id?: string }
  | { type: 'rich_text'; elements: RichElement[] }
  | { type: 'divider' };

/** What `chat.postMessage` takes: the notification text, the blocks, and the message's metadata. */
export interface SlackMessage {
  text: string;
  blocks: SlackBlock[];
  metadata: { event_type: string; event_payload: Record<string, string> };
}

const plain = (text: string): PlainText => ({ type: 'plain_text', text, emoji: false });
const rich = (text: string, bold = false): RichText =>
  bold ? { type: 'text', text, style: { bold: true } } : { type: 'text', text };

function elementBlocks(
  id: string,
  element: BlockElement,
  children: () => SlackBlock[][],
  block: Block,
  fit: (text: string, max?: number) => string,
  losses: ExportLoss[],
  submissions: Submissions | undefined,
): SlackBlock[] {
  const preformatted = (text: string): SlackBlock => ({
    type: 'rich_text',
    elements: [{ type: 'rich_text_preformatted', elements: [rich(fit(text))] }],
  });
  switch (element.type) {
    case 'Stack':
      return children().flat();
    case 'Section': {
      const { title, subtitle } = element.props;
      const head: SlackBlock = { type: 'header', text: plain(fit(title, SLACK_LIMITS.header)) };
      const sub: SlackBlock[] = subtitle
        ? [{ type: 'context', elements: [plain(fit(subtitle))] }]
        : [];
      return [head, ...sub, ...children().flat()];
    }
    case 'Text': {
      const { text, variant } = element.props;
      if (variant === 'code') return [preformatted(text)];
      if (variant === 'caption' || variant === 'note')
        return [{ type: 'context', elements: [plain(fit(text))] }];
      return [{ type: 'section', text: plain(fit(text)) }];
    }
    case 'Metric': {
      const { value, delta } = metricText(element);
      const figure = delta ? `${value} (${delta})` : value;
      const caption = element.props.caption ? `\n${element.props.caption}` : '';
      return [
        {
          type: 'section',
          fields: [plain(fit(element.props.label)), plain(fit(figure + caption))],
        },
      ];
    }
    case 'Table': {
      const { head, rows, numeric } = tableText(element);
      const caption = element.props.caption ?? '';
      const blocks: SlackBlock[] = caption
        ? [
            {
              type: 'rich_text',
              elements: [{ type: 'rich_text_section', elements: [rich(fit(caption), true)] }],
            },
          ]
        : [];
      return [...blocks, preformatted(textTable(head, rows, numeric))];
    }
    case 'Chart': {
      const { head, rows, summary } = chartText(element);
      elementLost(losses, 'chart_as_table', block, id);
      return [
        {
          type: 'rich_text',
          elements: [
            {
              type: 'rich_text_section',
              elements: [rich(fit(element.props.title), true), rich(`\n${fit(summary)}`)],
            },
          ],
        },
        preformatted(
          textTable(
            head,
            rows,
            head.map((_, i) => i > 0),
          ),
        ),
      ];
    }
    case 'Evidence': {
      const { title, summary, items } = element.props;
      const quotes = items.flatMap((item): RichElement[] => {
        const from = [item.source, item.locator, item.published].filter(Boolean).join(', ');
        const excerpt: RichElement[] = item.excerpt
          ? [{ type: 'rich_text_quote', elements: [rich(fit(item.excerpt))] }]
          : [];
        return [...excerpt, { type: 'rich_text_section', elements: [rich(fit(`— ${from}`))] }];
      });
      const head: RichSection = {
        type: 'rich_text_section',
        elements: [rich(fit(title), true), ...(summary ? [rich(`\n${fit(summary)}`)] : [])],
      };
      return [{ type: 'rich_text', elements: [head, ...quotes] }];
    }
    case 'MapLocation': {
      const { label, description } = element.props;
      elementLost(losses, 'map_as_text', block, id);
      const about = description ? `\n${description}` : '';
      return [{ type: 'section', text: plain(fit(`${label} (${placeText(element)})${about}`)) }];
    }
    case 'FollowUpForm': {
      const { title, description } = element.props;
      const { lines, answered } = formLines(element, submissions?.[id]);
      if (!answered) elementLost(losses, 'form_read_only', block, id);
      const head: RichSection = {
        type: 'rich_text_section',
        elements: [rich(fit(title), true), ...(description ? [rich(`\n${fit(description)}`)] : [])],
      };
      const questions: RichSection[] = lines.map((line) => ({
        type: 'rich_text_section',
        elements: [rich(fit(line))],
      }));
      return [
        {
          type: 'rich_text',
          elements: [
            head,
            { type: 'rich_text_list', style: answered ? 'bullet' : 'ordered', elements: questions },
          ],
        },
      ];
    }
  }
}

/**
 * An answer as a Slack message: the disclosure as a context block first (and the IPTC source
 * type in the message's metadata), the report as markdown, each block as Block Kit (a table or
 * chart as a preformatted table), the sources as links. Past 50 blocks the rest is cut, and
 * said so in the message and in the losses.
 */
export function toSlackBlocks(
  input: ExportInput,
  options?: ExportOptions,
): ExportResult<SlackMessage> {
  const answer = readAnswer(input, options);
  const { losses } = answer;
  let markdownLeft: number = SLACK_LIMITS.markdown;
  const fit = (text: string, max: number = SLACK_LIMITS.text) => {
    if ([...text].length <= max) return text;
    losses.push({
      code: 'cut_to_limit',
      message: `A text of ${[...text].length} characters is cut to Slack's ${max}.`,
    });
    return `${[...text].slice(0, max - 1).join('')}…`;
  };
  const blocks: SlackBlock[] = [
    { type: 'context', block_id: 'ai_disclosure', elements: [plain(fit(answer.disclosure))] },
  ];
  for (const piece of answer.pieces) {
    if (piece.kind === 'markdown') {
      const text = piece.text.trim();
      if (!text) continue;
      const kept = fit(text, Math.max(1, markdownLeft));
      markdownLeft -= kept.length;
      if (markdownLeft >= 0) blocks.push({ type: 'markdown', text: kept });
    } else if (piece.kind === 'fallback') {
      blocks.push({ type: 'section', text: plain(fit(piece.text || ' ')) });
    } else {
      const { block, submissions } = piece;
      blocks.push(
        { type: 'divider' },
        ...renderTree<SlackBlock[]>(block, (id, element, children) =>
          elementBlocks(id, element, children, block, fit, losses, submissions),
        ),
      );
    }
  }
  if (answer.sources.length) {
    const items: RichSection[] = answer.sources.map((source) => ({
      type: 'rich_text_section',
      elements: [
        source.url
          ? { type: 'link', url: source.url.href, text: fit(source.title) }
          : rich(fit(source.title)),
      ],
    }));
    blocks.push({
      type: 'rich_text',
      elements: [
        { type: 'rich_text_section', elements: [rich(msg('Sources'), true)] },
        { type: 'rich_text_list', style: 'ordered', elements: items },
      ],
    });
  }
  if (blocks.length > SLACK_LIMITS.blocks) {
    const cut = blocks.length - (SLACK_LIMITS.blocks - 1);
    losses.push({
      code: 'cut_to_limit',
      message: `${cut} blocks past Slack's ${SLACK_LIMITS.blocks} are left out.`,
    });
    blocks.splice(SLACK_LIMITS.blocks - 1, Infinity, {
      type: 'context',
      elements: [plain(msg('The rest of this answer is too long for one message.'))],
    });
  }
  const report = answer.pieces.find((piece) => piece.kind === 'markdown')?.text ?? answer.title;
  return {
    output: {
      text: fit(`${answer.disclosure}: ${report}`),
      blocks,
      metadata: {
        event_type: 'ai_generated_answer',
        event_payload: { digital_source_type: AI_SOURCE_TYPE, disclosure: answer.disclosure },
      },
    },
    losses,
  };
}
