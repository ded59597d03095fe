import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { FileRef, SourceItem, ToolItem } from '../../conversation/index.js';
import { $, $$, requestedUrls } from '../../test-support/dom.js';
import type { AnswerApproval } from './approval.js';
import './extras.chunk.js';
import type { AnswerFiles } from './files.js';
import type { AnswerSources } from './sources.js';
import { getByRole } from '../../test-support/thread-harness.js';
import { press } from '../../test-support/engines.js';

const REASON = 'Reason (optional)';

/* Sources, files and tool approvals: what a stream carries besides text and blocks. */

type Source = Omit<SourceItem, 'kind' | 'key'>;

/** A 1×1 transparent PNG. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const pngBytes = () => Uint8Array.from(atob(PNG), (c) => c.charCodeAt(0));

/** The shadow root's element that has the focus. */
const focused = (host: Element) => host.shadowRoot!.activeElement as HTMLElement | null;

describe('answer-sources', () => {
  it('numbers the sources 1, 2, 3 with matching ids; web sources link to http(s) only, in a new tab without an opener', async () => {
    const sources: Source[] = [
      { sourceId: 'a', url: 'https://www.example.com/q3/report?x=1', title: 'Q3 report' },
      { sourceId: 'b', url: 'http://stats.example.org/' },
      { sourceId: 'c', mediaType: 'application/pdf', title: 'Ledger 2025', filename: 'ledger.pdf' },
      { sourceId: 'd', mediaType: 'text/plain', filename: 'notes.txt' },
    ];
    const el = await fixture<AnswerSources>(
      html`<answer-sources .sources=${sources}></answer-sources>`,
    );
    const items = $$(el, 'ol > li');
    expect(items.map((li) => li.id)).to.deep.equal([
      'source-1',
      'source-2',
      'source-3',
      'source-4',
    ]);
    expect(items.map((li) => $$(el, `#${li.id} .n`)[0]!.textContent)).to.deep.equal([
      '1',
      '2',
      '3',
      '4',
    ]);
    expect($(el, '.heading').textContent).to.equal('Sources');

    const links = $$<HTMLAnchorElement>(el, 'a');
    expect(links.map((a) => a.href)).to.deep.equal([
      'https://www.example.com/q3/report?x=1',
      'http://stats.example.org/',
    ]);
    for (const a of links) {
      expect(a.target).to.equal('_blank');
      expect(a.rel).to.equal('noopener noreferrer');
    }
    expect(items[0]!.textContent).to.include('Q3 report').and.include('www.example.com');
    // Without a title the URL is the name.
    expect(links[1]!.textContent).to.equal('http://stats.example.org/');
    // A screen reader hears the link's host, and that it opens a new tab, with its name.
    const described = (a: HTMLAnchorElement) =>
      a
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => $(el, `#${id}`).textContent)
        .join(', ');
    expect(links.map(described)).to.deep.equal([
      'www.example.com, opens in a new tab',
      'opens in a new tab',
    ]);
    expect(items[2]!.textContent)
      .to.include('Ledger 2025')
      .and.include('ledger.pdf')
      .and.include('application/pdf');
    expect(items[3]!.textContent).to.include('notes.txt').and.include('text/plain');
    await expect(el).to.be.accessible();
  });

  it('never links a javascript:, data:, relative or unparsable URL: it is plain text', async () => {
    const hostile = [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(2)',
      'data:text/html,<script>alert(3)</script>',
      '/relative/path',
      '//example.com/x',
      'https//broken',
      'vbscript:x',
    ];
    const el = await fixture<AnswerSources>(
      html`<answer-sources .sources=${hostile.map((url, i) => ({ sourceId: `s${i}`, url, title: `T${i}` }))}></answer-sources>`,
    );
    expect($$(el, 'a')).to.have.length(0);
    expect($$(el, 'li')).to.have.length(hostile.length);
    expect($$(el, 'li').map((li) => li.querySelector('.title')!.textContent)).to.deep.equal(
      hostile.map((_, i) => `T${i}`),
    );
    expect($$(el, 'script')).to.have.length(0);
  });

  it('shows nothing without sources', async () => {
    const el = await fixture<AnswerSources>(html`<answer-sources></answer-sources>`);
    expect(el.shadowRoot!.children).to.have.length(0);
  });
});

