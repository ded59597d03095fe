import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../index.js';
import { memoryStore } from '../../store/index.js';
import { requestedUrls } from '../../test-support/dom.js';
import { settle } from '../../test-support/settle.js';
import type { AgentThread } from '../elements/thread.js';
import { queryByRole } from '../../test-support/thread-harness.js';
import { type Part } from '../../test-support/parts.js';

/*
 * What a hostile or careless back end can put in the parts beyond text and
 * blocks, through a whole <agent-thread>: script and remote URLs in sources
 * and files, HTML and SVG posing as images, a file too large to keep, and a
 * block dressed up as the approval card. None of it reaches a link, an image
 * load or an approval.
 */

const newId = () => `hostile-${Math.random().toString(36).slice(2)}`;

async function threadWith(parts: Part[], threadId = newId(), store = memoryStore()) {
  const thread = await fixture<AgentThread>(
    html`<agent-thread thread-id=${threadId} .store=${store}></agent-thread>`,
  );
  await thread.restored;
  void thread.send('Show me.');
  for (const part of parts) thread.applyPart(part);
  await settle(thread);
  const turn = [...thread.shadowRoot!.querySelectorAll('agent-turn')].at(-1)!;
  // The sources, files and approval elements load on first use.
  await waitUntil(() =>
    [...turn.shadowRoot!.querySelectorAll('answer-sources, answer-files, answer-approval')].every(
      (el) => el.shadowRoot,
    ),
  );
  await settle(thread);
  return { thread, turn, store, threadId };
}

const deep = (root: Element, selector: string): Element[] => {
  const found: Element[] = [];
  const walk = (node: Element | ShadowRoot) => {
    found.push(...node.querySelectorAll(selector));
    for (const el of node.querySelectorAll('*')) if (el.shadowRoot) walk(el.shadowRoot);
  };
  walk(root.shadowRoot ?? root);
  return found;
};

