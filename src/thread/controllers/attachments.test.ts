import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { LitElement } from 'lit';
import { property, state } from 'lit/decorators.js';
import { themeStyles } from '../../base/theme.styles.js';
import { setAnswerLocale } from '../../base/localization.js';
import { $, $$ } from '../../test-support/dom.js';
import { acceptsFile, formatFileSize } from './attachment-files.chunk.js';
import { Attachments, type FilePartFields } from './attachments.js';
import { composer } from './composer.js';
import { composerStyles } from './composer.styles.js';
import { threadStyles } from '../elements/thread.styles.js';
import { getByRole, queryByRole } from '../../test-support/thread-harness.js';
import { press } from '../../test-support/engines.js';

/*
 * The composer's attachments as a reader uses them: Attach files, paste and
 * drop; chips with Remove buttons; refusals in a status message; Send with
 * files alone. A small host stands in for the thread.
 */

class AttachHost extends LitElement {
  static override styles = [themeStyles, threadStyles, composerStyles];
  @property() accept?: string;
  @property({ type: Number, attribute: 'max-file-size' }) maxFileSize?: number;
  @property({ type: Number, attribute: 'max-files' }) maxFiles?: number;
  @state() draft = '';
  /** What Send sent. */
  sent: { text: string; files: FilePartFields[] }[] = [];
  attachments = new Attachments(this, () => ({
    accept: this.accept,
    maxFileSize: this.maxFileSize,
    maxFiles: this.maxFiles,
  }));

  override render() {
    return composer({
      draft: this.draft,
      busy: false,
      attachments: this.attachments,
      input: (draft) => (this.draft = draft),
      send: () => {
        this.sent.push({ text: this.draft.trim(), files: this.attachments.take() });
        this.draft = '';
      },
      stop: () => undefined,
    });
  }
}
customElements.define('attach-test-host', AttachHost);

const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  ),
  (c) => c.charCodeAt(0),
);
const png = (name = 'photo.png') => new File([PNG], name, { type: 'image/png' });
const pdf = (name = 'report.pdf') => new File(['%PDF-1.7 tiny'], name, { type: 'application/pdf' });
const bytes = (name: string, size: number, type = '') =>
  new File([new Uint8Array(size)], name, { type });

const transfer = (files: File[]) => {
  const data = new DataTransfer();
  for (const file of files) data.items.add(file);
  return data;
};

async function openHost(limits: { accept?: string; maxFileSize?: number; maxFiles?: number } = {}) {
  return fixture<AttachHost>(
    html`<attach-test-host .accept=${limits.accept} .maxFileSize=${limits.maxFileSize} .maxFiles=${limits.maxFiles}></attach-test-host>`,
  );
}

/** Waits until every attached file has been read and rendered. */
async function settled(el: AttachHost) {
  await waitUntil(() => !el.attachments.reading, 'files still being read');
  await el.updateComplete;
}

/** Drops `files` on the composer as a person dragging them from the desktop does. */
async function drop(el: AttachHost, files: File[]) {
  const dataTransfer = transfer(files);
  messageBox(el).dispatchEvent(
    new DragEvent('dragover', { dataTransfer, bubbles: true, cancelable: true, composed: true }),
  );
  const dropped = new DragEvent('drop', {
    dataTransfer,
    bubbles: true,
    cancelable: true,
    composed: true,
  });
  $(el, 'form').dispatchEvent(dropped);
  await settled(el);
  return dropped;
}

const chipNames = (el: AttachHost) => $$(el, '.chip .name').map((n) => n.textContent!.trim());
const status = (el: AttachHost) => $(el, '[role="status"]').textContent!.trim();
const sendButton = (el: AttachHost) => getByRole<HTMLButtonElement>(el, 'button', 'Send');
const removeButton = (el: AttachHost, name: string) =>
  queryByRole<HTMLButtonElement>(el, 'button', `Remove ${name}`);
const messageBox = (el: AttachHost) => getByRole<HTMLTextAreaElement>(el, 'textbox', 'Message');
const attachButton = (el: AttachHost) =>
  queryByRole<HTMLButtonElement>(el, 'button', 'Attach files');