describe('answer-files', () => {
  it('shows an allowed raster image from a data: or blob: URL, and every other file as a chip; nothing remote is requested', async () => {
    const blobUrl = URL.createObjectURL(new Blob([pngBytes()], { type: 'image/png' }));
    const files: FileRef[] = [
      { url: `data:image/png;base64,${PNG}`, mediaType: 'image/png', filename: 'dot.png' },
      { url: blobUrl, mediaType: 'image/png' },
      {
        url: 'data:text/html,<script>parent.hacked=1</script>',
        mediaType: 'text/html',
        filename: 'page.html',
      },
      {
        url: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="parent.hacked=1"/>',
        mediaType: 'image/svg+xml',
        filename: 'logo.svg',
      },
      // The part claims PNG, the URL declares HTML.
      {
        url: 'data:text/html;base64,PHNjcmlwdD5wYXJlbnQuaGFja2VkPTE8L3NjcmlwdD4=',
        mediaType: 'image/png',
        filename: 'disguised.png',
      },
      { url: 'https://example.com/cat.png', mediaType: 'image/png', filename: 'cat.png' },
      { url: '/src/test-support/tile.png?answer-files-test', mediaType: 'image/png' },
      { url: 'https://example.com/report.pdf', mediaType: 'application/pdf' },
    ];
    const el = await fixture<AnswerFiles>(html`<answer-files .files=${files}></answer-files>`);
    const images = $$<HTMLImageElement>(el, 'img');
    // Every image shown has loaded (or failed): what it fetches, it has fetched.
    await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
    expect(images.map((img) => img.getAttribute('src'))).to.deep.equal([files[0]!.url, blobUrl]);
    expect(images.map((img) => img.alt)).to.deep.equal(['dot.png', 'Image']);
    const chips = $$<HTMLButtonElement>(el, 'button.chip');
    expect(chips.map((b) => b.textContent!.trim())).to.deep.equal([
      'page.html',
      'logo.svg',
      'disguised.png',
      'cat.png',
      'image/png',
      'application/pdf',
    ]);
    expect((window as { hacked?: number }).hacked).to.equal(undefined);
    expect(
      requestedUrls().filter((url) => /example\.com|answer-files-test/.test(url)),
    ).to.deep.equal([]);
    expect($$(el, 'iframe, object, embed, script')).to.have.length(0);
    await expect(el).to.be.accessible();
    URL.revokeObjectURL(blobUrl);
  });

  it('a chip fires answer-file-select with the file, for the host to open; a file too large to save is a chip that does nothing', async () => {
    const files: FileRef[] = [
      { url: 'https://example.com/q3.pdf', mediaType: 'application/pdf', filename: 'q3.pdf' },
      { url: '', mediaType: 'application/pdf', filename: 'report.pdf' },
      { url: '', mediaType: 'image/png' },
    ];
    const el = await fixture<AnswerFiles>(html`<answer-files .files=${files}></answer-files>`);
    const buttons = $$<HTMLButtonElement>(el, 'button');
    expect(buttons).to.have.length(1);
    setTimeout(() => buttons[0]!.click());
    const event = await oneEvent(document, 'answer-file-select');
    expect(event.detail).to.deep.equal({
      url: 'https://example.com/q3.pdf',
      mediaType: 'application/pdf',
      filename: 'q3.pdf',
    });
    expect(event.bubbles && event.composed).to.equal(true);
    expect($$(el, '.unsaved').map((chip) => chip.textContent!.trim())).to.deep.equal([
      'report.pdf (not saved: too large)',
      'image/png (not saved: too large)',
    ]);
    await expect(el).to.be.accessible();
  });
});

const waitingTool = (input: unknown = { city: 'Paris', days: 3 }): ToolItem => ({
  kind: 'tool',
  key: 'tool:c1',
  name: 'book_trip',
  status: 'awaiting_approval',
  summary: '',
  input,
  approval: { id: 'approval-1' },
});

