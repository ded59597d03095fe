import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  checkFrameworkTypes,
  generateFrameworkTypes,
  publicElements,
  // @ts-expect-error plain ES module without types
} from '../../scripts/build/framework-types.mjs';

/*
 * The check that fails the build when a framework typing lacks an element or
 * an event of the manifest (run `npm run build` first: the typings import
 * dist/index.d.ts). Each case writes the typings to a folder of its own in
 * dist/ and takes something out of them, or adds it to the manifest only.
 */
describe('framework typings check (scripts/build/framework-types.mjs)', function () {
  this.timeout(120_000);

  const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
  const packageTypes = 'dist/index.d.ts';
  let outdir: string;

  const check = (against = manifest): string[] =>
    checkFrameworkTypes({ manifest: against, outdir, packageTypes });
  const edit = (file: string, change: (text: string) => string) =>
    writeFileSync(join(outdir, file), change(readFileSync(join(outdir, file), 'utf8')));

  beforeEach(() => {
    outdir = mkdtempSync('dist/framework-types-test-');
    generateFrameworkTypes({ manifest, outdir });
  });

  afterEach(() => rmSync(outdir, { recursive: true, force: true }));

  it('passes the typings generated from the manifest', () => {
    expect(check()).to.deep.equal([]);
  });

  it('fails when an element is missing from one entry', () => {
    edit('svelte.d.ts', (text) => text.replace(/^ {2}'answer-text': .*\n/m, ''));
    expect(check()).to.deep.equal(['svelte.d.ts: <answer-text> is missing']);
  });

  it('fails in every entry when an event of the manifest is not in the typings', () => {
    const withEvent = structuredClone(manifest);
    const block = publicElements(withEvent).find(
      (element: { tagName: string }) => element.tagName === 'answer-block',
    );
    block.events.push({ name: 'answer-extra', type: { text: 'AnswerErrorEvent' } });
    expect(check(withEvent)).to.deep.equal(
      ['react', 'vue', 'svelte'].map(
        (f) => `${f}.d.ts: <answer-block> lacks the event answer-extra`,
      ),
    );
  });

  it('fails when an element of the manifest is neither typed nor exported', () => {
    const withElement = structuredClone(manifest);
    withElement.modules.push({
      kind: 'javascript-module',
      path: 'src/components/gauge/gauge.ts',
      declarations: [
        { kind: 'class', name: 'AnswerGauge', tagName: 'answer-gauge', customElement: true },
      ],
    });
    expect(check(withElement)).to.deep.equal([
      '<answer-gauge> (AnswerGauge) is not exported by answer-ui: export it, or name it in INTERNAL_ELEMENTS of scripts/build/framework-types.mjs',
      'react.d.ts: <answer-gauge> is missing',
      'vue.d.ts: <answer-gauge> is missing',
      'svelte.d.ts: <answer-gauge> is missing',
    ]);
  });

  it('fails when an event handler or a property loses its type', () => {
    edit('elements.d.ts', (text) =>
      text
        .replace(
          '"onanswer-map-locate"?: ((e: AnswerMapLocateEvent)',
          '"onanswer-map-locate"?: ((e: any)',
        )
        .replace(/\bheading\?: AnswerChart\["heading"\]/, 'heading?: any'),
    );
    const problems = check();
    for (const framework of ['react', 'vue', 'svelte']) {
      expect(problems).to.include(`${framework}.d.ts: <answer-chart> heading is typed any`);
      expect(problems).to.include(
        `${framework}.d.ts: <answer-block> answer-map-locate has no typed detail (any)`,
      );
    }
  });

  it('fails the build step (non-zero exit, what is missing on stderr)', () => {
    edit('elements.d.ts', (text) => text.replace(/^.*"onanswer-source-select".*\n/gm, ''));
    const run = spawnSync('node', ['scripts/build/framework-types.mjs', '--check', outdir], {
      encoding: 'utf8',
    });
    expect(run.status).to.equal(1);
    expect(run.stderr).to.include(
      'react.d.ts: <answer-evidence> lacks the event answer-source-select',
    );
  });
});
