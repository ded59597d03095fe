import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import '../../index.js';
import type { AgentThread } from '../elements/thread.js';
import { incidentReportBlock } from '../../test-support/blocks.js';
import { itNeeds, press } from '../../test-support/engines.js';
import { settle } from '../../test-support/settle.js';
import { seedThread } from '../../test-support/saved.js';
import { memoryStore } from '../../store/index.js';
import { harness } from '../../test-support/thread-harness.js';
import { AI_SOURCE_TYPE } from '../../export/mark.js';
import { axeViolations } from '../../test-support/axe.js';

/*
 * An answer taken out of the thread: its disclosure and mark on the page, the Export choices by
 * keyboard, the downloaded page opened with scripts off and nothing fetched, and print.
 */

const REPORT = '## Pump 4\n\nFlow is down 18% [1].';

/** A thread restored with a question and its sealed answer (the incident report: every element). */
async function answered(attributes: { disclosure?: string; position?: string } = {}) {
  const threadId = `export-${Math.random().toString(36).slice(2)}`;
  const store = await seedThread(memoryStore(), threadId, [
    { role: 'user', id: 'q1', text: 'How is pump 4?' },
    {
      role: 'assistant',
      id: 'a1',
      status: 'complete',
      items: [
        {
          kind: 'block',
          key: 'block:pump-4-report',
          blockId: 'pump-4-report',
          block: incidentReportBlock,
        },
        {
          kind: 'source',
          key: 'source:s1',
          sourceId: 's1',
          url: 'https://ops.example/log',
          title: 'Ops log',
        },
      ],
      final: { text: REPORT, blockIds: ['pump-4-report'] },
    },
  ]);
  const thread = await fixture<AgentThread>(
    html`<agent-thread
      thread-id=${threadId}
      .store=${store}
      disclosure=${attributes.disclosure ?? ''}
      disclosure-position=${attributes.position ?? 'end'}
    ></agent-thread>`,
  );
  await thread.restored;
  await settle(thread);
  const turn = thread.shadowRoot!.querySelector('agent-turn')!;
  return { thread, turn };
}

const button = (thread: AgentThread, name: string) =>
  [...thread.shadowRoot!.querySelectorAll<HTMLButtonElement>('.actions button')].find(
    (b) => b.textContent!.trim() === name,
  );

/** Presses Export and the choice `name`; resolves with what the choice did, as `capture` saw it. */
async function choose(thread: AgentThread, name: string) {
  button(thread, 'Export')!.click();
  await thread.updateComplete;
  button(thread, name)!.click();
}

/** The page a Download as HTML saves, as the browser was handed it. */
async function downloaded(thread: AgentThread): Promise<{ name: string; page: string }> {
  const original = HTMLAnchorElement.prototype.click;
  // The links clicked: the download's, which the test reads instead of the browser saving it.
  const clicked: HTMLAnchorElement[] = [];
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    clicked.push(this);
  };
  try {
    await choose(thread, 'Download as HTML');
    await waitUntil(() => clicked.length, 'no download');
  } finally {
    HTMLAnchorElement.prototype.click = original;
  }
  const [link] = clicked;
  return { name: link!.download, page: await (await fetch(link!.href)).text() };
}

/** `page` in a frame: `scripts` off unless asked for, as a saved file opened with JavaScript disabled. */
async function open(page: string, scripts = false) {
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width: 800px; height: 600px; border: 0';
  frame.sandbox.add('allow-same-origin');
  if (scripts) frame.sandbox.add('allow-scripts');
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  frame.srcdoc = page;
  document.body.append(frame);
  await loaded;
  return frame;
}