describe('answer-approval', () => {
  it('names the tool, lists its input as short text lines, and offers Approve and Deny', async () => {
    const input = {
      city: 'Paris',
      note: '<img src=x onerror="parent.hacked=1">',
      nested: { dates: ['2025-05-01', '2025-05-04'], rooms: 2 },
      long: 'x'.repeat(500),
      ...Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`k${i}`, i])),
    };
    const el = await fixture<AnswerApproval>(
      html`<answer-approval .tool=${waitingTool(input)}></answer-approval>`,
    );
    expect($(el, '.title').textContent).to.include('book_trip');
    const lines = $$(el, '.input li').map((li) => li.textContent!.replace(/\s+/g, ' ').trim());
    expect(lines).to.have.length(9);
    expect(lines.slice(0, 3)).to.deep.equal([
      'city: Paris',
      'note: <img src=x onerror="parent.hacked=1">',
      'nested: {"dates":["2025-05-01","2025-05-04"],"rooms":2}',
    ]);
    expect(lines[3]!.length).to.be.lessThan(140);
    expect(lines[8]).to.equal('and 4 more');
    expect($$(el, 'img')).to.have.length(0);
    expect($$(el, 'button').map((b) => b.textContent!.trim())).to.deep.equal(['Approve', 'Deny']);
    expect($<HTMLInputElement>(el, 'input').labels![0]!.textContent).to.equal('Reason (optional)');
    await expect(el).to.be.accessible();
  });

  it('Deny sends the trimmed reason, then shows the outcome instead of the buttons', async () => {
    const el = await fixture<AnswerApproval>(
      html`<answer-approval .tool=${waitingTool()}></answer-approval>`,
    );
    getByRole<HTMLInputElement>(el, 'textbox', REASON).value = '  Not this week.  ';
    setTimeout(() => getByRole(el, 'button', 'Deny').click());
    const event = await oneEvent(el, 'answer-approval-response');
    expect(event.detail).to.deep.equal({
      approvalId: 'approval-1',
      approved: false,
      reason: 'Not this week.',
    });
    expect(event.bubbles && event.composed).to.equal(true);
    await el.updateComplete;
    expect($$(el, 'button')).to.have.length(0);
    expect($(el, '.outcome').textContent!.replace(/\s+/g, ' ')).to.include(
      'Denied: Not this week.',
    );
    expect(focused(el)).to.equal($(el, '.outcome'));
    await expect(el).to.be.accessible();
  });

  it('Approve sends no reason; a long reason is cut to 500 characters', async () => {
    let el = await fixture<AnswerApproval>(
      html`<answer-approval .tool=${waitingTool()}></answer-approval>`,
    );
    getByRole<HTMLInputElement>(el, 'textbox', REASON).value = 'typed but approved';
    setTimeout(() => getByRole(el, 'button', 'Approve').click());
    expect((await oneEvent(el, 'answer-approval-response')).detail).to.deep.equal({
      approvalId: 'approval-1',
      approved: true,
    });
    await el.updateComplete;
    expect($(el, '.outcome').textContent).to.include('Approved');

    el = await fixture<AnswerApproval>(
      html`<answer-approval .tool=${waitingTool()}></answer-approval>`,
    );
    getByRole<HTMLInputElement>(el, 'textbox', REASON).value = 'y'.repeat(800);
    setTimeout(() => getByRole(el, 'button', 'Deny').click());
    expect((await oneEvent(el, 'answer-approval-response')).detail.reason).to.have.length(500);
  });

  it('is answered by keyboard: Tab from the reason to Approve, Enter', async () => {
    const el = await fixture<AnswerApproval>(
      html`<answer-approval .tool=${waitingTool()}></answer-approval>`,
    );
    $(el, 'input').focus();
    await press('Tab');
    expect(focused(el)?.textContent?.trim()).to.equal('Approve');
    expect(getComputedStyle(focused(el)!).outlineStyle).to.equal('solid');
    const answered = oneEvent(el, 'answer-approval-response');
    await press('Enter');
    expect((await answered).detail).to.deep.equal({ approvalId: 'approval-1', approved: true });
  });

  it('shows the outcome the thread or the stream recorded, and follows the tool it is given as it changes', async () => {
    const tool = waitingTool();
    const el = await fixture<AnswerApproval>(
      html`<answer-approval .tool=${tool}></answer-approval>`,
    );
    expect($$(el, 'button')).to.have.length(2);
    // The thread records the answer on the same object and renders again.
    tool.approval = { id: 'approval-1', approved: false, reason: 'Too far.' };
    el.tool = tool;
    await el.updateComplete;
    expect($$(el, 'button')).to.have.length(0);
    expect($(el, '.outcome').textContent).to.include('Denied: Too far.');

    const denied = await fixture<AnswerApproval>(
      html`<answer-approval .tool=${{ ...waitingTool(), status: 'denied' }}></answer-approval>`,
    );
    expect($(denied, '.outcome').textContent!.trim()).to.include('Denied');
    const ran = await fixture<AnswerApproval>(
      html`<answer-approval .tool=${{ ...waitingTool(), status: 'done', summary: 'Booked.', approval: { id: 'approval-1', approved: true } }}></answer-approval>`,
    );
    expect($(ran, '.outcome').textContent).to.include('Approved');
    expect($(ran, '.summary').textContent).to.equal('Booked.');
    let heard = false;
    ran.addEventListener('answer-approval-response', () => (heard = true));
    expect($$(ran, 'button')).to.have.length(0);
    expect(heard).to.equal(false);
  });
});
