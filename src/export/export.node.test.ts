import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import MarkdownIt from 'markdown-it';
import type { KnownBlock } from '@slack/types';
import type { Block } from '../catalog/index.js';
import {
  incidentReportBlock,
  maximalBlock,
  rehearsalBookingFormBlock,
  revenueBlock,
} from '../test-support/blocks.js';
import {
  AI_SOURCE_TYPE,
  SLACK_LIMITS,
  toAdaptiveCard,
  toHtml,
  toMarkdown,
  toSlackBlocks,
  type AnswerInput,
  type StoredTurn,
} from './index.js';
import { PAGE_TOKENS } from './page-styles.js';
import { cardProblems, hostileBlock } from '../test-support/export-checks.js';

/*
 * The exports in Node, read back by other parties' code: the markdown by markdown-it (a
 * CommonMark and GFM parser), the Adaptive Card by Microsoft's `adaptivecards`, the Slack message
 * against `@slack/types` (at compile time) and Slack's limits; each checked for what a reader
 * would read, never against a snapshot.
 */

const REPORT = '## Pump 4\n\nFlow is **down** 18% [1].';

/** The answer of the "Done when": a metric, a chart, a table, evidence, a map and a form. */
const answer = (blocks: unknown[] = [incidentReportBlock]): AnswerInput => ({
  report: { text: REPORT, ui_block_ids: blocks.map((b) => (b as Block).block_id) },
  blocks,
  sources: [{ title: 'Ops log', url: 'https://ops.example/log' }],
});

const markdownIt = () => new MarkdownIt({ html: true });

/** What a reader sees of markdown: its rendered text, tags stripped. */
const shownText = (markdown: string) =>
  markdownIt()
    .render(markdown)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

describe('the README example answer', () => {
  const example = JSON.parse(readFileSync('docs/examples/q3-revenue.json', 'utf8')) as Block;
  const stated = {
    report: { text: 'Q3 revenue rose **12%**.', ui_block_ids: [example.block_id] },
    blocks: [example],
  };

  it('says its figures in every format', () => {
    const outputs = [
      toMarkdown(stated).output,
      toHtml(stated).output,
      JSON.stringify(toSlackBlocks(stated).output),
      JSON.stringify(toAdaptiveCard(stated).output),
    ];
    for (const output of outputs)
      for (const figure of ['$1,200,000.00', '+12%', '380,000', '420,000', 'Monthly revenue'])
        expect(output, figure).to.contain(figure);
  });
});

describe('toMarkdown', () => {
  it('reads back under markdown-it as the answer shows: disclosure, report, values, sources', () => {
    const { output, losses } = toMarkdown(answer());
    const md = markdownIt();
    const tokens = md.parse(output, {});
    // The disclosure first, then the report's heading.
    expect(tokens[1]!.content).to.equal('*AI-generated*');
    expect(tokens.find((t) => t.type === 'heading_open')!.tag).to.equal('h2');
    const text = shownText(output);
    for (const shown of [
      'Flow: 412.5 m³/h (-18%) · vs. design flow',
      'Energy cost: €16,420.00 (+7%)',
      '€11,950.50',
      'Apr 12, 2025',
      'Design (m³/h)',
      'down 17.3% overall',
      'Valve V-12 stuck at 40% open.',
      '— Inspection log, p. 4, 2025-05-02',
      'Pump station 4 (latitude 52.5163, longitude 13.3777)',
      'Window (required): Tue 02:00–04:00 / Sat 06:00–08:00',
    ])
      expect(text).to.contain(shown);
    // The block's table and the chart's data table are GFM tables.
    const tables = md.render(output).match(/<table>/g) ?? [];
    expect(tables).to.have.length(2);
    expect(md.render(output)).to.contain('<a href="https://ops.example/log">Ops log</a>');
    expect(losses.map((l) => l.code)).to.deep.equal([
      'chart_as_table',
      'map_as_text',
      'form_read_only',
    ]);
  });

  it('carries the mark as a definition every CommonMark reader hides', () => {
    const { output } = toMarkdown(answer(), { disclosure: 'Made by a model' });
    const env: { references?: Record<string, { href: string; title: string }> } = {};
    markdownIt().parse(output, env);
    expect(env.references!['DIGITAL-SOURCE-TYPE']).to.deep.equal({
      href: AI_SOURCE_TYPE,
      title: 'Made by a model',
    });
    expect(shownText(output)).not.to.contain('cv.iptc.org');
    expect(shownText(output)).to.contain('Made by a model');
  });

  it("shows a block's text as written: no markdown, HTML or link is made of it", () => {
    const text =
      '# not a heading\n1. not a list\n*not emphasis* [not](https://a.example) <b>x</b> `y`';
    const { output } = toMarkdown({ report: 'R', blocks: [hostileBlock(text, 0)] });
    // What follows the disclosure and the report: the block.
    const html = markdownIt().render(output.slice(output.indexOf('\nR\n') + 3));
    expect(html).not.to.match(/<h\d|<ol|<em>|<a |<b>|<code>/);
    expect(shownText(output)).to.contain('# not a heading 1. not a list *not emphasis*');
    expect(shownText(output)).to.contain('[not](https://a.example) <b>x</b> `y`');
  });

  it('reads a stored turn as the answer it states, and names a block the report lost', () => {
    const turn: StoredTurn = {
      role: 'assistant',
      items: [
        { kind: 'text', key: 't', text: 'Working…' } as never,
        { kind: 'block', key: 'b', blockId: 'q3-revenue', block: revenueBlock() } as never,
        {
          kind: 'source',
          key: 's',
          sourceId: 's1',
          url: 'https://ops.example/log',
          title: 'Ops log',
        },
      ],
      final: { text: REPORT, blockIds: ['q3-revenue', 'gone'] },
    };
    const stored = toMarkdown(turn, { created: new Date(0) });
    const stated = toMarkdown(
      {
        ...answer([revenueBlock()]),
        report: { text: REPORT, ui_block_ids: ['q3-revenue', 'gone'] },
      },
      { created: new Date(0) },
    );
    expect(stored.output).to.equal(stated.output);
    expect(stored.output).not.to.contain('Working');
    expect(stored.losses[0]).to.deep.include({ code: 'missing_block', blockId: 'gone' });
  });

  it('gives an invalid block as its fallback text and says so; never throws on junk', () => {
    const { output, losses } = toMarkdown({
      report: { text: 'R', ui_block_ids: ['bad'] },
      blocks: [{ block_id: 'bad', fallback_text: 'Plain words.', root: 'x', elements: {} }],
    });
    expect(output).to.contain('Plain words.');
    expect(losses[0]).to.deep.include({ code: 'invalid_block', blockId: 'bad' });
    for (const junk of [null, 42, 'text', { report: 7, blocks: 'no' }, { items: [null, 5] }])
      expect(() => toMarkdown(junk as never)).not.to.throw();
  });
});