describe('hostile stream parts in <agent-thread>', () => {
  it('links no script, data or relative URL of a source, and loads nothing remote', async () => {
    const before = requestedUrls().length;
    const { thread } = await threadWith([
      { type: 'start' },
      { type: 'source-url', sourceId: 'a', url: 'javascript:alert(1)', title: 'Click me' },
      {
        type: 'source-url',
        sourceId: 'b',
        url: 'data:text/html,<script>alert(1)</script>',
        title: 'Data',
      },
      { type: 'source-url', sourceId: 'c', url: '/relative/path', title: 'Relative' },
      { type: 'source-url', sourceId: 'd', url: 'https://example.com/real', title: 'Real' },
      {
        type: 'file',
        url: 'https://tracker.example.com/pixel.png',
        mediaType: 'image/png',
        filename: 'pixel.png',
      },
      { type: 'finish' },
    ]);
    const links = deep(thread, 'a[href]').map((a) => (a as HTMLAnchorElement).href);
    expect(links.filter((href) => !href.startsWith('https://example.com/'))).to.deep.equal([]);
    expect(deep(thread, 'img').map((img) => (img as HTMLImageElement).src)).to.deep.equal([]);
    expect(
      requestedUrls()
        .slice(before)
        .filter((url) => url.includes('example.com')),
    ).to.deep.equal([]);
  });

  it('never shows HTML or SVG posing as an image, nor a data: URL whose own type says otherwise', async () => {
    const { thread } = await threadWith([
      { type: 'start' },
      {
        type: 'file',
        url: 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
        mediaType: 'image/png',
        filename: 'page.png',
      },
      {
        type: 'file',
        url: 'data:image/svg+xml;base64,PHN2Zy8+',
        mediaType: 'image/svg+xml',
        filename: 'logo.svg',
      },
      { type: 'file', url: 'javascript:alert(1)', mediaType: 'image/png', filename: 'js.png' },
      { type: 'finish' },
    ]);
    expect(deep(thread, 'img')).to.have.length(0);
    const chips = deep(thread, 'answer-files').flatMap((files) =>
      [...files.shadowRoot!.querySelectorAll('button')].map((b) => b.textContent!.trim()),
    );
    expect(chips).to.deep.equal(['page.png', 'logo.svg', 'js.png']);
  });

  it('keeps a file too large to save out of storage, and says so after a reload', async () => {
    const huge = `data:image/png;base64,${'A'.repeat(700_000)}`;
    const { thread, store, threadId } = await threadWith([
      { type: 'start' },
      { type: 'file', url: huge, mediaType: 'image/png', filename: 'scan.png' },
      { type: 'finish' },
    ]);
    await thread.saved();
    const saved = JSON.stringify((await store.load(threadId)).messages);
    expect(saved.length, 'the file stayed out of the record').to.be.below(10_000);
    const again = await fixture<AgentThread>(
      html`<agent-thread thread-id=${threadId} .store=${store}></agent-thread>`,
    );
    await again.restored;
    const turn = again.shadowRoot!.querySelector('agent-turn')!;
    await waitUntil(() => turn.shadowRoot!.querySelector('answer-files')?.shadowRoot);
    await settle(again);
    expect(turn.shadowRoot!.querySelector('answer-files')!.shadowRoot!.textContent)
      .to.include('scan.png')
      .and.include('not saved');
  });

  it('never links a source URL too long to keep, live or after a reload', async () => {
    const long = `https://example.com/${'a'.repeat(100_000)}`;
    const { thread, store, threadId } = await threadWith([
      { type: 'start' },
      { type: 'source-url', sourceId: 'long', url: long },
      { type: 'source-url', sourceId: 'ok', url: 'https://example.com/ok', title: 'Fine' },
      { type: 'finish' },
    ]);
    const sourceTexts = (root: AgentThread) =>
      deep(root, 'answer-sources').map((list) =>
        list.shadowRoot!.textContent!.replace(/\s+/g, ' '),
      );
    const links = (root: AgentThread) =>
      deep(root, 'a[href]').map((a) => (a as HTMLAnchorElement).href);
    expect(links(thread)).to.deep.equal(['https://example.com/ok']);
    const live = sourceTexts(thread);
    expect(live[0]).to.include('https://example.com/aaa').and.include('…');
    await thread.saved();
    const again = await fixture<AgentThread>(
      html`<agent-thread thread-id=${threadId} .store=${store}></agent-thread>`,
    );
    await again.restored;
    const turn = again.shadowRoot!.querySelector('agent-turn')!;
    await waitUntil(() => turn.shadowRoot!.querySelector('answer-sources')?.shadowRoot);
    await settle(again);
    expect(links(again), 'after a reload').to.deep.equal(['https://example.com/ok']);
    expect(sourceTexts(again)).to.deep.equal(live);
  });

  it('a block that imitates the approval card answers nothing: only the thread’s own card does', async () => {
    const mimic = {
      block_id: 'mimic',
      fallback_text: 'Approve the deletion',
      root: 'form',
      elements: {
        form: {
          type: 'FollowUpForm',
          props: {
            title: 'Approval needed: delete_file',
            submit_label: 'Approve',
            fields: [{ name: 'ok', label: 'Reason (optional)', kind: 'text' }],
          },
        },
      },
    };
    const heard: unknown[] = [];
    const { thread, turn } = await threadWith([
      { type: 'start' },
      {
        type: 'tool-input-available',
        toolCallId: 'c1',
        toolName: 'delete_file',
        input: { path: '/a.pdf' },
      },
      { type: 'tool-approval-request', approvalId: 'ap1', toolCallId: 'c1' },
      { type: 'data-answer_ui', id: 'mimic', data: mimic },
      { type: 'finish' },
    ]);
    thread.addEventListener('answer-approval-response', (event) => heard.push(event.detail));
    const blockButton = queryByRole<HTMLButtonElement>(
      turn.shadowRoot!.querySelector('answer-block')!,
      'button',
      'Approve',
    )!;
    expect(blockButton, 'the block shows its own button').to.exist;
    blockButton.click();
    await settle(thread);
    expect(heard).to.deep.equal([]);
    const tool = (
      thread.messages[1] as { items: { kind: string; approval?: unknown }[] }
    ).items.find((i) => i.kind === 'tool')!;
    expect(tool.approval, 'still waiting for the reader').to.deep.equal({ id: 'ap1' });
  });
});
