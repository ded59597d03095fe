import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import type { Inline, MdBlock } from '../../conversation/markdown/parse.js';
import { MarkdownStream, PROBE, streamWork, WINDOW, type TailView } from './stream.js';

/** Adjacent strings as one: a stream may hand a run of text over in two pieces. */
function joined(nodes: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const node of nodes) {
    if (typeof node === 'string' && typeof out.at(-1) === 'string') out.push(out.pop() + node);
    else if (node !== '') out.push(node);
  }
  return out;
}

/** Blocks as they read: texts joined, a list without its `loose` (its items say how they show). */
function normal(blocks: MdBlock[]): unknown[] {
  return blocks.map((b) => {
    switch (b.t) {
      case 'p':
      case 'text':
      case 'h':
        return { ...b, inline: joined(b.inline) };
      case 'list':
        return { t: 'list', ordered: b.ordered, start: b.start, items: b.items.map(normal) };
      case 'quote':
        return { t: 'quote', blocks: normal(b.blocks) };
      default:
        return b;
    }
  });
}

/**
 * A list's items, a quote's blocks or a table's rows, and then those of `more` (a copy, or
 * `block` itself with them added: `inPlace`, so a long stream adds each one once).
 */
function joinGroup(block: MdBlock, more?: MdBlock, inPlace = false): MdBlock {
  const to: MdBlock = inPlace ? block : structuredClone(block);
  if (!more) return to;
  if (to.t === 'list' && more.t === 'list') to.items.push(...more.items);
  else if (to.t === 'quote' && more.t === 'quote') to.blocks.push(...more.blocks);
  else if (to.t === 'table' && more.t === 'table') to.rows.push(...more.rows);
  else throw new Error(`${more.t} in a ${block.t}`);
  return to;
}

/** A group block without its items, blocks or rows. */
function emptied(block: MdBlock): MdBlock {
  if (block.t === 'list') return { ...block, items: [] };
  if (block.t === 'quote') return { ...block, blocks: [] };
  if (block.t === 'table') return { ...block, rows: [] };
  return block;
}

/** What a view shows, as blocks: what is final, the open block, and the rest. */
class Recorded implements TailView {
  final: MdBlock[][] = [];
  inline?: { level: number; final: Inline[]; live: Inline[] };
  code?: { lang: string; text: string; line: string };
  group?: { shell: MdBlock; block: MdBlock; live: MdBlock | null; at: number };
  shownRest: MdBlock[] = [];
  cuts = 0;
  private block = (level: number, inline: Inline[]): MdBlock =>
    level ? { t: 'h', level, inline } : { t: 'p', inline };
  private none(what: string) {
    expect(this.inline ?? this.code ?? this.group, `one open block at a time (${what})`).to.equal(
      undefined,
    );
  }

  settle(blocks: MdBlock[]) {
    this.none('settle');
    this.final.push(blocks);
    return this.final.length - 1;
  }
  resettle(handle: unknown, blocks: MdBlock[]) {
    this.final[handle as number] = blocks;
  }
  inlineOpen(level: number) {
    this.none('inline');
    this.inline = { level, final: [], live: [] };
  }
  inlineUpdate(final: Inline[], live: Inline[]) {
    if (final.length) this.cuts++;
    this.inline!.final.push(...final);
    this.inline!.live = live;
  }
  inlineClose(last: Inline[]) {
    this.final.push([this.block(this.inline!.level, [...this.inline!.final, ...last])]);
    this.inline = undefined;
  }
  codeOpen(lang: string) {
    this.none('code');
    this.code = { lang, text: '', line: '' };
  }
  codeAppend(text: string) {
    this.code!.text += text;
  }
  codeLine(text: string) {
    this.code!.line = text;
  }
  codeClose() {
    expect(this.code!.line).to.equal('');
    this.final.push([{ t: 'code', lang: this.code!.lang, text: this.code!.text }]);
    this.code = undefined;
  }
  groupOpen(block: MdBlock) {
    this.none('group');
    this.final.push([]);
    this.group = {
      shell: emptied(block),
      block: emptied(block),
      live: null,
      at: this.final.length - 1,
    };
    return this.group.at;
  }
  groupAppend(block: MdBlock) {
    joinGroup(this.group!.block, block, true);
  }
  groupRedo(block: MdBlock) {
    this.group!.block = joinGroup(this.group!.shell, block);
  }
  groupLive(block: MdBlock | null) {
    this.group!.live = block;
  }
  groupClose() {
    expect(this.group!.live).to.equal(null);
    this.final[this.group!.at] = [this.group!.block];
    this.group = undefined;
  }
  rest(blocks: MdBlock[]) {
    this.shownRest = blocks;
  }
  blocks(): unknown[] {
    const { inline, code, group } = this;
    const final = this.final.flatMap((chunk, i) =>
      group && i === group.at
        ? [group.live ? joinGroup(group.block, group.live) : group.block]
        : chunk,
    );
    const open: MdBlock[] = inline
      ? [this.block(inline.level, [...inline.final, ...inline.live])]
      : code
        ? [{ t: 'code', lang: code.lang, text: code.text + code.line }]
        : [];
    return normal([...final, ...open, ...this.shownRest]);
  }
}

