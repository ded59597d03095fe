/**
 * Streaming cost inside one open markdown block: what one delta costs while a code fence, a
 * paragraph (lines without a blank one between) or a text without line breaks stays open, at
 * 1 KB, 256 KB and 1 MB of it. Reported: the median of several deltas, and 1 MB ÷ 1 KB.
 *
 *   npx tsx bench/markdown-tail.bench.ts [--browser [--answer]] [--before=<git rev>] [--json]
 *
 * Node (always): MarkdownStream alone, scanning and parsing without a DOM, 1 KB deltas; also the
 * characters it reads per delta (`streamWork`).
 * --browser: <answer-markdown> in headless Chromium, bundled with esbuild (Lit in production
 * mode), 720 px wide in a scrolling box that follows the end. Per delta: the element's update,
 * and the update with the style and layout it causes (forced by reading the box's scroll height;
 * paint happens after, outside the measure). 1 KB deltas at 1 KB, 256 KB and 1 MB, then deltas
 * of a frame's budget (FRAME_CHARS: the most the element renders in one frame; a larger
 * delta goes on at the next frames), one per frame, at 256 KB, 1 MB, 4 MB and 8 MB. A size of
 * 64 KB or less is measured on fresh elements, one delta each; a larger one on one element
 * brought there in 64 KB (or 1 MB) pieces, then that many deltas in a row.
 * Also an ordinary answer as bench/pages/stream.ts streams it (20,000 characters in 5,000
 * deltas), three runs, to see that the cost per delta there has not grown (--answer: only it).
 * --before=<rev>: the same page with the element as it was at that commit, side by side.
 */
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { FRAME_CHARS } from '../src/thread/markdown/frame-budget.js';
import { MarkdownStream, streamWork, type TailView } from '../src/thread/markdown/stream.js';
import { deltas, markdownAnswer } from './fixtures.js';
import { launchChromium, sourceAt } from './side-by-side.js';
import { summarize } from './stats.js';

const KB = 1024;
const MB = 1024 * KB;
const args = process.argv.slice(2);
const before = args.find((a) => a.startsWith('--before='))?.slice('--before='.length);
const json = args.includes('--json');
const log = (line: string) => (json ? process.stderr : process.stdout).write(line + '\n');

/** The open block's text, at least `length` characters of it. */
const SHAPES: Record<string, (length: number) => string> = {
  fence: (length) =>
    '```ts\n' +
    'const reading = await station.flow({ site: "P4", window: 15 }); // m³/h\n'.repeat(
      Math.ceil(length / 70),
    ),
  paragraph: (length) =>
    (
      'The pump at **station 4** ran *below* design flow, ' +
      'see [the log](https://example.com/l) [1],\n'
    ).repeat(Math.ceil(length / 90)),
  'no line breaks': (length) =>
    'the valve `V-12` stuck and was **replaced** on the second of May, '.repeat(
      Math.ceil(length / 66),
    ),
};
// --shape=<name> (again for more): only those shapes, and not the ordinary answer.
const only = args.filter((a) => a.startsWith('--shape=')).map((a) => a.slice('--shape='.length));
for (const shape of Object.keys(SHAPES))
  if (only.length && !only.includes(shape)) delete SHAPES[shape];
const SIZES = [KB, 256 * KB, MB];
/** The sizes for deltas of a frame's budget, one per frame. */
const BIG = [256 * KB, MB, 4 * MB, 8 * MB];
/** "1 KB a, 256 KB b, …" */
const sizes = (of: number[], cells: string[]) =>
  of.map((n, i) => `${n < MB ? `${n / KB} KB` : `${n / MB} MB`} ${cells[i]}`).join(', ');

const ratio = (at1mb: number, at1kb: number) => `${(at1mb / at1kb).toFixed(2)}×`;

