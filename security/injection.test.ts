import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright';
// @ts-expect-error plain ES module without types
import { chromiumPath, CHROMIUM_ARGS } from '../scripts/dev/chromium.mjs';
import conformance from '../src/catalog/conformance/blocks.json' with { type: 'json' };
import { validateBlock, type Block } from '../src/catalog/index.js';
import { poisonStrings } from '../src/test-support/poison.js';
import corpus from './corpus.json' with { type: 'json' };
import { startStrictServer, type StrictServer } from '../test/servers/strict-csp.js';

/*
 * Hostile model output and hostile storage, fed through every entry point of
 * the built CDN bundle on a page whose Content Security Policy forbids
 * inline script, remote loads and any Trusted Types policy but Lit's own.
 * After every input: nothing ran, nothing was fetched from another origin,
 * no policy was violated, no error escaped, and the text is still there.
 */

interface Report {
  text: string;
  findings: string[];
}
interface PageState {
  pwned: string[];
  violations: string[];
  errors: string[];
  polluted: boolean;
}

const QUICK = !process.env.SOAK;
const baseCases = conformance.cases as { name: string; input: unknown }[];
const baseBlock = (name: string) =>
  structuredClone(baseCases.find((c) => c.name === name)!.input) as Block;

/** Every catalog component in one valid block: the conformance "every component" case plus a metric and a chart. */
function everyComponent(): Block {
  const block = baseBlock('every component');
  const example = baseBlock('spec example');
  block.elements.kpi = example.elements.kpi!;
  block.elements.trend = example.elements.trend!;
  (block.elements.root as { children: string[] }).children.push('kpi', 'trend');
  return block;
}

/**
 * Puts `payload` into every string of the block that can hold it and still
 * validate (labels, titles, texts, options, excerpts…), so the hostile text
 * reaches each component through the real validator.
 */
function poisoned(payload: string): Block {
  return poisonStrings(everyComponent(), payload);
}

/** Server-sent events as the AI SDK UI message stream frames them. */
const sse = (parts: unknown[]) =>
  parts.map((part) => `data: ${JSON.stringify(part)}\n\n`).join('') + 'data: [DONE]\n\n';

function turnWith(text: string, block: unknown): string {
  const deltas = text.match(/[\s\S]{1,7}/g) ?? [];
  return sse([
    { type: 'start' },
    { type: 'start-step' },
    { type: 'reasoning-start', id: 'r' },
    { type: 'reasoning-delta', id: 'r', delta: text.slice(0, 300) },
    { type: 'reasoning-end', id: 'r' },
    {
      type: 'tool-input-available',
      toolCallId: 'c1',
      toolName: text.slice(0, 60),
      input: { q: text },
    },
    { type: 'tool-output-available', toolCallId: 'c1', output: { text } },
    { type: 'text-start', id: 't' },
    ...deltas.map((delta) => ({ type: 'text-delta', id: 't', delta })),
    { type: 'text-end', id: 't' },
    { type: 'data-answer_ui', id: 'b', data: block },
    {
      type: 'source-url',
      sourceId: 's',
      url: 'javascript:pwn("source")',
      title: text.slice(0, 80),
    },
    { type: 'file', url: 'https://attacker.example/file.png', mediaType: 'image/png' },
    { type: 'finish-step' },
    { type: 'finish' },
  ]);
}

