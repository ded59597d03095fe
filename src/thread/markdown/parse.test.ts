import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { INLINE_REACH, parseInlineFrom } from './inline.js';
import { parseBlocks, parseInline, safeUrl, settledLength, type Inline } from './parse.js';

describe('markdown parser', () => {
  it('takes a heading’s closing #s only after a space or a tab, as CommonMark does', () => {
    const text = (line: string) => {
      const [block] = parseBlocks(line);
      return block?.t === 'h' ? block.inline.join('') : `not a heading: ${block?.t}`;
    };
    const cases: [string, string][] = [
      ['## Findings ##', 'Findings'],
      ['## Findings ##   ', 'Findings'],
      ['## Findings#', 'Findings#'],
      ['## ##', ''],
      ['##   ##', ''],
      ['###### #', ''],
      ['#', ''],
      ['# #foo', '#foo'],
      ['## a \\#', 'a #'], // an escaped # is text
      ['## \u00a0##', '##'], // after a no-break space too
    ];
    for (const [line, shown] of cases) expect(text(line), line).to.equal(shown);
    expect(text('#foo')).to.equal('not a heading: p');
  });

  it('parses headings, paragraphs, lists, quotes, code, tables and rules', () => {
    const blocks = parseBlocks(
      '# Title\n\nSome *em* and **strong** and `code`.\n\n- one\n- two\n  - nested\n\n1. first\n2. second\n\n> quoted\n\n```ts\nconst a = 1;\n```\n\n| A | B |\n|:--|--:|\n| 1 | 2 |\n\n---',
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
    const list = blocks[2] as { items: { t: string }[][] };
    expect(list.items).to.have.length(2);
    expect(list.items[1]!.map((b) => b.t)).to.deep.equal(['p', 'list']);
    expect(blocks[3]).to.include({ ordered: true, start: 1 });
    expect(blocks[5]).to.deep.equal({ t: 'code', lang: 'ts', text: 'const a = 1;' });
    expect(blocks[6]).to.deep.include({ align: ['start', 'end'] });
  });

  it('keeps only http(s) links, and never turns HTML into anything but text', () => {
    expect(safeUrl('javascript:alert(1)')).to.equal(null);
    expect(safeUrl('JaVaScRiPt:alert(1)')).to.equal(null);
    expect(safeUrl('data:text/html,x')).to.equal(null);
    expect(safeUrl('/relative')).to.equal(null);
    expect(safeUrl(' https://example.com/a b ')).to.equal('https://example.com/a%20b');
    expect(safeUrl('https://example.com/?q=1')).to.equal('https://example.com/?q=1');
    expect(parseInline('[x](javascript:alert%281%29)')).to.deep.equal([
      { t: 'link', href: null, children: ['x'] },
    ]);
    expect(parseInline('[x](javascript:alert(1))')).to.deep.equal(['[x](javascript:alert(1))']);
    expect(parseInline('<img src=x onerror=alert(1)>')).to.deep.equal([
      '<img src=x onerror=alert(1)>',
    ]);
    expect(parseInline('![secret](https://attacker.example/?q=secret)')).to.deep.equal([
      { t: 'image', alt: 'secret', href: 'https://attacker.example/?q=secret' },
    ]);
  });

  it('links bare URLs without trailing punctuation, and keeps snake_case words', () => {
    expect(parseInline('see https://example.com/x.')).to.deep.equal([
      'see ',
      { t: 'link', href: 'https://example.com/x', children: ['https://example.com/x'] },
      '.',
    ]);
    expect(parseInline('a snake_case_name')).to.deep.equal(['a snake_case_name']);
    expect(parseInline('\\*not em\\*')).to.deep.equal(['*not em*']);
  });

  it('reads [N] as a citation, but not in code, in a link, in a reference or escaped', () => {
    const cites = (src: string) =>
      parseInline(src).flatMap((node) =>
        typeof node === 'object' && node.t === 'cite' ? [node.n] : [],
      );
    expect(parseInline('grew [1], cloud [2][3].')).to.deep.equal([
      'grew ',
      { t: 'cite', n: 1 },
      ', cloud ',
      { t: 'cite', n: 2 },
      { t: 'cite', n: 3 },
      '.',
    ]);
    expect(cites('as noted in [2]: more\n[4]')).to.deep.equal([2, 4]);
    expect(parseInline('[1](https://example.com/)')).to.deep.equal([
      { t: 'link', href: 'https://example.com/', children: ['1'] },
    ]);
    expect(parseInline('`[1]` [text][1] [1][] \\[2] [0] [1234]')).to.deep.equal([
      { t: 'code', text: '[1]' },
      ' [text][1] [1][] [2] [0] [1234]',
    ]);
    expect(cites('[1]: https://example.com/\n[2]: https://example.com/b')).to.deep.equal([]);
    expect(cites('[1](not a url)')).to.deep.equal([]);
  });

  it('stays linear on hostile input', () => {
    const start = performance.now();
    parseBlocks(
      '*'.repeat(50_000) +
        '['.repeat(20_000) +
        '`'.repeat(20_000) +
        '[1]'.repeat(20_000) +
        '(' +
        '[1]['.repeat(20_000),
    );
    expect(performance.now() - start).to.be.below(2_000);
  });

  it('keeps a run of backticks or citations that could not be one step as text', () => {
    // A run counts at most 2,000 backticks; one of 2,000 or more could not close within reach.
    expect(parseInline('`'.repeat(2_000) + 'a' + '`'.repeat(2_000))).to.deep.equal([
      '`'.repeat(2_000) + 'a' + '`'.repeat(2_000),
    ]);
    expect(parseInline('``a``')).to.deep.equal([{ t: 'code', text: 'a' }]);
    // At most 64 citations in a row.
    const cites = (n: number) =>
      parseInline('[1]'.repeat(n)).filter((node) => typeof node === 'object').length;
    expect(cites(64)).to.equal(64);
    expect(cites(65)).to.equal(0);
  });

  /** Adjacent strings as one. */
  const joined = (nodes: Inline[]) =>
    nodes.reduce<Inline[]>((out, node) => {
      if (typeof node === 'string' && typeof out.at(-1) === 'string') out.push(out.pop() + node);
      else out.push(node);
      return out;
    }, []);
  const inlineText = fc
    .array(
      fc.constantFrom(
        ...['word ', 'w', ' ', '  ', '*', '**', '_', '`', '``', '~~', '~', '[1]', '[2][3]', '['],
        ...[']', '(', ')', '[a](https://e.com/x)', '![i](https://e.com/i)', '<https://a.b/c>'],
        ...['<', 'https://e.com/a. ', 'HTTP://X.Y', 'xhttp://a', '\\*', '\\', '\n', '  \n'],
        ...['\\\n', '\u00a0', 'é', '𝐀', 'h', '_x_', 'snake_case', '!', ':'],
      ),
      { maxLength: 200 },
    )
    .map((tokens) => tokens.join(''));

  it('parses again from a cut what the whole parse has there, whatever follows the cut’s reach', () => {
    fc.assert(
      fc.property(inlineText, inlineText, inlineText, fc.nat(), (a, b, more, n) => {
        // At least INLINE_REACH characters after any cut.
        const text = a + 'q'.repeat(INLINE_REACH - 50) + b + 'r'.repeat(60);
        const before = n % (text.length - INLINE_REACH + 1);
        const { cut, head } = parseInlineFrom(text, 0, before);
        if (cut === -1) return;
        expect(cut).to.be.within(1, before);
        expect(text[cut - 1]).not.to.equal(' ');
        for (const whole of [text, text + more])
          expect(joined([...head, ...parseInlineFrom(whole, cut).nodes])).to.deep.equal(
            joined(parseInline(whole)),
          );
      }),
      { numRuns: 1_000 },
    );
  });

  const line = fc.constantFrom(
    '# Heading',
    'Some *text* here',
    '- item',
    '  - nested',
    '1. first',
    '> quote',
    '```',
    'code line',
    '| a | b |',
    '|---|---|',
    '---',
    '',
    '',
    'plain',
    'cited [1][2]',
    '[1]: https://example.com/',
    '    indented',
  );
  it('settled prefixes parse to the same blocks as the whole text', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.nat(), (lines, cut) => {
        const text = lines.join('\n');
        const prefix = text.slice(0, cut % (text.length + 1));
        const settled = settledLength(prefix);
        expect(
          parseBlocks(text.slice(0, settled)).concat(parseBlocks(text.slice(settled))),
        ).to.deep.equal(parseBlocks(text));
        expect(settledLength(prefix, settledLength(prefix.slice(0, settled)))).to.equal(settled);
      }),
      { numRuns: 500 },
    );
  });

  it('settles at every block that can no longer change, lists, tables and fences included', () => {
    const more = fc.constantFrom(
      ...['# Heading', '## h ##', 'Some *text*', '- item', '  - nested', '    - deep', '1. first'],
      ...['2. second', '- ', '-', '* * *', '***', '> quote', '> ', '```', '```js', '   ```'],
      ...['````', '~~~', 'code', '| a | b |', '|---|---|', 'a|b', '|-', 'text | pipe', '---'],
      ...['', '', '', '  ', '\t', '  two', 'plain'],
    );
    fc.assert(
      fc.property(fc.array(more, { maxLength: 30 }), fc.nat(), (lines, cut) => {
        const text = lines.join('\n');
        const prefix = text.slice(0, cut % (text.length + 1));
        const settled = settledLength(prefix);
        expect(
          parseBlocks(text.slice(0, settled)).concat(parseBlocks(text.slice(settled))),
        ).to.deep.equal(parseBlocks(text));
        expect(settledLength(prefix, settledLength(prefix.slice(0, settled)))).to.equal(settled);
      }),
      { numRuns: 2_000 },
    );
    // No blank line needed: a paragraph before a heading, a fence after a list.
    expect(settledLength('Intro\n# Title\n- a\n```\ncode\n')).to.equal(
      'Intro\n# Title\n- a\n'.length,
    );
  });
});
