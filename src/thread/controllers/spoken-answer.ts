import { msg, str } from '@lit/localize';
import { Lexer, type Token } from 'marked';
import { fallbackTextOf, type Block, type BlockElement } from '../../catalog/index.js';
import type { formatNumber } from '../../base/format.js';
import { chartSummary } from '../../components/chart/chart-reading.js';
import type {
  coordinatesPhrase,
  metricPhrase,
  tablePhrase,
} from '../../components/shared/phrases.js';
import { textOf, type AssistantTurn, type BlockItem } from '../../conversation/index.js';

/*
 * An answer as a voice reads it: what the turn shows (the report and its blocks once there is
 * one, else its text and blocks in order), each block element by the phrase a screen reader
 * hears from it (a metric as one phrase, a chart by its summary, a table by its name and size).
 * Markdown is read as its words: no marks, no link targets, no HTML. Loaded with Read aloud.
 *
 * The phrases and the number formats come from the page's own code (`Phrases`): a chunk that
 * imported the core's formatting would make the bundler split the core in pieces.
 */

/** The elements' phrases and the locale's number format, as the elements use them. */
export interface Phrases {
  metric: typeof metricPhrase;
  table: typeof tablePhrase;
  coordinates: typeof coordinatesPhrase;
  number: typeof formatNumber;
}

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

/** A chart's figures as its plot and its walk say them. */
const chartFormats = ({ number }: Phrases, unit?: string) => ({
  value: (value: number) => `${number(value, 'compact')}${unit ? ` ${unit}` : ''}`,
  percent: (fraction: number) => number(fraction, 'percent'),
  number: (value: number) => number(value),
});

/** What one element says, before its children. */
function elementWords(element: BlockElement, say: Phrases): string[] {
  switch (element.type) {
    case 'Section':
      return [element.props.title, element.props.subtitle ?? ''];
    case 'Text':
      return [element.props.text];
    case 'Metric': {
      const { label, value, format, currency, unit, delta, caption } = element.props;
      return [say.metric({ label, value, format, currency, unit, delta, caption })];
    }
    case 'Table':
      return [
        say.table(element.props.caption, element.props.rows.length, element.props.columns.length),
      ];
    case 'Chart': {
      const { title, labels, series, unit } = element.props;
      return [title, chartSummary(labels, series, chartFormats(say, unit))];
    }
    case 'Evidence': {
      const { title, summary, items } = element.props;
      const count = items.length === 1 ? msg('1 source') : msg(str`${items.length} sources`);
      return [`${title}, ${count}`, summary ?? ''];
    }
    case 'MapLocation': {
      const { label, lat, lng, description } = element.props;
      return [label, say.coordinates(lat, lng), description ?? ''];
    }
    case 'FollowUpForm':
      return [element.props.title, element.props.description ?? ''];
    default:
      return [];
  }
}

/** A block as its elements say it, in reading order; an invalid block by its fallback text. */
function blockWords(item: BlockItem, say: Phrases): string[] {
  if (!item.valid) return [fallbackTextOf(item.block)];
  const block = item.block as Block;
  const said: string[] = [];
  const seen = new Set<string>();
  const visit = (id: string) => {
    const element = block.elements[id];
    if (!element || seen.has(id)) return;
    seen.add(id);
    said.push(...elementWords(element, say));
    if ('children' in element) element.children?.forEach(visit);
  };
  visit(block.root);
  return said;
}

/** The answer of `turn` as the passages a voice reads, in order. */
export function spokenAnswer(turn: AssistantTurn, say: Phrases): string[] {
  const said: string[] = [];
  const blocks = turn.items.filter((i): i is BlockItem => i.kind === 'block');
  if (turn.final) {
    said.push(...markdownWords(turn.final.text));
    for (const id of turn.final.blockIds) {
      const item = blocks.find((b) => b.blockId === id);
      if (item) said.push(...blockWords(item, say));
    }
  } else {
    for (const item of turn.items) {
      // A subagent's own text is its work, folded under its step, not the answer.
      if (item.kind === 'text' && !item.subagentRunId) said.push(...markdownWords(textOf(item)));
      else if (item.kind === 'block') said.push(...blockWords(item, say));
    }
  }
  return said.map((text) => text.trim()).filter(Boolean);
}
