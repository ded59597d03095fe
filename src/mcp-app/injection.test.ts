import { expect, waitUntil } from '@open-wc/testing';
import type { Block } from '../catalog/index.js';
import { poisonStrings } from '../test-support/poison.js';
import { settle } from '../test-support/settle.js';
import {
  clearCspReports,
  cspReports,
  deepElements,
  deepText,
  hostView,
  type HostedView,
} from './test-host.js';

/*
 * The injection corpus of the page tests (security/corpus.json), now as
 * `present_answer` input to the view in a host's frame: every hostile string
 * in every string of a block with every component. In the strict frame
 * (`allow-scripts` only, default CSP) the policy blocks nothing, because
 * nothing tries; in a frame the test can read, no payload runs (each calls
 * `pwn()`), nothing is requested, and the text is still there, as text.
 */

interface Corpus {
  strings: { name: string; value: string }[];
}
interface Conformance {
  cases: { name: string; input: Block }[];
}

const json = async <T>(path: string): Promise<T> => (await fetch(path)).json() as Promise<T>;

/** Every catalog component in one valid block, each string replaced by the payload where the block stays valid. */
function poisoned(cases: Conformance['cases'], payload: string): Block {
  const base = (name: string) => structuredClone(cases.find((c) => c.name === name)!.input);
  const block = base('every component');
  const example = base('spec example');
  block.elements.kpi = example.elements.kpi!;
  block.elements.trend = example.elements.trend!;
  (block.elements.root as { children: string[] }).children.push('kpi', 'trend');
  return poisonStrings(block, payload);
}

/** The charts and maps in a frame the test can read that have not drawn yet. */
function undrawn(doc: Document): Element[] {
  return deepElements(doc.body).filter((el) =>
    el.localName === 'answer-chart'
      ? !(el as Element & { chartInstance?: unknown }).chartInstance
      : el.localName === 'answer-map-location' &&
        !el.shadowRoot?.querySelector('.leaflet-container'),
  );
}

const sameOrigin = (frame: HTMLIFrameElement) =>
  frame.getAttribute('sandbox')!.split(' ').includes('allow-same-origin');

async function present(view: HostedView, block: Block) {
  const args = block as unknown as Record<string, unknown>;
  await view.bridge.sendToolInput({ arguments: args });
  await view.bridge.sendToolResult({
    content: [{ type: 'text', text: block.fallback_text }],
    structuredContent: args,
  });
  await waitUntil(
    () => view.sizes.some((size) => (size.height ?? 0) > 400),
    'the block did not render',
    { timeout: 10_000 },
  );
  // In a frame the test can read, the block is checked once it has settled and its charts and maps
  // have drawn. A strict frame tells neither; its policy's reports are waited for by the caller.
  const doc = sameOrigin(view.frame) ? view.frame.contentDocument : null;
  if (doc) {
    await settle(doc.querySelector('answer-block')!);
    // Each draws as it first shows: brought into view in turn, as a reader scrolls to it.
    for (let next = undrawn(doc)[0]; next; next = undrawn(doc)[0]) {
      next.scrollIntoView();
      const shown = next;
      await waitUntil(() => !undrawn(doc).includes(shown), `the ${shown.localName} did not draw`, {
        timeout: 10_000,
      });
    }
  }
}

describe('the injection corpus inside the MCP App view', function () {
  this.timeout(180_000);
  let corpus: Corpus;
  let conformance: Conformance;

  before(async () => {
    corpus = await json<Corpus>('/security/corpus.json');
    conformance = await json<Conformance>('/src/catalog/conformance/blocks.json');
    expect(corpus.strings.length).to.be.above(20);
  });

  it('runs no payload, requests nothing and keeps the text, in a frame the test can read', async () => {
    const failures: string[] = [];
    for (const { name, value } of corpus.strings) {
      const view = await hostView(
        { theme: 'light', locale: 'en' },
        { sameOrigin: true, width: 640 },
      );
      const win = view.frame.contentWindow as Window & { pwn?: (tag: string) => void };
      const pwned: string[] = [];
      win.pwn = (tag) => pwned.push(tag);
      await present(view, poisoned(conformance.cases, value));
      const requested = win.performance.getEntriesByType('resource').map((entry) => entry.name);
      const text = deepText(win.document.body);
      if (pwned.length) failures.push(`${name}: ran ${pwned.join(', ')}`);
      if (requested.length) failures.push(`${name}: requested ${requested.join(', ')}`);
      if (value.trim() && !text.includes(value.trim().slice(0, 20)))
        failures.push(`${name}: its text is not shown`);
      await view.close();
    }
    expect(failures).to.deep.equal([]);
  });

  it('trips nothing in the default CSP of a strict frame', async () => {
    await clearCspReports();
    for (const { value } of corpus.strings) {
      const view = await hostView({ theme: 'dark', locale: 'ar' }, { width: 640 });
      await present(view, poisoned(conformance.cases, value));
      await view.close();
    }
    // A page under the same policy that trips it: once its report is in, the reports of the views
    // before it are too.
    type Report = { 'csp-report'?: { 'blocked-uri'?: string } };
    const fromProbe = (report: Report) =>
      Boolean(report['csp-report']?.['blocked-uri']?.endsWith('/mcp-app/forbidden'));
    const probe = document.createElement('iframe');
    probe.setAttribute('sandbox', 'allow-scripts');
    probe.src = '/mcp-app/probe.html';
    document.body.append(probe);
    try {
      await waitUntil(
        async () => ((await cspReports()) as Report[]).some(fromProbe),
        'no report from the probe',
        { timeout: 10_000 },
      );
    } finally {
      probe.remove();
    }
    const reports = (await cspReports()) as Report[];
    expect(reports.filter((report) => !fromProbe(report))).to.deep.equal([]);
  });
});