/** The blocks of `text` given whole, as a complete text is read. */
function whole(text: string): unknown[] {
  const view = new Recorded();
  const stream = new MarkdownStream(view);
  stream.push(text);
  stream.finish();
  return view.blocks();
}

/** The blocks shown once `text` has come at once, not yet complete. */
function atOnce(text: string): unknown[] {
  const view = new Recorded();
  new MarkdownStream(view).push(text);
  return view.blocks();
}

/**
 * Streams `text` cut at `cuts`: after each piece the view shows what that much text shows whole.
 * Past the window, what that much text shows given at once: a block longer than the window
 * shows all of it only once the text is complete.
 */
function streams(text: string, cuts: number[], finish = true): Recorded {
  const view = new Recorded();
  const stream = new MarkdownStream(view);
  let from = 0;
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  for (const to of [...points, text.length]) {
    stream.push(text.slice(from, to));
    from = to;
    const prefix = text.slice(0, to);
    expect(view.blocks(), `after ${JSON.stringify(prefix)}`).to.deep.equal(
      prefix.length <= WINDOW ? whole(prefix) : atOnce(prefix),
    );
  }
  if (finish) {
    stream.finish();
    expect(view.inline ?? view.code ?? view.group, 'nothing left open').to.equal(undefined);
    expect(view.blocks()).to.deep.equal(whole(text));
  }
  return view;
}

const lines = [
  ...['# Heading', '## h ##', '#', 'Some *text* here', 'plain', '**bold**', '2024 was', 'a|b'],
  ...['- item', '  - nested', '1. first', '- ', '-', '--', '* * *', '---', '> quote', '>'],
  ...['```', '```js', '   ```', '````', '~~~', 'code line', '| a | b |', '|---|---|', '|-'],
  ...['|', ':', '', '', '', '  ', '\t', '    indented', 'cited [1][2]', 'word '.repeat(30)],
  // Block markers as long as they come: a line is known to be text only past them.
  ...[
    '###### Six',
    '####### seven',
    '   # three spaces',
    '    # four',
    '123456789. nine',
    '10) ten',
  ],
  ...['1234567890. ten digits', '   > q', '   - i', '  ~~~~~~ tildes', '`````` five', '- - -'],
];
const tokens = [
  ...['word ', 'w', ' ', '  ', '*', '**', '_', '`', '``', '~~', '[1]', '[2][3]', '\\*', '\\'],
  ...['[a](https://e.com/x)', '![i](https://e.com/i)', '<https://a.b/c>', 'https://e.com/a. '],
  ...['\n', '  \n', '\n\n', '\r\n', '\r', '\u00a0', '# ', '#', '- ', '> ', '1. ', '```', '|'],
  ...['###### ', '   ', '123456789. ', '12', '~~~~', '* * *'],
];
const markdown = fc.oneof(
  fc.array(fc.constantFrom(...lines), { maxLength: 40 }).map((l) => l.join('\n')),
  fc.array(fc.constantFrom(...tokens), { maxLength: 300 }).map((t) => t.join('')),
);