/** Malformed or hostile framing for the stream parser. */
const RAW_STREAMS: { name: string; raw: string }[] = [
  { name: 'not JSON', raw: 'data: <script>pwn("raw")</script>\n\ndata: {"type":"text-delta"\n\n' },
  {
    name: 'unknown part types',
    raw: sse([
      { type: 'start' },
      { type: 'x-eval', code: 'pwn("part")' },
      { type: '__proto__', polluted: true },
      { type: 'finish' },
    ]),
  },
  {
    name: 'prototype keys in a data part',
    raw: `data: {"type":"data-answer_ui","id":"p","data":{"__proto__":{"polluted":true},"constructor":{"prototype":{"isAdmin":true}},"block_id":"p","fallback_text":"x","root":"m","elements":{"m":{"type":"Text","props":{"text":"ok"}}}}}\n\ndata: [DONE]\n\n`,
  },
  {
    name: 'error part with markup',
    raw: sse([
      { type: 'start' },
      { type: 'error', errorText: '<img src=x onerror=pwn("error")> https://attacker.example/err' },
    ]),
  },
  {
    name: 'deeply nested data',
    raw: `data: {"type":"data-answer_ui","id":"d","data":${'['.repeat(50_000)}${']'.repeat(50_000)}}\n\ndata: [DONE]\n\n`,
  },
  {
    name: 'oversized text delta',
    raw: sse([
      { type: 'start' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: '<b>'.repeat(400_000) },
      { type: 'finish' },
    ]),
  },
  {
    name: 'CR and NUL framing',
    raw: 'data: {"type":"start"}\r\r\u0000data: {"type":"text-start","id":"t"}\r\n\r\ndata: {"type":"text-delta","id":"t","delta":"framed"}\n\n',
  },
];

/** Stored records a corrupted or hostile database could hold. */
function hostileRecords(payload: string): unknown[] {
  const message = (m: unknown) => ({ version: 1, bytes: 10, message: m });
  return [
    message({ role: 'user', id: 'u1', text: payload }),
    message({
      role: 'assistant',
      id: 'a1',
      status: 'complete',
      items: [
        { kind: 'text', key: 't', text: payload },
        { kind: 'block', key: 'b', blockId: 'b', block: poisoned(payload) },
        { kind: 'tool', key: 'c', name: payload, status: 'done', summary: payload },
        { kind: 'notice', key: 'n', code: 'network', detail: payload },
      ],
    }),
    message(
      JSON.parse(
        '{"role":"assistant","id":"a2","status":"complete","__proto__":{"polluted":true},"items":[{"kind":"text","key":"t","text":"after pollution","__proto__":{"isAdmin":true}}]}',
      ),
    ),
    message({
      role: 'assistant',
      id: 'a3',
      status: 'complete',
      items: [
        {
          kind: 'block',
          key: 'b',
          blockId: 'b',
          block: {
            block_id: 'b',
            fallback_text: 'Bad block kept as text',
            root: 'x',
            elements: { x: { type: 'Script', props: { src: 'https://attacker.example/s.js' } } },
          },
        },
      ],
    }),
    message({ role: 'assistant', id: 'a4', status: 'weird', items: 'not a list' }),
    message(null),
    {
      version: 99,
      bytes: 1,
      message: { role: 'user', id: 'future', text: 'from a future version' },
    },
    'a bare string record',
    message({ role: 'user', id: 'u2', text: { toString: 'pwn' } }),
    message({
      role: 'assistant',
      id: 'a5',
      status: 'complete',
      items: [{ kind: 'text', key: 't', text: 'z'.repeat(300_000) }],
    }),
    message({ role: 'user', id: 'last', text: 'The last good message' }),
  ];
}

