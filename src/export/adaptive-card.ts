import { msg, str } from '@lit/localize';
import type { Block, BlockElement } from '../catalog/index.js';
import { parseBlocks, type Inline, type MdBlock } from '../conversation/markdown/parse.js';
import {
  isRightToLeft,
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

/*
 * An answer as an Adaptive Card 1.5 (Microsoft Teams, Outlook): the report's markdown as text
 * blocks (the card's own markdown: emphasis, lists, http(s) links), a table as a Table, metrics
 * as a FactSet, a chart as its summary and data table. A block's text is escaped, so that the
 * card's markdown shows it as written and nothing from a block becomes a link.
 */

export type CardElement = Record<string, unknown> & { type: string };

export interface AdaptiveCard {
  type: 'AdaptiveCard';
  $schema: string;
  version: '1.5';
  lang: string;
  rtl?: boolean;
  body: CardElement[];
}

/** Text the card's markdown shows as written. */
const literal = (text: string) => text.replace(/[\\*_[\]`~>#]/g, '\\$&');

const textBlock = (text: string, extra: Record<string, unknown> = {}): CardElement => ({
  type: 'TextBlock',
  text,
  wrap: true,
  ...extra,
});

function inlineText(nodes: readonly Inline[]): string {
  return nodes
    .map((node) => {
      if (typeof node === 'string') return literal(node);
      switch (node.t) {
        case 'code':
        case 'html':
          return literal(node.text);
        case 'strong':
          return `**${inlineText(node.children)}**`;
        case 'em':
          return `_${inlineText(node.children)}_`;
        case 'del':
          return inlineText(node.children);
        case 'link':
          return node.href
            ? `[${inlineText(node.children)}](${node.href.replace(/[()]/g, encodeURIComponent)})`
            : inlineText(node.children);
        case 'image':
          return literal(msg(str`[Image: ${node.alt || msg('image')}]`));
        case 'cite':
          return `\\[${node.n}\\]`;
        case 'check':
          return node.checked ? '☑ ' : '☐ ';
        case 'br':
          return '\n';
      }
    })
    .join('');
}

function tableElement(head: string[], rows: string[][], numeric: boolean[]): CardElement {
  const cell = (text: string, i: number, bold = false): CardElement => ({
    type: 'TableCell',
    items: [
      textBlock(literal(text), {
        ...(bold ? { weight: 'Bolder' } : {}),
        ...(numeric[i] ? { horizontalAlignment: 'Right' } : {}),
      }),
    ],
  });
  return {
    type: 'Table',
    firstRowAsHeaders: true,
    columns: head.map(() => ({ width: 1 })),
    rows: [head, ...rows].map((row, r) => ({
      type: 'TableRow',
      cells: head.map((_, i) => cell(row[i] ?? '', i, r === 0)),
    })),
  };
}

function markdownElements(blocks: readonly MdBlock[]): CardElement[] {
  return blocks.flatMap((block): CardElement[] => {
    switch (block.t) {
      case 'p':
      case 'text':
        return [textBlock(inlineText(block.inline))];
      case 'h':
        return [
          textBlock(inlineText(block.inline), {
            weight: 'Bolder',
            size: block.level <= 2 ? 'Medium' : 'Default',
          }),
        ];
      case 'code':
      case 'html':
        return [textBlock(literal(block.text), { fontType: 'Monospace' })];
      case 'quote':
        return [{ type: 'Container', style: 'emphasis', items: markdownElements(block.blocks) }];
      case 'list': {
        const lines = block.items.map((item, i) => {
          const text = item
            .map((part) => ('inline' in part ? inlineText(part.inline) : ''))
            .filter(Boolean)
            .join(' ');
          return `${block.ordered ? `${block.start + i}.` : '-'} ${text}`;
        });
        return [textBlock(lines.join('\n'))];
      }
      case 'table':
        return [
          tableElement(
            block.head.map((cell) => inlineText(cell)),
            block.rows.map((row) => row.map((cell) => inlineText(cell))),
            block.align.map((a) => a === 'end'),
          ),
        ];
      case 'hr':
        return [];
    }
  });
}

function elementCard(
  id: string,
  element: BlockElement,
  children: () => CardElement[][],
  block: Block,
  losses: ExportLoss[],
  submissions: Submissions | undefined,
): CardElement[] {
  const heading = (text: string) => textBlock(literal(text), { weight: 'Bolder' });
  switch (element.type) {
    case 'Stack':
      return children().flat();
    case 'Section': {
      const { title, subtitle } = element.props;
      const sub = subtitle ? [textBlock(literal(subtitle), { isSubtle: true })] : [];
      return [
        {
          type: 'Container',
          separator: true,
          items: [heading(title), ...sub, ...children().flat()],
        },
      ];
    }
    case 'Text': {
      const { text, variant } = element.props;
      if (variant === 'heading') return [heading(text)];
      if (variant === 'code') return [textBlock(literal(text), { fontType: 'Monospace' })];
      const subtle = variant === 'caption' || variant === 'note';
      return [textBlock(literal(text), subtle ? { isSubtle: true, size: 'Small' } : {})];
    }
    case 'Metric': {
      const { value, delta } = metricText(element);
      const caption = element.props.caption ? ` · ${element.props.caption}` : '';
      const figure = `${value}${delta ? ` (${delta})` : ''}${caption}`;
      return [
        {
          type: 'FactSet',
          facts: [{ title: literal(element.props.label), value: literal(figure) }],
        },
      ];
    }
    case 'Table': {
      const { head, rows, numeric } = tableText(element);
      const caption = element.props.caption ? [heading(element.props.caption)] : [];
      return [...caption, tableElement(head, rows, numeric)];
    }
    case 'Chart': {
      const { head, rows, summary } = chartText(element);
      elementLost(losses, 'chart_as_table', block, id);
      return [
        heading(element.props.title),
        textBlock(literal(summary)),
        tableElement(
          head,
          rows,
          head.map((_, i) => i > 0),
        ),
      ];
    }
    case 'Evidence': {
      const { title, summary, items } = element.props;
      const quotes = items.map((item): CardElement => {
        const from = [item.source, item.locator, item.published].filter(Boolean).join(', ');
        const excerpt = item.excerpt
          ? [textBlock(literal(item.excerpt), { fontType: 'Default' })]
          : [];
        return {
          type: 'Container',
          style: 'emphasis',
          items: [...excerpt, textBlock(literal(`— ${from}`), { isSubtle: true, size: 'Small' })],
        };
      });
      return [heading(title), ...(summary ? [textBlock(literal(summary))] : []), ...quotes];
    }
    case 'MapLocation': {
      const { label, description } = element.props;
      elementLost(losses, 'map_as_text', block, id);
      return [
        heading(label),
        ...(description ? [textBlock(literal(description))] : []),
        textBlock(literal(placeText(element)), { isSubtle: true }),
      ];
    }
    case 'FollowUpForm': {
      const { title, description } = element.props;
      const { lines, answered } = formLines(element, submissions?.[id]);
      if (!answered) elementLost(losses, 'form_read_only', block, id);
      const questions = lines.map((line, i) => `${answered ? '-' : `${i + 1}.`} ${literal(line)}`);
      return [
        heading(title),
        ...(description ? [textBlock(literal(description))] : []),
        textBlock(questions.join('\n')),
      ];
    }
  }
}

/**
 * An answer as an Adaptive Card 1.5: the disclosure first, as subtle text whose id names the
 * IPTC source type (`digitalSourceType:` and its address), then the report, the blocks and the
 * sources.
 */
export function toAdaptiveCard(
  input: ExportInput,
  options?: ExportOptions,
): ExportResult<AdaptiveCard> {
  const answer = readAnswer(input, options);
  const body: CardElement[] = [
    textBlock(literal(answer.disclosure), {
      id: `digitalSourceType:${AI_SOURCE_TYPE}`,
      isSubtle: true,
      size: 'Small',
    }),
  ];
  for (const piece of answer.pieces) {
    if (piece.kind === 'markdown') body.push(...markdownElements(parseBlocks(piece.text)));
    else if (piece.kind === 'fallback') body.push(textBlock(literal(piece.text)));
    else {
      const { block, submissions } = piece;
      body.push({
        type: 'Container',
        separator: true,
        items: renderTree<CardElement[]>(block, (id, element, children) =>
          elementCard(id, element, children, block, answer.losses, submissions),
        ),
      });
    }
  }
  if (answer.sources.length) {
    const lines = answer.sources.map((source, i) => {
      const title = literal(source.title);
      const href = source.url?.href.replace(/[()]/g, encodeURIComponent);
      return `${i + 1}. ${href ? `[${title}](${href})` : title}`;
    });
    body.push(
      textBlock(`**${literal(msg('Sources'))}**`, { separator: true }),
      textBlock(lines.join('\n')),
    );
  }
  const card: AdaptiveCard = {
    type: 'AdaptiveCard',
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    version: '1.5',
    // The card's schema takes a language alone (`zh`, not `zh-Hans`).
    lang: answer.locale.split('-')[0]!.toLowerCase(),
    ...(isRightToLeft(answer.locale) ? { rtl: true } : {}),
    body,
  };
  return { output: card, losses: answer.losses };
}
