import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

/* Checks of what `npm run build` produced (npm test builds first). */

const gzipped = (path: string) => gzipSync(readFileSync(path)).length;
/**
 * The core entry's budget in bytes, min+gzip: the spec allows 60 kB; this is
 * tightened as the code shrinks (57 kB until the store, Leaflet's styles and
 * the new stream parts moved into chunks loaded on first use and template
 * text was minified; 55 kB until the catalog's descriptions left the
 * validator and the chart and map code went to their chunks: 50.7 kB then;
 * 51 kB until the stream reader and the turn's content elements, markdown
 * included, became chunks loaded when idle or first needed: 44.4 kB then; the reader's
 * actions on a message joined the turn's elements in their chunk when Read aloud came:
 * 44.3 kB then).
 */
const CORE_BUDGET = 45 * 1024;
/**
 * answer-ui/blocks' CDN entry (validator, answer-block, the nine elements), min+gzip: 30 kB
 * until the elements read without sight (a chart's walk and summary, a table's row headers and
 * size, a metric as one phrase, a map's place in words), which the elements themselves must
 * render: 30.5 kB then.
 */
const BLOCKS_BUDGET = 31 * 1024;
/** A sentence of the catalog's model-facing descriptions, which only the JSON Schema export needs. */
const DESCRIPTION = 'One finite number per label, in label order.';

describe('build output', () => {
  it(`the CDN entry (everything but chart.js and Leaflet) stays within ${CORE_BUDGET / 1024} kB min+gzip`, () => {
    const size = gzipped('dist/cdn/answer-ui.js');
    expect(size, `${(size / 1024).toFixed(1)} kB`).to.be.at.most(CORE_BUDGET);
    const chunks = readdirSync('dist/cdn/chunks');
    expect(chunks.some((c) => c.startsWith('chart.chunk'))).to.equal(true);
    expect(chunks.some((c) => c.startsWith('leaflet'))).to.equal(true);
    const entry = readFileSync('dist/cdn/answer-ui.js', 'utf8');
    expect(entry).not.to.include('Chart.register');
    expect(entry, 'the catalog descriptions').not.to.include(DESCRIPTION);
    // Every chunk loads on first use: one the entry imports statically would be core code outside the budget.
    expect(
      entry.match(/from\s*["']\.\/chunks\/[^"']+/g) ?? [],
      'chunks the entry imports up front',
    ).to.deep.equal([]);
    // The stream reader and the markdown element load when the page is idle, or once the thread needs them.
    expect(entry).not.to.include('the stream ended before the answer finished');
    const turnElements = readFileSync(
      `dist/cdn/chunks/${chunks.find((c) => c.startsWith('extras.chunk'))}`,
      'utf8',
    );
    expect(turnElements).to.include('answer-markdown').and.include('answer-sources');
    for (const lazy of [
      'store',
      'extras.chunk',
      'attachment-files',
      'export',
      'reader',
      'streaming',
    ]) {
      expect(
        chunks.some((c) => c.startsWith(lazy)),
        `a ${lazy} chunk`,
      ).to.equal(true);
    }
  });

  it('a chart sounds from a chunk of at most 3 kB that neither entry holds', () => {
    const chunks = readdirSync('dist/cdn/chunks').filter((c) => c.startsWith('sonify.chunk'));
    expect(chunks, 'the sonification chunk').to.not.be.empty;
    for (const chunk of chunks) {
      const size = gzipped(`dist/cdn/chunks/${chunk}`);
      expect(size, `${chunk}: ${size} B`).to.be.at.most(3 * 1024);
    }
    for (const entry of ['dist/cdn/answer-ui.js', 'dist/cdn/answer-ui-blocks.js'])
      expect(readFileSync(entry, 'utf8'), entry).not.to.include('createStereoPanner');
  });

  it(`the blocks-only CDN entry holds no conversation code and stays within ${BLOCKS_BUDGET / 1024} kB min+gzip`, () => {
    const size = gzipped('dist/cdn/answer-ui-blocks.js');
    expect(size, `${(size / 1024).toFixed(1)} kB`).to.be.at.most(BLOCKS_BUDGET);
    const entry = readFileSync('dist/cdn/answer-ui-blocks.js', 'utf8');
    expect(entry).not.to.include('agent-thread');
    expect(entry, 'the catalog descriptions').not.to.include(DESCRIPTION);
    expect(
      entry.match(/from\s*["']\.\/chunks\/[^"']+/g) ?? [],
      'chunks the entry imports up front',
    ).to.deep.equal([]);
  });

  it('npm pack ships what a user needs and nothing else', function () {
    // npm pack itself takes seconds on a busy machine.
    this.timeout(60_000);
    const [pack] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
        encoding: 'utf8',
      }),
    ) as [{ files: { path: string }[] }];
    const files = pack.files.map((f) => f.path);
    for (const needed of [
      'package.json',
      'README.md',
      'answer-ui-catalog.json',
      'answer-ui-a2ui-catalog.json',
      'custom-elements.json',
      'dist/a2ui/index.js',
      'dist/index.js',
      'dist/index.d.ts',
      'dist/catalog/index.js',
      'dist/store/index.js',
      'dist/agent/index.js',
      'dist/cdn/answer-ui.js',
      'dist/cdn/answer-ui.classic.js',
    ]) {
      expect(files, needed).to.include(needed);
    }
    const unwanted = files.filter((f) =>
      /\.test\.|test-support|^src\/|^stories\/|^bench\/|^playground\/|^scripts\/|node_modules/.test(
        f,
      ),
    );
    expect(unwanted).to.deep.equal([]);
  });

  it('the manifest names every element and its public API', () => {
    const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8')) as {
      modules: {
        declarations?: { tagName?: string; summary?: string; members?: { name: string }[] }[];
      }[];
    };
    const elements = manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.tagName);
    const tags = elements.map((d) => d.tagName!);
    // Each element's doc comment reached the manifest, with the summary docs and typings show.
    const undocumented = elements.filter((d) => !d.summary?.trim()).map((d) => d.tagName);
    expect(undocumented, 'elements without a summary').to.deep.equal([]);
    for (const tag of [
      'answer-block',
      'answer-stack',
      'answer-section',
      'answer-text',
      'answer-metric',
      'answer-table',
      'answer-chart',
      'answer-evidence',
      'answer-map-location',
      'answer-follow-up-form',
      'agent-thread',
      // The thread's own: a doc comment cut off from its class takes the element out of the manifest.
      'agent-turn',
      'agent-process',
      'answer-markdown',
      'answer-sources',
      'answer-files',
      'answer-approval',
      'answer-interrupt',
      'answer-activity',
    ]) {
      expect(tags, tag).to.include(tag);
    }
  });
});