describe('hostile input under a strict Content Security Policy', function () {
  this.timeout(QUICK ? 120_000 : 900_000);
  let server: StrictServer;
  let browser: Browser;
  let page: Page;
  const foreignRequests: string[] = [];
  const pageErrors: string[] = [];

  before(async () => {
    try {
      readFileSync('dist/cdn/answer-ui.js');
    } catch {
      throw new Error('dist/cdn/answer-ui.js is missing: run `npm run build` first');
    }
    server = await startStrictServer();
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport: { width: 1280, height: 2400 } });
    // Anything not for the page's own origin is recorded and refused.
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (new URL(url).origin === server.origin) return route.continue();
      foreignRequests.push(url);
      return route.abort();
    });
    page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
    page.on('console', (message) => {
      if (
        message.type() === 'error' &&
        /Content Security Policy|Trusted Type/i.test(message.text())
      )
        pageErrors.push(message.text());
    });
    await page.goto(`${server.origin}/security/page.html`);
    await page.waitForFunction(
      () => (window as { harnessReady?: boolean }).harnessReady === true,
      null,
      { timeout: 20_000 },
    );
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  const call = <T>(method: string, ...args: unknown[]): Promise<T> =>
    page.evaluate(`window.harness.${method}(...${JSON.stringify(args)})`) as Promise<T>;

  /** After each input: no script ran, no policy was violated, nothing left the origin, nothing was polluted. */
  async function expectClean(what: string, report?: Report) {
    const state = await call<PageState>('state');
    const errors = [...state.errors, ...pageErrors.splice(0)];
    const foreign = foreignRequests.splice(0);
    expect(state.pwned, `${what}: a payload ran`).to.deep.equal([]);
    expect(state.violations, `${what}: policy violations`).to.deep.equal([]);
    expect(errors, `${what}: page errors`).to.deep.equal([]);
    expect(foreign, `${what}: requests to other origins`).to.deep.equal([]);
    expect(state.polluted, `${what}: Object.prototype polluted`).to.equal(false);
    if (report) expect(report.findings, `${what}: active content in the DOM`).to.deep.equal([]);
  }

  const visible = (text: string) => text.replace(/\s+/g, ' ');
  /** The start of the payload as the reader sees it (the renderer may fold whitespace). */
  const head = (payload: string) => visible(payload).trim().slice(0, 24);

  it('loads under the policy: the library renders a normal block with no violation', async () => {
    const report = await call<Report>('block', everyComponent());
    expect(report.text).to.include('Pump station 4').and.include('Inspection log');
    await expectClean('normal block', report);
  });

  for (const { name, value } of corpus.strings) {
    it(`<answer-block> and every component's props show "${name}" as text`, async () => {
      const block = poisoned(value);
      const report = await call<Report>('block', block);
      await expectClean(`block with ${name}`, report);
      if (head(value))
        expect(visible(report.text), 'the payload is shown as text').to.include(head(value));
      // The same props set straight on each element, as a host page might.
      for (const element of Object.values(block.elements)) {
        const tag = `answer-${element.type.replace(/[A-Z]/g, (c, i) => (i ? '-' : '') + c.toLowerCase())}`;
        const props = Object.fromEntries(
          Object.entries(element.props).map(([key, prop]) => [
            key.replace(/_(.)/g, (_, c: string) => c.toUpperCase()),
            prop,
          ]),
        );
        const direct = await call<Report>('element', tag, props);
        await expectClean(`<${tag}> with ${name}`, direct);
      }
    });
  }

  for (const { name, value } of corpus.markdown) {
    it(`the markdown renderer and the stream parser show "${name}" inertly`, async () => {
      const markdown = await call<Report>('markdown', value);
      await expectClean(`markdown: ${name}`, markdown);
      const thread = await call<Report>('stream', turnWith(value, poisoned(value)), `md-${name}`);
      await expectClean(`stream: ${name}`, thread);
    });
  }

  for (const { name, raw } of RAW_STREAMS) {
    it(`the stream parser survives ${name}`, async () => {
      const report = await call<Report>('stream', raw, `raw-${name}`);
      await expectClean(`raw stream: ${name}`, report);
    });
  }

  it('refuses invalid and oversized blocks with a visible error, never half a tree', async () => {
    for (const { name, input } of baseCases) {
      if (validateBlock(input).ok) continue;
      const report = await call<Report & { elements: number; fallback: string }>('block', input);
      await expectClean(`invalid block: ${name}`, report);
      expect(report.elements, `invalid block: ${name}: elements rendered`).to.equal(0);
      expect(report.fallback, `invalid block: ${name}: no visible fallback`).to.not.equal('');
    }
  });

  for (const [index, { name, value }] of corpus.strings.entries()) {
    if (QUICK && index % 4 !== 0) continue;
    it(`restores records planted in IndexedDB carrying "${name}" without harm`, async () => {
      const report = await call<Report & { messages: number }>(
        'plant',
        `planted-${index}`,
        hostileRecords(value),
      );
      await expectClean(`planted records: ${name}`, report);
      expect(visible(report.text))
        .to.include('The last good message')
        .and.include('after pollution')
        .and.include('Bad block kept as text');
      if (head(value)) expect(visible(report.text)).to.include(head(value));
    });
  }
});
