import { EventSchema } from '@ag-ui/core/schemas';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { expect } from 'chai';
import { chromium } from 'playwright';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { validateBlock } from '../../src/catalog/index.js';
// @ts-expect-error plain ES module without types
import { chromiumPath, CHROMIUM_ARGS } from '../../scripts/dev/chromium.mjs';

/*
 * The README and the guides (docs/) hold no example that nothing runs: each
 * code sample is checked here against the package as it is, so that renaming
 * an element, an attribute, a property, an event or an export without the
 * docs fails. Samples the guides render live (docs/examples, shown with
 * `?raw`) are type-checked with the rest of the repository and run by
 * Storybook's story checks.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const GUIDES = 'docs/guides';
const EXAMPLES = 'docs/examples';
const PAGES = [
  'README.md',
  'docs/contributing.md',
  ...readdirSync(join(ROOT, GUIDES))
    .filter((name) => name.endsWith('.mdx'))
    .map((name) => `${GUIDES}/${name}`),
];
const SAMPLES_DIR = join(ROOT, '.test-results', 'docs-samples');

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

interface Fence {
  page: string;
  line: number;
  lang: string;
  code: string;
}

function fencesOf(page: string): Fence[] {
  const fences: Fence[] = [];
  const lines = read(page).split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)/.exec(lines[i]!);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !lines[i]!.startsWith('```'); i++) body.push(lines[i]!);
    fences.push({ page, line: start + 1, lang: open[1]!, code: body.join('\n') });
  }
  return fences;
}

/** The page's prose: fences and code spans blanked out (their brackets are not links). */
function proseOf(page: string): string {
  return read(page)
    .replace(/^```[\s\S]*?^```/gm, '')
    .replace(/`[^`\n]*`/g, '');
}

const ALL_FENCES = PAGES.flatMap(fencesOf);
const where = (f: Fence) => `${f.page}:${f.line}`;

/** A heading's anchor as GitHub makes it. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

function anchorsOf(path: string): Set<string> {
  const text = read(path).replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...text.matchAll(/^#+\s+(.+)$/gm)].map((m) => slug(m[1]!)));
}

/** The Storybook id of a title, as Storybook sanitizes it. */
const storyId = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The docs pages the site has: each guide and each story file's autodocs page. */
function docsPageIds(): Set<string> {
  const ids = new Set<string>();
  for (const page of PAGES.filter((p) => p.endsWith('.mdx'))) {
    const title = /<Meta title="([^"]+)"/.exec(read(page))?.[1];
    if (title) ids.add(`${storyId(title)}--docs`);
  }
  for (const file of readdirSync(join(ROOT, 'stories')).filter((f) => f.endsWith('.stories.ts'))) {
    const title = /^\s+title: '([^']+)'/m.exec(read(`stories/${file}`))?.[1];
    if (title) ids.add(`${storyId(title)}--docs`);
  }
  return ids;
}

interface ElementNames {
  names: Set<string>;
  events: Set<string>;
}

/** Every element's attributes, properties and events, from the custom elements manifest. */
function manifestElements(): Map<string, ElementNames> {
  const manifest = JSON.parse(read('custom-elements.json')) as {
    modules: {
      declarations?: {
        tagName?: string;
        attributes?: { name: string }[];
        members?: { name: string; kind: string; privacy?: string; static?: boolean }[];
        events?: { name: string }[];
      }[];
    }[];
  };
  const elements = new Map<string, ElementNames>();
  for (const declaration of manifest.modules.flatMap((m) => m.declarations ?? [])) {
    if (!declaration.tagName) continue;
    const fields = (declaration.members ?? []).filter(
      (m) => m.kind === 'field' && !m.static && m.privacy !== 'private',
    );
    elements.set(declaration.tagName, {
      names: new Set([
        ...(declaration.attributes ?? []).map((a) => a.name),
        ...fields.map((f) => f.name),
      ]),
      events: new Set((declaration.events ?? []).map((e) => e.name)),
    });
  }
  return elements;
}

/** Attributes every element has. */
const GLOBAL_ATTRIBUTES = new Set(['id', 'class', 'style', 'slot', 'lang', 'dir', 'hidden', 'ref']);

/** The tags of answer-ui's elements in a sample, each with the names written on it. */
function tagsIn(code: string): { tag: string; names: string[] }[] {
  const tags: { tag: string; names: string[] }[] = [];
  for (const match of code.matchAll(/<((?:answer|agent)-[a-z-]+)/g)) {
    const names: string[] = [];
    let i = match.index + match[0].length;
    for (;;) {
      while (/\s/.test(code[i] ?? '')) i++;
      if (i >= code.length || code[i] === '>' || code[i] === '/') break;
      const name = /^[^\s=>/]+/.exec(code.slice(i))![0];
      names.push(name);
      i += name.length;
      if (code[i] !== '=') continue;
      i++;
      const quote = code[i];
      if (quote === '"' || quote === "'") i = code.indexOf(quote, i + 1) + 1;
      else if (quote === '{' || (quote === '$' && code[i + 1] === '{')) {
        for (let depth = 0; i < code.length; i++) {
          if (code[i] === '{') depth++;
          if (code[i] === '}' && --depth === 0) break;
        }
        i++;
      } else while (i < code.length && !/[\s>]/.test(code[i]!)) i++;
    }
    tags.push({ tag: match[1]!, names });
  }
  return tags;
}

/** A name as written in a template (`:block`, `[block]`, `(answer-x)`, `@answer-x`, `onanswer-x`). */
function nameKind(written: string): { name: string; event: boolean } {
  const event = /^(@|\(|on(?=answer-))/.exec(written);
  const name = written.replace(/^(on(?=answer-)|[:@.?[(])/, '').replace(/[\])]$/, '');
  return { name, event: Boolean(event) };
}

const kebabToCamel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The TypeScript and JavaScript of a sample: a Vue or Svelte sample's script, an HTML sample's modules. */
function scriptOf(fence: Fence): string | undefined {
  if (['ts', 'js', 'tsx'].includes(fence.lang)) return fence.code;
  if (['vue', 'svelte', 'html'].includes(fence.lang)) {
    const scripts = [...fence.code.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    return scripts.join('\n');
  }
  return undefined;
}

/*
 * What a type error in a sample means: most samples are fragments (`model`,
 * `res` and the like come from the reader's code), so a free name is not an
 * error, but a name answer-ui no longer has is.
 */
const STALE_NAME_ERRORS = new Set([
  2305, // module has no exported member
  2307, // cannot find module
  2339, // property does not exist on type
  2353, // object literal may only specify known properties
  2551, // property does not exist; did you mean
  2561, // object literal may only specify known properties; did you mean
  2614, // module has no exported member; did you mean to use import … from
  2724, // module has no exported member; did you mean
]);

describe('the docs: README.md, docs/contributing.md and the guides', function () {
  this.timeout(120_000);

  it('has a short front page', () => {
    expect(read('README.md').split('\n').length).to.be.at.most(200);
  });

  it('links only to files, anchors and docs pages that exist', () => {
    const ids = docsPageIds();
    const dead: string[] = [];
    for (const page of PAGES) {
      for (const [, target] of proseOf(page).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:)/.test(target!)) continue;
        if (target!.startsWith('?path=/docs/')) {
          if (!ids.has(target!.slice('?path=/docs/'.length))) dead.push(`${page}: ${target}`);
          continue;
        }
        const [file, anchor] = target!.split('#') as [string, string | undefined];
        const path = relative(ROOT, resolve(ROOT, dirname(page), file || page));
        if (!existsSync(join(ROOT, path))) dead.push(`${page}: ${target}`);
        else if (anchor && !anchorsOf(path).has(anchor)) dead.push(`${page}: ${target}`);
      }
    }
    expect(dead, 'dead links').to.deep.equal([]);
  });

  it('shows in the README the examples the guides run live', () => {
    const examples = readdirSync(join(ROOT, EXAMPLES))
      .filter((name) => !name.includes('.stories.'))
      .map((name) => read(`${EXAMPLES}/${name}`).trimEnd());
    const samples = fencesOf('README.md').filter((f) => f.lang !== 'sh');
    expect(samples.length).to.be.at.least(2);
    for (const sample of samples) {
      expect(examples, `${where(sample)} is not a file of ${EXAMPLES}`).to.include(sample.code);
    }
  });

  it('names only elements, attributes, properties and events the elements have', () => {
    const elements = manifestElements();
    const allEvents = new Set([...elements.values()].flatMap((e) => [...e.events]));
    const sources = [
      ...ALL_FENCES.map((f) => ({ where: where(f), code: f.code })),
      ...readdirSync(join(ROOT, EXAMPLES)).map((name) => ({
        where: `${EXAMPLES}/${name}`,
        code: read(`${EXAMPLES}/${name}`),
      })),
    ];
    const unknown: string[] = [];
    let checked = 0;
    for (const { where: at, code } of sources) {
      for (const { tag, names } of tagsIn(code)) {
        const element = elements.get(tag);
        if (!element) {
          unknown.push(`${at}: <${tag}>`);
          continue;
        }
        for (const written of names) {
          const { name, event } = nameKind(written);
          checked++;
          const known = event
            ? element.events.has(name)
            : GLOBAL_ATTRIBUTES.has(name) ||
              element.names.has(name) ||
              element.names.has(kebabToCamel(name));
          if (!known) unknown.push(`${at}: <${tag}> ${written}`);
        }
      }
      for (const [, event] of code.matchAll(/addEventListener\('([a-z-]+)'/g)) {
        if (event!.startsWith('answer-') && !allEvents.has(event!)) unknown.push(`${at}: ${event}`);
      }
    }
    expect(checked, 'names checked').to.be.greaterThan(10);
    expect(unknown, 'names the elements do not have').to.deep.equal([]);
  });

  it('imports only what the package exports, and uses its names as they are', () => {
    rmSync(SAMPLES_DIR, { recursive: true, force: true });
    mkdirSync(SAMPLES_DIR, { recursive: true });
    const files: string[] = [];
    for (const fence of ALL_FENCES) {
      const script = scriptOf(fence);
      if (!script || !/from 'answer-ui|import 'answer-ui|answer-/.test(script)) continue;
      const name = `${fence.page.replace(/[/.]/g, '_')}_${fence.line}.${fence.lang === 'tsx' ? 'tsx' : 'ts'}`;
      // A module of its own, so that samples do not see each other's names.
      writeFileSync(join(SAMPLES_DIR, name), `${script}\nexport {};\n`);
      files.push(join(SAMPLES_DIR, name));
    }
    expect(files.length).to.be.at.least(10);
    const config = ts.parseJsonConfigFileContent(
      ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile).config,
      ts.sys,
      ROOT,
    );
    const program = ts.createProgram(files, {
      ...config.options,
      jsx: ts.JsxEmit.Preserve,
      types: ['node'],
    });
    const stale = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file && files.includes(resolve(d.file.fileName)))
      .filter((d) => STALE_NAME_ERRORS.has(d.code))
      // A reader's own module (a framework, a provider) is theirs to install.
      .filter((d) => d.code !== 2307 || /answer-ui/.test(String(d.messageText)))
      .map((d) => {
        const { line } = d.file!.getLineAndCharacterOfPosition(d.start ?? 0);
        const text = ts.flattenDiagnosticMessageText(d.messageText, '\n');
        return `${relative(SAMPLES_DIR, d.file!.fileName)}:${line + 1}: ${text}`;
      });
    expect(stale, 'samples that name what the package does not have').to.deep.equal([]);
  });

  it('shows only blocks that pass the validator, and AG-UI events its schema accepts', () => {
    let blocks = 0;
    let events = 0;
    const examples = readdirSync(join(ROOT, EXAMPLES))
      .filter((name) => name.endsWith('.json'))
      .map((name) => ({
        page: `${EXAMPLES}/${name}`,
        line: 1,
        lang: 'json',
        code: read(`${EXAMPLES}/${name}`),
      }));
    for (const fence of [...ALL_FENCES.filter((f) => f.lang === 'json'), ...examples]) {
      const values: unknown[] = fence.code.trimStart().startsWith('{"type"')
        ? fence.code.split('\n').map((line) => JSON.parse(line) as unknown)
        : [JSON.parse(fence.code) as unknown];
      for (const value of values) {
        const event = value as { type?: string; name?: string; value?: unknown };
        if (typeof event.type === 'string') {
          expect(EventSchema.safeParse(value).success, `${where(fence)}: ${event.type}`).to.equal(
            true,
          );
          events++;
          if (event.name === 'answer_ui') {
            expect(validateBlock(event.value).ok, where(fence)).to.equal(true);
            blocks++;
          }
        } else if ((value as { block_id?: string }).block_id) {
          const result = validateBlock(value);
          expect(result.ok ? [] : result.errors, where(fence)).to.deep.equal([]);
          blocks++;
        }
      }
    }
    expect(blocks).to.be.at.least(2);
    expect(events).to.be.at.least(5);
  });

  it('shows a back end the playground runs, and an MCP server that starts and answers', async () => {
    // The AI SDK back end the guide shows is the playground's own, which its tests run.
    expect(read(`${GUIDES}/agent-back-ends.mdx`)).to.include(
      "import answerBackend from '../../playground/answer-backend.ts?raw'",
    );
    const sample = fencesOf(`${GUIDES}/mcp-hosts.mdx`).find((f) =>
      f.code.includes('registerAnswerApp(server)'),
    );
    expect(sample, 'the MCP server sample').to.not.equal(undefined);
    mkdirSync(SAMPLES_DIR, { recursive: true });
    // Beside the package's own package.json: `answer-ui/mcp` resolves to the built package.
    const file = join(SAMPLES_DIR, 'mcp-server.mjs');
    writeFileSync(file, sample!.code);
    const client = new Client({ name: 'docs-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [file] }));
    try {
      // The block the contract guide shows.
      const result = (await client.callTool({
        name: 'present_answer',
        arguments: JSON.parse(read(`${EXAMPLES}/q3-revenue.json`)) as Record<string, unknown>,
      })) as { isError?: boolean; structuredContent?: { block_id?: string } };
      expect(result.isError ?? false).to.equal(false);
      expect(result.structuredContent?.block_id).to.equal('q3-revenue');
    } finally {
      await client.close();
    }
  });

  it('shows a CDN page that renders its block and its thread (the built dist/cdn)', async () => {
    const cdn = 'https://your.cdn/answer-ui/';
    expect(read(`${EXAMPLES}/cdn.html`)).to.include(`${cdn}dist/cdn/answer-ui.js`);
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // The page from a site of its own, the CDN's files from this repository's build.
      await page.route('**/*', async (route) => {
        const url = route.request().url();
        const file = url.startsWith(cdn)
          ? url.slice(cdn.length)
          : url === 'https://docs.example/'
            ? `${EXAMPLES}/cdn.html`
            : undefined;
        if (!file || !existsSync(join(ROOT, file))) return route.fulfill({ status: 404 });
        await route.fulfill({
          body: readFileSync(join(ROOT, file)),
          contentType: file.endsWith('.html') ? 'text/html' : 'text/javascript',
          headers: { 'access-control-allow-origin': '*' },
        });
      });
      await page.goto('https://docs.example/');
      const shown = await page.waitForFunction(() => {
        const metric = document
          .querySelector('answer-block')
          ?.shadowRoot?.querySelector('answer-metric')?.shadowRoot?.textContent;
        const composer = document
          .querySelector('agent-thread')
          ?.shadowRoot?.querySelector('textarea');
        return metric && composer ? metric.replace(/\s+/g, ' ') : false;
      });
      expect(await shown.jsonValue())
        .to.include('Revenue')
        .and.include('1,200,000');
      expect(errors).to.deep.equal([]);
    } finally {
      await browser.close();
    }
  });
});