function focused(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/**
 * A paste event carrying `data`, as the page sees a real paste. Firefox's
 * ClipboardEvent constructor ignores `clipboardData`, so it is set on the event.
 */
function pasteOf(data: DataTransfer): ClipboardEvent {
  const event = new ClipboardEvent('paste', { bubbles: true, cancelable: true, composed: true });
  Object.defineProperty(event, 'clipboardData', { value: data });
  return event;
}

describe('composer attachments', () => {
  it('matches accept as the HTML attribute does: wildcards, exact types, extensions, any case', () => {
    const file = (name: string, type: string) => ({ name, type });
    expect(acceptsFile('image/*,.pdf', file('a.png', 'image/png'))).to.be.true;
    expect(acceptsFile('image/*,.pdf', file('SCAN.PDF', ''))).to.be.true;
    expect(acceptsFile('image/*,.pdf', file('setup.exe', 'application/x-msdownload'))).to.be.false;
    expect(acceptsFile('image/*,.pdf', file('notes.pdf.txt', 'text/plain'))).to.be.false;
    expect(acceptsFile(' Application/JSON ', file('data', 'application/json'))).to.be.true;
    expect(acceptsFile('application/json', file('data.json', 'application/jsonx'))).to.be.false;
    expect(acceptsFile(undefined, file('anything.bin', ''))).to.be.true;
    expect(acceptsFile('', file('anything.bin', ''))).to.be.true;
  });

  it('attaches a PNG and a PDF under accept="image/*,.pdf" and refuses an .exe, saying which and why', async () => {
    const el = await openHost({ accept: 'image/*,.pdf' });
    expect($(el, 'input[type="file"]').getAttribute('accept')).to.equal('image/*,.pdf');
    await drop(el, [png(), pdf(), bytes('setup.exe', 10, 'application/x-msdownload')]);
    expect(chipNames(el)).to.deep.equal(['photo.png', 'report.pdf']);
    expect(status(el)).to.equal('"setup.exe" was not attached: this type of file is not accepted.');
    await expect(el).to.be.accessible();

    // A long list of refusals is named in short.
    const programs = ['a', 'b', 'c', 'd', 'e'].map((n) => bytes(`${n}.exe`, 1));
    await drop(el, programs);
    expect(status(el)).to.equal(
      '"a.exe" was not attached: this type of file is not accepted. "b.exe" was not attached: this type of file is not accepted. 3 more files were not attached.',
    );
  });

  it('refuses a file over the size limit, naming the limit (10 MB by default)', async () => {
    const el = await openHost();
    await drop(el, [bytes('big.zip', 10 * 1024 * 1024 + 1, 'application/zip')]);
    expect(chipNames(el)).to.deep.equal([]);
    expect(status(el)).to.equal('"big.zip" was not attached: it is larger than 10 MB.');

    el.maxFileSize = 1536;
    await drop(el, [bytes('notes.txt', 1536, 'text/plain'), bytes('log.txt', 1537, 'text/plain')]);
    expect(chipNames(el)).to.deep.equal(['notes.txt']);
    expect(status(el)).to.equal('"log.txt" was not attached: it is larger than 1.5 kB.');
  });

  it('refuses files beyond max-files, and a removal clears the message', async () => {
    const el = await openHost({ maxFiles: 2 });
    await drop(el, [png('1.png'), png('2.png'), png('3.png')]);
    expect(chipNames(el)).to.deep.equal(['1.png', '2.png']);
    expect(status(el)).to.equal('Only 2 files can be attached to one message.');
    removeButton(el, '1.png')!.click();
    await el.updateComplete;
    expect(status(el)).to.equal('');
    await drop(el, [png('4.png')]);
    expect(chipNames(el)).to.deep.equal(['2.png', '4.png']);
    expect(status(el)).to.equal('');
  });

  it('shows a chip per file with its name and size, and a thumbnail only for a raster image', async () => {
    const el = await openHost();
    const svgFile = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', {
      type: 'image/svg+xml',
    });
    const fake = new File(['not a picture'], 'fake.png', { type: 'image/png' });
    await drop(el, [
      png(),
      bytes('a-very-long-file-name-that-goes-on-and-on-and-on-and-on-and-on.csv', 2048, 'text/csv'),
      svgFile,
      fake,
    ]);
    const chips = $$(el, '.chip');
    expect(chips.map((c) => c.querySelector('.size')!.textContent!.trim())).to.deep.equal([
      `${PNG.length} bytes`,
      '2 kB',
      '41 bytes',
      '13 bytes',
    ]);
    const thumbs = $$<HTMLImageElement>(el, '.chip img');
    expect(thumbs.map((img) => `${img.src.slice(0, 22)} alt="${img.alt}"`)).to.deep.equal(
      Array(2).fill('data:image/png;base64, alt=""'),
    );
    await waitUntil(
      () => thumbs[1]!.hidden,
      'an image that does not decode leaves the file glyph showing',
    );
    expect(thumbs[0]!.hidden).to.be.false;
    const name = chips[1]!.querySelector<HTMLElement>('.name')!;
    expect(name.scrollWidth, 'a long name is cut short').to.be.greaterThan(name.clientWidth);
    expect(name.title).to.equal(
      'a-very-long-file-name-that-goes-on-and-on-and-on-and-on-and-on.csv',
    );
  });

  it('removes a chip with its Remove button, by click or by keyboard, and keeps the focus in the composer', async () => {
    const el = await openHost();
    await drop(el, [png('a.png'), png('b.png'), png('c.png')]);
    removeButton(el, 'b.png')!.click();
    await el.updateComplete;
    expect(chipNames(el)).to.deep.equal(['a.png', 'c.png']);

    removeButton(el, 'a.png')!.focus();
    await press('Enter');
    await el.updateComplete;
    expect(chipNames(el)).to.deep.equal(['c.png']);
    expect(focused()?.getAttribute('aria-label')).to.equal('Remove c.png');
    await press('Space');
    await waitUntil(
      () => focused()?.localName === 'textarea',
      'focus moves to the message box once no chip is left',
    );
    expect(chipNames(el)).to.deep.equal([]);
    expect($$(el, '.attachments')).to.have.length(0);
  });

  it('take() returns the files as data: URLs with media type and filename, and empties the composer', async () => {
    const el = await openHost();
    const text = 'Zählerstand 42 ✓';
    await drop(el, [
      png(),
      new File([text], 'reading.txt', { type: 'text/plain' }),
      bytes('blob.bin', 3),
    ]);
    const parts = el.attachments.take();
    await el.updateComplete;
    expect(parts.map(({ mediaType, filename }) => ({ mediaType, filename }))).to.deep.equal([
      { mediaType: 'image/png', filename: 'photo.png' },
      { mediaType: 'text/plain', filename: 'reading.txt' },
      { mediaType: 'application/octet-stream', filename: 'blob.bin' },
    ]);
    const decode = async (url: string) => new Uint8Array(await (await fetch(url)).arrayBuffer());
    expect(parts[0]!.url.startsWith('data:image/png;base64,')).to.be.true;
    expect([...(await decode(parts[0]!.url))]).to.deep.equal([...PNG]);
    expect(new TextDecoder().decode(await decode(parts[1]!.url))).to.equal(text);
    expect([...(await decode(parts[2]!.url))]).to.deep.equal([0, 0, 0]);
    expect(el.attachments.files).to.have.length(0);
    expect($$(el, '.chip')).to.have.length(0);
  });

  it('attaches a file pasted into the message box; a text paste stays a text paste', async () => {
    const el = await openHost();
    const textarea = messageBox(el);
    const filePaste = pasteOf(transfer([png('pasted.png')]));
    textarea.dispatchEvent(filePaste);
    await settled(el);
    expect(filePaste.defaultPrevented).to.be.true;
    expect(chipNames(el)).to.deep.equal(['pasted.png']);

    const words = new DataTransfer();
    words.setData('text/plain', 'hello');
    const textPaste = pasteOf(words);
    textarea.dispatchEvent(textPaste);
    expect(textPaste.defaultPrevented).to.be.false;
    expect(chipNames(el)).to.deep.equal(['pasted.png']);
  });

  it('highlights the composer while files are dragged over it and attaches them on drop, instead of the browser opening them', async () => {
    const el = await openHost();
    const form = $(el, 'form');
    const dataTransfer = transfer([pdf()]);
    const over = new DragEvent('dragover', {
      dataTransfer,
      bubbles: true,
      cancelable: true,
      composed: true,
    });
    messageBox(el).dispatchEvent(over);
    await el.updateComplete;
    expect(over.defaultPrevented, 'a drop target').to.be.true;
    expect(form.classList.contains('dragging')).to.be.true;
    form.dispatchEvent(
      new DragEvent('dragleave', { dataTransfer, bubbles: true, relatedTarget: document.body }),
    );
    await el.updateComplete;
    expect(form.classList.contains('dragging')).to.be.false;

    const dropped = await drop(el, [pdf()]);
    expect(dropped.defaultPrevented).to.be.true;
    expect(form.classList.contains('dragging')).to.be.false;
    expect(chipNames(el)).to.deep.equal(['report.pdf']);

    const text = new DataTransfer();
    text.setData('text/plain', 'dragged words');
    const textOver = new DragEvent('dragover', {
      dataTransfer: text,
      bubbles: true,
      cancelable: true,
      composed: true,
    });
    messageBox(el).dispatchEvent(textOver);
    expect(textOver.defaultPrevented, 'text drags are the browser’s').to.be.false;
  });

  it('enables Send with a file alone, waits while a file is read, and sends the files', async () => {
    const el = await openHost();
    expect(sendButton(el).disabled).to.be.true;
    $(el, 'form').dispatchEvent(
      new DragEvent('drop', { dataTransfer: transfer([png()]), bubbles: true, cancelable: true }),
    );
    await el.updateComplete;
    expect(el.attachments.reading).to.be.true;
    expect(sendButton(el).disabled, 'disabled while reading').to.be.true;
    messageBox(el).dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }),
    );
    expect(el.sent, 'Enter waits too').to.have.length(0);
    await settled(el);
    expect(sendButton(el).disabled).to.be.false;
    sendButton(el).click();
    await el.updateComplete;
    expect(el.sent).to.have.length(1);
    expect(el.sent[0]!.text).to.equal('');
    expect(el.sent[0]!.files.map((f) => f.filename)).to.deep.equal(['photo.png']);
    expect(sendButton(el).disabled).to.be.true;
  });

  it('opens the file picker from Attach files, a tab stop (the hidden input is not), and attaches what is picked', async () => {
    const el = await openHost({ accept: 'image/*' });
    const button = attachButton(el)!;
    expect(button, 'a button named "Attach files"').to.exist;
    expect(button.title).to.equal('Attach files');
    const picker = $<HTMLInputElement>(el, 'input[type="file"]');
    expect(picker.multiple).to.be.true;
    expect(picker.hidden).to.be.true;
    expect(picker.tabIndex).to.equal(-1);
    let opened = 0;
    picker.showPicker = () => void opened++;

    messageBox(el).focus();
    await press('Shift+Tab');
    expect(focused()).to.equal(button);
    await press('Enter');
    expect(opened).to.equal(1);
    await press('Tab');
    expect(focused()?.localName, 'Tab goes from the button to the message box').to.equal(
      'textarea',
    );

    picker.files = transfer([png('picked.png'), pdf()]).files;
    picker.dispatchEvent(new Event('change', { bubbles: true }));
    await settled(el);
    expect(chipNames(el)).to.deep.equal(['picked.png']);
    expect(status(el)).to.equal(
      '"report.pdf" was not attached: this type of file is not accepted.',
    );
    expect(picker.value, 'the same file can be picked again').to.equal('');
  });

  it('formats sizes in the active locale', async () => {
    try {
      await setAnswerLocale('de');
      expect(formatFileSize(1536, 'de')).to.equal('1,5 kB');
      expect(formatFileSize(10 * 1024 * 1024, 'de')).to.equal('10 MB');
    } finally {
      await setAnswerLocale('en');
    }
  });
});