// Node: the stream alone.
const nothing = () => {};
const view: TailView = {
  settle: nothing,
  resettle: nothing,
  inlineOpen: nothing,
  inlineUpdate: nothing,
  inlineClose: nothing,
  codeOpen: nothing,
  codeAppend: nothing,
  codeLine: nothing,
  codeClose: nothing,
  groupOpen: nothing,
  groupAppend: nothing,
  groupRedo: nothing,
  groupLive: nothing,
  groupClose: nothing,
  rest: nothing,
};

function nodeDeltas(text: string, size: number, samples: number) {
  const ms: number[] = [];
  const chars: number[] = [];
  let stream: MarkdownStream | undefined;
  let at = 0;
  for (let i = 0; i < samples; i++) {
    if (!stream || size <= 64 * KB) {
      stream = new MarkdownStream(view);
      for (at = 0; at < size; at += 64 * KB)
        stream.push(text.slice(at, Math.min(at + 64 * KB, size)));
      at = size;
    }
    const delta = text.slice(at, at + KB);
    at += KB;
    const read = streamWork.chars;
    const start = performance.now();
    stream.push(delta);
    ms.push(performance.now() - start);
    chars.push(streamWork.chars - read);
  }
  return { ms: summarize(ms), chars: summarize(chars) };
}

const results: Record<string, unknown> = {};
log('Node, MarkdownStream alone, 1 KB deltas: median ms per delta (characters read)');
for (const [shape, make] of Object.entries(SHAPES)) {
  const text = make(MB + 64 * KB);
  nodeDeltas(text, 256 * KB, 50); // warm-up
  const row = Object.fromEntries(SIZES.map((size) => [size, nodeDeltas(text, size, 41)]));
  results[`node ${shape}`] = row;
  const cells = SIZES.map((s) => `${row[s]!.ms.median.toFixed(3)} ms (${row[s]!.chars.median})`);
  log(
    `  ${shape.padEnd(15)} ${sizes(SIZES, cells)}; ` +
      `1 MB ÷ 1 KB ${ratio(row[MB]!.ms.median, row[KB]!.ms.median)}`,
  );
}

// The browser: the element, with its DOM, style and layout.
const PAGE = `
const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b), m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
window.measure = async (text, size, delta, samples, step) => {
  const update = [], layout = [];
  let el, box, parts, at = 0;
  const fresh = async () => {
    document.body.replaceChildren();
    box = document.createElement('div');
    box.style.cssText = 'width: 720px; height: 600px; overflow: auto; font: 15px/1.5 system-ui';
    el = document.createElement('answer-markdown');
    parts = [];
    el.parts = parts;
    box.append(el);
    document.body.append(box);
    for (at = 0; at < size; at += step) {
      parts.push(text.slice(at, Math.min(at + step, size)));
      el.requestUpdate('parts');
      await el.updateComplete;
    }
    at = size;
    box.scrollTop = box.scrollHeight;
    await frame();
    await frame();
  };
  for (let i = 0; i < samples; i++) {
    if (!el || size <= 65536) await fresh();
    const start = performance.now();
    parts.push(text.slice(at, at + delta));
    at += delta;
    el.requestUpdate('parts');
    await el.updateComplete;
    update.push(performance.now() - start);
    box.scrollTop = box.scrollHeight;
    layout.push(performance.now() - start);
    await frame();
  }
  return { update: median(update), layout: median(layout) };
};
window.answer = async (pieces) => {
  const update = [], layout = [];
  document.body.replaceChildren();
  const box = document.createElement('div');
  box.style.cssText = 'width: 720px; height: 600px; overflow: auto; font: 15px/1.5 system-ui';
  const el = document.createElement('answer-markdown');
  const parts = [];
  el.parts = parts;
  box.append(el);
  document.body.append(box);
  await frame();
  for (const piece of pieces) {
    const start = performance.now();
    parts.push(piece);
    el.requestUpdate('parts');
    await el.updateComplete;
    update.push(performance.now() - start);
    box.scrollTop = box.scrollHeight;
    layout.push(performance.now() - start);
    await new Promise((r) => setTimeout(r, 0));
  }
  return { update: median(update), layout: median(layout) };
};`;

