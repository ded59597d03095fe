import { expect } from 'chai';
import { chromium, type Browser, type Page } from 'playwright';
// @ts-expect-error plain ES module without types
import { chromiumPath, CHROMIUM_ARGS } from '../scripts/dev/chromium.mjs';
import { startPlayground } from './server.js';

/* End to end: the real playground page and server, driven in Chromium. */

/**
 * The visible text of the page, through shadow roots, whitespace folded.
 * (A string, so the test transpiler's helpers do not leak into the page.)
 */
const TEXT_SCRIPT = `(() => {
  const parts = [];
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent || '');
    if (node.localName === 'style' || node.localName === 'script') return;
    if (node.shadowRoot) node.shadowRoot.childNodes.forEach(walk);
    else node.childNodes.forEach(walk);
    if (node.localName === 'slot') node.assignedNodes().forEach(walk);
  };
  walk(document.body);
  return parts.join(' ').replace(/\\s+/g, ' ');
})()`;
const pageText = (page: Page): Promise<string> => page.evaluate(TEXT_SCRIPT);

async function ask(page: Page, text: string) {
  const textarea = page.locator('agent-thread #message');
  await textarea.fill(text);
  await textarea.press('Enter');
}

/**
 * Opens every folded "View process" on the page, as a reader does, and waits for all of its
 * steps to render (`<agent-process>` renders them a page per frame, each a `.process-page`, once
 * its code is in).
 */
async function openProcesses(page: Page) {
  const summaries = page.locator('agent-turn details.process:not([open]) > summary');
  while ((await summaries.count()) > 0) await summaries.first().click();
  await page.waitForFunction(
    (slice) =>
      [...document.querySelector('agent-thread')!.shadowRoot!.querySelectorAll('agent-turn')].every(
        (turn) => {
          if (!turn.shadowRoot!.querySelector('details.process')) return true;
          const process = turn.shadowRoot!.querySelector('details.process[open] agent-process');
          const steps = (process as unknown as { steps?: unknown[] } | null)?.steps?.length ?? 0;
          return (
            Boolean(steps) && process!.querySelectorAll('.process-page').length >= steps / slice
          );
        },
      ),
    // PROCESS_SLICE of src/thread/extras/process.ts, written out: importing that module here
    // would load Lit into this Node process, which sets a global `customElements` for every test.
    25,
  );
}

const idle = (page: Page) =>
  page.waitForFunction(
    () => !(document.querySelector('agent-thread') as unknown as { busy: boolean }).busy,
    null,
    { timeout: 20_000 },
  );

describe('playground', function () {
  this.timeout(60_000);
  let playground: Awaited<ReturnType<typeof startPlayground>>;
  let browser: Browser;
  let page: Page;

  before(async () => {
    playground = await startPlayground(0);
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(playground.url);
    await page.waitForFunction(() => customElements.get('agent-thread'));
  });

  after(async () => {
    await browser?.close();
    await playground?.close();
  });

  it('answers the data analysis: metrics, a chart updated in place, a table, a folded report', async () => {
    await ask(page, 'Analyse the second half');
    await idle(page);
    const text = await pageText(page);
    expect(text).to.include('Second half in short').and.include('Rehearsal data');
    // For a person to look at, folded as the reader first sees it (the README's picture is taken the same way).
    await page.screenshot({ path: '.test-results/playground.png' });
    await openProcesses(page);
    const report = await page.evaluate(() => {
      const turn = document.querySelector('agent-thread')!.shadowRoot!.querySelector('agent-turn')!;
      const blocks = [...turn.shadowRoot!.querySelectorAll('.report answer-block')].map(
        (b) => (b as HTMLElement).dataset.blockId,
      );
      const chart = turn
        .shadowRoot!.querySelector('answer-block[data-block-id="revenue-trend"]')!
        .shadowRoot!.querySelector('answer-chart') as unknown as {
        chartInstance?: { data: { datasets: { data: number[] }[] } };
      };
      const folded = turn
        .shadowRoot!.querySelector('details.process answer-block')
        ?.getAttribute('data-block-id');
      return { blocks, december: chart.chartInstance?.data.datasets[0]!.data[5], folded };
    });
    expect(report).to.deep.equal({
      blocks: ['kpis', 'revenue-trend'],
      december: 236,
      folded: 'regions',
    });
  });

  it('answers the field investigation, and the submitted form leads to a second turn', async () => {
    await ask(page, 'Check pump station 4');
    await idle(page);
    expect(await pageText(page))
      .to.include('Pump station 4')
      .and.include('Book the repair');
    await page.evaluate(() => {
      const turns = document
        .querySelector('agent-thread')!
        .shadowRoot!.querySelectorAll('agent-turn');
      const form = turns[turns.length - 1]!.shadowRoot!.querySelector(
        'answer-block[data-block-id="booking"]',
      )!.shadowRoot!.querySelector('answer-follow-up-form')!.shadowRoot!;
      (form.querySelectorAll('input[type=radio]')[1] as HTMLInputElement).click();
      (form.querySelector('input[name=crew]') as HTMLInputElement).value = '3';
      (form.querySelector('button[type=submit]') as HTMLButtonElement).click();
    });
    await page.waitForFunction(
      () =>
        (document.querySelector('agent-thread') as unknown as { messages: unknown[] }).messages
          .length >= 6,
      null,
      {
        timeout: 20_000,
      },
    );
    await idle(page);
    const text = await pageText(page);
    expect(text)
      .to.include('Window: Sat 06:00–08:00')
      .and.include('Repair booked (rehearsal)')
      .and.include('RH-2041');
  });

  it('runs the failure drill: the tool refuses a broken chart and the model repairs it; a dropped answer resumes, whole and once', async () => {
    await ask(page, 'Run the failure drill');
    // The drop and the resume both end the stream the page reads: wait for how the drill ends.
    await page.waitForFunction(`${TEXT_SCRIPT}.match(/Drill complete|connection was lost/)`, null, {
      timeout: 20_000,
    });
    await idle(page);
    await openProcesses(page);
    const text = await pageText(page);
    const count = (part: string) => text.split(part).length - 1;
    expect(count('so this sentence arrives whole.')).to.equal(1);
    expect(
      count('Drill complete: the broken chart was repaired before it reached the page'),
    ).to.equal(1);
    expect(text).not.to.include('The connection was lost');
    // The refused block's placeholder went with the refusal.
    expect(text).not.to.include('Preparing');
    const charts = await page.evaluate(() => {
      const turns = document
        .querySelector('agent-thread')!
        .shadowRoot!.querySelectorAll('agent-turn');
      const turn = turns[turns.length - 1]!.shadowRoot!;
      return [...turn.querySelectorAll('answer-block[data-block-id="drill-chart"]')].map(
        (block) =>
          (
            block.shadowRoot!.querySelector('answer-chart') as unknown as {
              series: { values: number[] }[];
            }
          ).series[0]!.values,
      );
    });
    expect(charts).to.deep.equal([[3.1, 2.2, 2.9]]);
  });
});
