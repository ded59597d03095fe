import { msg, str } from '@lit/localize';
import { Lexer, type Token } from 'marked';
import {
  elementsInOrder,
  fallbackTextOf,
  type Block,
  type BlockElement,
} from '../../catalog/index.js';
import type * as ChartWords from '../../components/chart/chart-summary.js';
import type * as Phrases from '../../components/shared/phrases.js';
import { answerPieces, type AssistantTurn, type BlockItem } from '../../conversation/index.js';

/*
 * An answer as a voice reads it: what the turn shows (`answerPieces`), each block element by the
 * phrase a screen reader hears from it (a metric as one phrase, a chart by its summary, a table
 * by its name and size). Markdown is read as its words: no marks, no link targets, no HTML.
 * Loaded with Read aloud.
 */

/** The words of inline markdown tokens: link and emphasis text, code as written, no HTML. */
function inlineWords(tokens: readonly Token[]): string {
  let words = '';
  for (const token of tokens) {
    if (token.type === 'html') continue;
    if (token.type === 'br') words += ' ';
    else if ('tokens' in token && token.tokens?.length) words += inlineWords(token.tokens);
    else if ('text' in token && typeof token.text === 'string') words += token.text;
  }
  return words;
}

/** Markdown as the sentences a voice reads, a block of text each. */
export function markdownWords(markdown: string): string[] {
  const said: string[] = [];
  const read = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      switch (token.type) {
        case 'heading':
        case 'paragraph':
        case 'text':
          said.push(inlineWords(token.tokens ?? [{ type: 'text', raw: '', text: token.text }]));
          break;
        case 'list':
          for (const item of token.items) read(item.tokens);
          break;
        case 'blockquote':
          read(token.tokens ?? []);
          break;
        case 'code':
          said.push(token.text);
          break;
        case 'table':
          for (const row of [token.header, ...token.rows])
            said.push(row.map((cell: { tokens: Token[] }) => inlineWords(cell.tokens)).join(', '));
          break;
      }
    }
  };
  read(Lexer.lex(markdown, { gfm: true }));
  return said.map((text) => text.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

/**
 * What the elements say: their phrases, which the thread hands to Read aloud, and how a chart
 * reads without sight, the chart's module Read aloud loads. Imported here, they made the bundler
 * split the entry into chunks it loads up front.
 */
export type Reading = Pick<typeof ChartWords, 'chartFormats' | 'chartSummary'> &
  Pick<typeof Phrases, 'metricPhrase' | 'tablePhrase' | 'coordinatesPhrase'>;

/** What one element says, before its children. */
function elementWords(element: BlockElement, reading: Reading): string[] {
  const { chartFormats, chartSummary, metricPhrase, tablePhrase, coordinatesPhrase } = reading;
  switch (element.type) {
    case 'Section':
      return [element.props.title, element.props.subtitle ?? ''];
    case 'Text':
      return [element.props.text];
    case 'Metric': {
      const { label, value, format, currency, unit, delta, caption } = element.props;
      return [metricPhrase({ label, value, format, currency, unit, delta, caption })];
    }
    case 'Table':
      return [
        tablePhrase(element.props.caption, element.props.rows.length, element.props.columns.length),
      ];
    case 'Chart': {
      const { title, labels, series, unit } = element.props;
      return [title, chartSummary(labels, series, chartFormats(unit))];
    }
    case 'Evidence': {
      const { title, summary, items } = element.props;
      const count = items.length === 1 ? msg('1 source') : msg(str`${items.length} sources`);
      return [`${title}, ${count}`, summary ?? ''];
    }
    case 'MapLocation': {
      const { label, lat, lng, description } = element.props;
      return [label, coordinatesPhrase(lat, lng), description ?? ''];
    }
    case 'FollowUpForm':
      return [element.props.title, element.props.description ?? ''];
    default:
      return [];
  }
}

/** A block as its elements say it, in reading order; an invalid block by its fallback text. */
function blockWords(item: BlockItem, reading: Reading): string[] {
  if (!item.valid) return [fallbackTextOf(item.block)];
  return elementsInOrder(item.block as Block).flatMap((element) => elementWords(element, reading));
}

/** The answer of `turn` as the passages a voice reads, in order. */
export function spokenAnswer(turn: AssistantTurn, reading: Reading): string[] {
  return answerPieces(turn)
    .flatMap((piece) =>
      piece.kind === 'text' ? markdownWords(piece.text) : blockWords(piece, reading),
    )
    .map((text) => text.trim())
    .filter(Boolean);
}