async function bundle(root: string) {
  const out = await build({
    stdin: {
      contents: `import './src/thread/markdown/define.ts';\n${PAGE}`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    minify: true,
    write: false,
    tsconfig: resolve('tsconfig.json'),
    logLevel: 'error',
  });
  return out.outputFiles[0]!.text;
}

if (args.includes('--browser')) {
  const systems: [string, string][] = [['now', await bundle(resolve('.'))]];
  if (before) {
    // The code as it was at that commit.
    systems.push([`at ${before}`, await bundle(sourceAt(before, 'markdown-tail-before'))]);
  }
  const browser = await launchChromium();
  try {
    for (const [name, code] of systems) {
      const page = await browser.newPage();
      await page.setContent('<!doctype html><html><body></body></html>');
      await page.addScriptTag({ content: code, type: 'module' });
      await page.waitForFunction(() => 'measure' in window);
      const measure = (text: string, size: number, delta: number, samples: number, step: number) =>
        page.evaluate(
          ([t, s, d, n, p]) =>
            (
              window as unknown as {
                measure(...a: unknown[]): Promise<{ update: number; layout: number }>;
              }
            ).measure(t, s, d, n, p),
          [text, size, delta, samples, step] as const,
        );
      const cell = (m: { update: number; layout: number }) =>
        `${m.update.toFixed(2)} / ${m.layout.toFixed(2)} ms`;
      log(`\nChromium, <answer-markdown> ${name}: median update / update + layout per delta`);
      // An ordinary answer, as bench/pages/stream.ts streams it: 20,000 characters, 5,000 deltas.
      const pieces = deltas(markdownAnswer(20_000), 5_000);
      const answer = () =>
        page.evaluate(
          (p) =>
            (
              window as unknown as {
                answer(p: string[]): Promise<{ update: number; layout: number }>;
              }
            ).answer(p),
          pieces,
        );
      const runShapes = async () => {
        for (const [shape, make] of Object.entries(SHAPES)) {
          const text = make(MB + 64 * KB);
          await measure(text, 64 * KB, KB, 5, 64 * KB); // warm-up
          const row: Record<number, { update: number; layout: number }> = {};
          for (const size of SIZES) row[size] = await measure(text, size, KB, 15, 64 * KB);
          results[`browser ${name} ${shape} 1 KB deltas`] = row;
          log(
            `  1 KB deltas, ${shape.padEnd(15)} ${sizes(
              SIZES,
              SIZES.map((n) => cell(row[n]!)),
            )}; ` + `1 MB ÷ 1 KB ${ratio(row[MB]!.layout, row[KB]!.layout)}`,
          );
        }
        for (const [shape, make] of Object.entries(SHAPES)) {
          const text = make(8 * MB + MB);
          const row: Record<number, { update: number; layout: number }> = {};
          for (const size of BIG)
            row[size] = await measure(text, size, FRAME_CHARS, 5, size > MB ? MB : 64 * KB);
          results[`browser ${name} ${shape} ${FRAME_CHARS / KB} KB deltas`] = row;
          log(
            `  ${FRAME_CHARS / KB} KB deltas, ${shape.padEnd(15)} ${sizes(
              BIG,
              BIG.map((n) => cell(row[n]!)),
            )}`,
          );
        }
      };
      if (only.length) {
        await runShapes();
        await page.close();
        continue;
      }
      await answer(); // warm-up
      const ordinary = [await answer(), await answer(), await answer()];
      results[`browser ${name} answer`] = ordinary;
      log(`  a 20,000-character answer in 5,000 deltas: ${ordinary.map(cell).join(', ')} (3 runs)`);
      if (args.includes('--answer')) {
        await page.close();
        continue;
      }
      await runShapes();
      await page.close();
    }
  } finally {
    await browser.close();
  }
}
if (json) console.log(JSON.stringify(results));