describe('an answer marked and exported', () => {
  afterEach(() => document.querySelectorAll('iframe').forEach((frame) => frame.remove()));

  it('shows "AI-generated" under the answer and marks the turn for machines', async () => {
    const { turn } = await answered();
    const note = turn.shadowRoot!.querySelector('[part="disclosure"]')!;
    expect(note.textContent!.trim()).to.equal('AI-generated');
    expect(turn.dataset.digitalSourceType).to.equal(AI_SOURCE_TYPE);
    // After the report: the last thing the answer shows.
    expect(turn.shadowRoot!.querySelector('.report')!.compareDocumentPosition(note)).to.equal(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it("shows the host's wording where the host puts it, and none only when the host says so", async () => {
    const { turn } = await answered({ disclosure: 'Written by our assistant', position: 'start' });
    const note = turn.shadowRoot!.querySelector('[part="disclosure"]')!;
    expect(note.textContent!.trim()).to.equal('Written by our assistant');
    expect(turn.shadowRoot!.firstElementChild).to.equal(note);

    const { turn: unmarked } = await answered({ disclosure: 'none' });
    expect(unmarked.shadowRoot!.querySelector('[part="disclosure"]')).to.equal(null);
    expect(unmarked.dataset.digitalSourceType, 'still marked for machines').to.equal(
      AI_SOURCE_TYPE,
    );
  });

  it('opens the Export choices by keyboard, in order after Export, and closes them with Escape', async () => {
    const { thread } = await answered();
    const exportButton = button(thread, 'Export')!;
    expect(exportButton.getAttribute('aria-expanded')).to.equal('false');
    exportButton.focus();
    await press('Enter');
    await thread.updateComplete;
    expect(exportButton.getAttribute('aria-expanded')).to.equal('true');
    await press('Tab');
    expect(thread.shadowRoot!.activeElement?.textContent?.trim()).to.equal('Copy as Markdown');
    await press('Tab');
    expect(thread.shadowRoot!.activeElement?.textContent?.trim()).to.equal('Download as HTML');
    await press('Tab');
    expect(thread.shadowRoot!.activeElement?.textContent?.trim()).to.equal('Print');
    await press('Escape');
    await waitUntil(
      () => thread.shadowRoot!.activeElement === exportButton,
      'focus not back on Export',
    );
    expect(button(thread, 'Print')).to.equal(undefined);
    expect(exportButton.getAttribute('aria-expanded')).to.equal('false');
  });

  it('saves a page that shows the answer with scripts off, fetches nothing and carries the mark', async () => {
    const { thread } = await answered();
    const { name, page } = await downloaded(thread);
    expect(name).to.equal('answer.html');
    const frame = await open(page);
    const doc = frame.contentDocument!;
    const text = doc.body.textContent!;
    expect(doc.querySelector('.disclosure')!.textContent).to.equal('AI-generated');
    expect(doc.querySelector('article')!.dataset.digitalSourceType).to.equal(AI_SOURCE_TYPE);
    // The chart's values, its summary, the table's cells, the place, the source.
    const chart = doc.querySelector('figure.chart')!;
    expect(chart.querySelector('svg')).to.not.equal(null);
    expect([...chart.querySelectorAll('td')].map((td) => td.textContent)).to.include.members([
      '498',
      '502',
      '412',
    ]);
    expect(chart.querySelector('.summary')!.textContent).to.contain('down 17.3% overall');
    expect(text).to.contain('Pump station 1').and.contain('€12,800.00');
    expect(text).to.contain('latitude 52.5163, longitude 13.3777');
    expect(doc.querySelector<HTMLAnchorElement>('#source-1 a')!.href).to.equal(
      'https://ops.example/log',
    );
    expect(frame.contentWindow!.performance.getEntriesByType('resource')).to.deep.equal([]);
    const mark = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(mark.digitalSourceType).to.equal(AI_SOURCE_TYPE);
    // Laid out: the picture and the table take room; nothing is wider than the page.
    expect(chart.querySelector('svg')!.getBoundingClientRect().height).to.be.above(100);
    expect(doc.documentElement.scrollWidth).to.be.at.most(800);
  });

  it('saves a page axe finds nothing in', async function () {
    this.timeout(20_000);
    const { thread } = await answered();
    const { page } = await downloaded(thread);
    // Scripts on, and the page's policy off, for axe alone: the page itself has none to run.
    const frame = await open(
      page.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, ''),
      true,
    );
    expect(await axeViolations(frame.contentWindow!)).to.deep.equal([]);
  });

  it('copies the answer as markdown that carries the disclosure and the mark', async () => {
    const { thread } = await answered();
    const copied = await harness(thread).copiedBy(() => choose(thread, 'Copy as Markdown'));
    expect(copied.startsWith('*AI-generated*\n\n## Pump 4')).to.equal(true);
    expect(copied).to.contain('| Pump station 1 | 412.5 | 31% | €12,800.00 | Apr 12, 2025 |');
    expect(copied).to.contain(`[digital-source-type]: <${AI_SOURCE_TYPE}>`);
  });

  itNeeds(
    'emulated-media',
    'prints the answer alone: no composer, no buttons, no other message',
    async () => {
      const { thread } = await answered();
      const printed = new Promise<void>((resolve) => {
        const original = window.print;
        window.print = () => {
          window.print = original;
          resolve();
        };
      });
      await choose(thread, 'Print');
      await printed;
      await emulateMedia({ media: 'print' });
      try {
        const root = thread.shadowRoot!;
        const shown = (selector: string) =>
          [...root.querySelectorAll<HTMLElement>(selector)].filter(
            (el) => el.getClientRects().length,
          );
        expect(shown('.composer'), 'composer').to.have.length(0);
        expect(shown('.actions'), 'buttons').to.have.length(0);
        expect(shown('.from-user'), 'the question').to.have.length(0);
        expect(shown('agent-turn')).to.have.length(1);
        const turn = root.querySelector('agent-turn')!;
        expect(turn.shadowRoot!.querySelector('.report')!.getClientRects().length).to.be.above(0);
        // The chart on paper: its values in a table under it, its buttons left out.
        const chart = turn
          .shadowRoot!.querySelector('answer-block')!
          .shadowRoot!.querySelector('answer-chart')!.shadowRoot!;
        await waitUntil(() => chart.querySelector('.readers table'), 'the chart was not drawn', {
          timeout: 10_000,
        });
        const values = chart.querySelector('.readers table')!;
        expect(values.getBoundingClientRect().height).to.be.above(50);
        expect(values.textContent).to.contain('498');
        const buttons = [...chart.querySelectorAll('button')];
        expect(buttons.filter((b) => b.getClientRects().length)).to.deep.equal([]);
        dispatchEvent(new Event('afterprint'));
        expect(shown('.from-user'), 'every message again after printing').to.have.length(1);
      } finally {
        await emulateMedia({ media: 'screen' });
      }
    },
  );
});