describe('a submitted form', () => {
  const turn: StoredTurn = {
    role: 'assistant',
    items: [
      {
        kind: 'block',
        key: 'b',
        blockId: rehearsalBookingFormBlock.block_id,
        block: rehearsalBookingFormBlock,
        submissions: { form: { window: 'Sat 06:00–08:00', crew: 3 } },
      } as never,
    ],
    final: { text: 'Booked.', blockIds: [rehearsalBookingFormBlock.block_id] },
  };

  it('is given as the reader answered it, in every format, with nothing lost', () => {
    const outputs = [
      toMarkdown(turn),
      toHtml(turn),
      { ...toSlackBlocks(turn), output: JSON.stringify(toSlackBlocks(turn).output) },
      { ...toAdaptiveCard(turn), output: JSON.stringify(toAdaptiveCard(turn).output) },
    ];
    for (const { output, losses } of outputs) {
      for (const answer of [
        'Window: Sat 06:00–08:00',
        'Crew size: 3',
        'Note for the technician: (no answer)',
        'Submitted',
      ])
        expect(output, answer).to.contain(answer);
      expect(losses).to.deep.equal([]);
    }
    // In markdown, one answer to a line.
    expect(shownText(toMarkdown(turn).output)).to.contain('Window: Sat 06:00–08:00 Crew size: 3');
    expect(markdownIt().render(toMarkdown(turn).output)).to.contain('Window: Sat 06:00–08:00<br>');
  });
});