describe('markdown stream', () => {
  it('shows, after every piece, what the whole text so far parses to', () => {
    fc.assert(
      fc.property(
        markdown,
        fc.array(fc.nat(), { maxLength: 30 }),
        fc.boolean(),
        (text, cuts, end) => {
          streams(text, cuts, end);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('cuts a quote only before a line of its own, never before a lazy line', () => {
    // marked reads the lines after `> quote` into the quote (a table, then code); the quote's
    // paragraph source has no line break before the table.
    const text = '> quote\n--\n|-\n    indented\n   ```';
    streams(text, [28], false);
    streams(
      text,
      [...text].map((_, i) => i),
    );
  });

  // Cases the properties above found: each text a character at a time, and cut once anywhere.
  const cases = {
    // Marked reads such a line as a paragraph at the end of a text, and as a blank line in a
    // list item once an indented line follows it.
    'a line of Unicode spaces, after an empty list item too': [
      '- \n\u00a0\n\n  word ',
      'para\n\u3000\u00a0 \nmore',
      '\u00a0x\n\u00a0',
    ],
    // Marked trimmed a list's last line of them and read them again as a paragraph.
    'no-break spaces that end a list': ['- \r\n- _**\u00a0\n~~~~  \n', '- a\u00a0 \u3000  \nb'],
    // Marked read a line of a tab as a row, but for a table whose only row it was.
    'a line of a tab after a table': ['plain\n|-\n\t\n  - nested', 'w\n|-\nnine\n\t\n|\n'],
  };
  for (const [what, texts] of Object.entries(cases))
    it(`shows ${what} as the whole text does`, () => {
      for (const text of texts) {
        const everywhere = [...text].map((_, i) => i);
        streams(text, everywhere);
        for (const cut of everywhere) streams(text, [cut]);
      }
    });

  it('shows a block longer than the window all of it once the text is complete', () => {
    // Its line is longer than a step lexes: while it streams, the window of it shows; once the
    // text is complete, all of it (it showed nothing at all before).
    const line = 'y'.repeat(WINDOW + 4_464);
    const texts = {
      'a list item': `- a\n- ${line}\n- b`,
      'a last list item': `- a\n- ${line}`,
      'a quote': `> a\n> ${line}\n> b`,
      'a table row': `a|b\n-|-\n${line}|z\nc|d`,
      'a fence after a paragraph': `text\n\`\`\`\n${line}`,
      'an HTML block': `<div>\n${line}\n\nafter`,
      'an indented code block': `    ${line}\nafter`,
    };
    for (const [shape, text] of Object.entries(texts)) {
      const view = streams(text, [1, 5, 100, 4_100, 40_000, WINDOW + 500, WINDOW + 3_500]);
      expect(JSON.stringify(view.blocks()), shape).to.include(line);
    }
  });

  it('shows a list as loose as its final items make it, not as it looks for now', () => {
    // Once `- item` is final, the list looked loose (`- -` could begin an item), and its final
    // items were as loose as all of it: it ends when `- -` turns out a thematic break.
    const text = '-\n  ~~~~~~ tildes\n- item\n\n- - -\n1. first\nplain';
    streams(text, [8, 15, 29, 35, 36, 41]);
    streams(text, [29]);
  });

  it('does so one character at a time, line breaks \\r\\n and \\r included', () => {
    fc.assert(
      fc.property(
        markdown,
        (text) =>
          void streams(
            text,
            [...text].map((_, i) => i),
          ),
      ),
      { numRuns: 60 },
    );
  });

  it('hands a long paragraph or heading over in final pieces, showing the same', function () {
    // 25 texts of up to 3 MB, each checked whole at up to 20 cuts: seconds of work, four times
    // as many in WebKit, whose regular expressions run marked slower (BENCHMARKS.md).
    this.timeout(180_000);
    const inline = tokens.filter((t) => !/[\n\r#>|`-]|^1\. $/.test(t));
    const long = fc.tuple(
      fc.constantFrom('', 'Intro\n', '# ', '## T\n\n', 'a|b\n', '```js\n', '~~~\n'),
      fc.array(
        fc.oneof(
          { weight: 20, arbitrary: fc.constantFrom(...inline) },
          fc.constantFrom('\n', '`', 'x'.repeat(3000), ' '.repeat(5000), '[1]'.repeat(70)),
          fc.constantFrom('`'.repeat(2500), '\n```\n', ' #', '# '),
        ),
        { minLength: 1000, maxLength: 3000 },
      ),
    );
    fc.assert(
      fc.property(long, fc.array(fc.nat(), { minLength: 5, maxLength: 20 }), ([start, t], at) => {
        streams(start + t.join(''), at);
      }),
      // A failure is reported with its seed at once: shrinking texts of megabytes, each checked
      // at every cut, would take longer than the test may.
      { numRuns: 25, endOnFailure: true },
    );
    // 100 KB in pieces of 4 KB: handed over in final pieces, all but about the last 8 KB.
    const words = 'some *words* and `code` '.repeat(4_000);
    const cuts = Array.from({ length: 24 }, (_, i) => (i + 1) * 4_096);
    expect(streams(words, cuts).cuts, 'updates with final pieces').to.be.at.least(20);
  });

  /** The characters each piece costs, streaming `text` in pieces of `size`, by where it starts. */
  function workPerPiece(text: string, size: number): Map<number, number> {
    const work = new Map<number, number>();
    const stream = new MarkdownStream(new Recorded());
    for (let at = 0; at < text.length; at += size) {
      const before = streamWork.chars;
      stream.push(text.slice(at, at + size));
      work.set(at, streamWork.chars - before);
    }
    return work;
  }

  const MB = 1 << 20;
  const shapes: Record<string, string> = {
    'an open code fence': '```ts\n' + 'const answer = compute(42); // why\n'.repeat(MB / 36),
    'an open paragraph': 'Some *words* and `code` [1] on a line,\n'.repeat(MB / 39),
    'a text without line breaks': 'lorem ipsum **dolor** sit amet, '.repeat(MB / 32),
    'one enormous word': 'x'.repeat(MB),
    'a heading without a line break': '# ' + 'title words '.repeat(MB / 12),
    'a fence whose one line has no break': '```\n' + 'y'.repeat(MB),
    'a list of short items': '- an item with *words* and `code` [1]\n'.repeat(MB / 38),
    'a list of items with nested ones': '1. a step\n   - its *detail*\n\n   more of it\n'.repeat(
      MB / 44,
    ),
    'a quote of paragraphs': '> Some *quoted* words\n> on two lines\n>\n'.repeat(MB / 38),
    'a table': '| Site | Flow |\n|:--|--:|\n' + '| P*4* | 412 `m³/h` |\n'.repeat(MB / 22),
  };
  it('shows a long list, quote or table streamed in pieces as the whole text does', () => {
    // Items, blocks and rows final as they come, then the text at once, cut anywhere.
    for (const [shape, text] of Object.entries(shapes).slice(-4)) {
      const part = text.slice(0, 40_000);
      const view = streams(part, [1, 7, 100, 4_000, 4_001, 12_345, 30_000, 39_999]);
      expect(view.final.length, shape).to.be.at.most(2);
    }
  });

  for (const [shape, text] of Object.entries(shapes)) {
    it(`reads a piece of ${shape} at the same cost at 1 KB and at 1 MB`, function () {
      // A megabyte streamed twice: seconds in WebKit. What is checked is characters read.
      this.timeout(60_000);
      for (const size of [1024, 16 * 1024]) {
        // The piece's own characters, read a few times, and a bounded part of the open block: a
        // long paragraph's probe, where reading the open block again would read up to 1 MB.
        // A list's, a quote's or a table's lines are read up to four times (scanned, as the
        // group's, parsed as final, and a table's rows each with the head put before them).
        const group = /list|quote|table/.test(shape);
        const bound = (group ? 4 : 3) * size + 8 * PROBE;
        for (const [at, chars] of workPerPiece(text, size))
          expect(chars, `${size} characters after ${at} of ${shape}`).to.be.at.most(bound);
      }
    });
  }
});