describe('toHtml', () => {
  it('is one page with its language, direction, policy against any request, and the JSON-LD mark', () => {
    const { output } = toHtml(answer(), {
      locale: 'ar',
      created: new Date('2026-12-01T10:00:00Z'),
    });
    expect(output).to.match(/^<!doctype html>\n<html lang="ar" dir="rtl">/);
    expect(output).to.contain(
      `content="default-src 'none'; style-src 'unsafe-inline'; img-src data:`,
    );
    // No script but the mark's data; no address outside the page but the links a reader may follow.
    expect(output.match(/<script/g)).to.have.length(1);
    const urls = output.match(/(?:src|href)="(?!#)[^"]*"/g) ?? [];
    expect(urls).to.deep.equal(['href="https://ops.example/log"']);
    expect(output).not.to.match(/url\(|@import|<link|<img|<iframe/);
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(output)![1]!;
    expect(JSON.parse(json)).to.deep.equal({
      '@context': 'https://schema.org',
      '@type': 'CreativeWork',
      name: 'Pump 4',
      inLanguage: 'ar',
      dateCreated: '2026-12-01T10:00:00.000Z',
      digitalSourceType: AI_SOURCE_TYPE,
      creditText: 'AI-generated',
    });
  });

  it('draws the chart and gives its summary and every value beside it', () => {
    const { output, losses } = toHtml(answer());
    const figure = /<figure class="chart card">(.*?)<\/figure>/s.exec(output)![1]!;
    expect(figure.match(/<rect class="bar/g)).to.have.length(10);
    for (const value of ['498', '502', '455', '421', '412'])
      expect(figure).to.contain(`<td class="end">${value}</td>`);
    expect(figure).to.contain('Measured: lowest 412 m³/h at May');
    expect(losses.map((l) => l.code)).to.deep.equal(['map_as_text', 'form_read_only']);
  });

  it('keeps a report image as its description and raw HTML as text', () => {
    const { output, losses } = toHtml({
      report: 'See ![the plan](https://attacker.example/p.png) <b onmouseover="x()">bold</b>',
      blocks: [],
    });
    expect(output).not.to.contain('<img');
    expect(output).to.contain('[Image: the plan]');
    expect(output).to.contain('&lt;b onmouseover=&quot;x()&quot;&gt;bold&lt;/b&gt;');
    expect(losses.map((l) => l.code)).to.deep.equal(['image_left_out']);
  });

  it("uses the theme's own colours, light and dark", () => {
    const theme =
      readFileSync('src/base/theme.styles.ts', 'utf8') +
      readFileSync('src/components/chart/chart.styles.ts', 'utf8');
    for (const [name, light, dark] of PAGE_TOKENS) {
      const token =
        name === 'grid'
          ? '--_grid: '
          : `--answer-${name.startsWith('chart') ? name : `color-${name}`}, `;
      expect(theme, name).to.contain(`${token}light-dark(${light}, ${dark})`);
    }
  });
});

describe('toSlackBlocks', () => {
  it("is a Block Kit message within Slack's limits, marked in its context and metadata", () => {
    const { output, losses } = toSlackBlocks(answer());
    const blocks: KnownBlock[] = output.blocks;
    expect(blocks[0]).to.deep.equal({
      type: 'context',
      block_id: 'ai_disclosure',
      elements: [{ type: 'plain_text', text: 'AI-generated', emoji: false }],
    });
    expect(output.metadata.event_payload.digital_source_type).to.equal(AI_SOURCE_TYPE);
    expect(blocks[1]).to.deep.equal({ type: 'markdown', text: REPORT });
    const json = JSON.stringify(output);
    for (const shown of [
      '412.5 m³/h (-18%)',
      '€11,950.50',
      'down 17.3% overall',
      'latitude 52.5163',
    ])
      expect(json).to.contain(shown);
    expect(losses.map((l) => l.code)).to.deep.equal([
      'chart_as_table',
      'map_as_text',
      'form_read_only',
    ]);
  });

  it('cuts a long answer at 50 blocks and every text at its limit, and says so', () => {
    const blocks = Array.from({ length: 12 }, (_, i) => ({
      ...incidentReportBlock,
      block_id: `r${i}`,
    }));
    const long = {
      ...answer(blocks),
      report: { text: 'x'.repeat(20_000), ui_block_ids: blocks.map((b) => b.block_id) },
    };
    const { output, losses } = toSlackBlocks(long);
    expect(output.blocks).to.have.length(SLACK_LIMITS.blocks);
    expect(JSON.stringify(output.blocks.at(-1))).to.contain('too long for one message');
    const texts = JSON.stringify(output).match(/"text":"(?:[^"\\]|\\.)*"/g)!;
    for (const text of texts)
      expect(JSON.parse(`{${text}}`).text.length).to.be.at.most(SLACK_LIMITS.markdown);
    for (const block of output.blocks) {
      if (block.type === 'header')
        expect(block.text.text.length).to.be.at.most(SLACK_LIMITS.header);
      if (block.type === 'section' && block.text)
        expect(block.text.text.length).to.be.at.most(SLACK_LIMITS.text);
    }
    expect(losses.filter((l) => l.code === 'cut_to_limit')).to.have.length.above(1);
  });
});

describe('toAdaptiveCard', () => {
  it("parses under Microsoft's adaptivecards with no warning, with a Table and a FactSet", () => {
    const { output } = toAdaptiveCard(answer());
    expect(cardProblems(output)).to.deep.equal([]);
    const json = JSON.stringify(output);
    expect(json).to.contain('"type":"Table"').and.contain('"type":"FactSet"');
    expect(output.body[0]).to.deep.include({
      text: 'AI-generated',
      id: `digitalSourceType:${AI_SOURCE_TYPE}`,
    });
  });

  it('is checked by a parser that does find problems', () => {
    expect(
      cardProblems({ type: 'AdaptiveCard', version: '1.5', body: [{ type: 'Bogus' }] }),
    ).to.have.length(1);
  });

  it('parses the largest block too', () => {
    const { output } = toAdaptiveCard(answer([maximalBlock()]));
    expect(cardProblems(output)).to.deep.equal([]);
  });
});
