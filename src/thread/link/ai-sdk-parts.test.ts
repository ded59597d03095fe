import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../index.js';
import type { AgentThread } from '../elements/thread.js';
import { settle } from '../../test-support/settle.js';
import { harness, queryByRole } from '../../test-support/thread-harness.js';
import { press } from '../../test-support/engines.js';

/*
 * Everything an AI SDK back end sends and what a reader does with it, end
 * to end: <agent-thread> in Chromium talks over loopback HTTP to a route
 * where the real `streamText` runs a scripted model
 * (test/servers/parts.ts): sources, files, a tool that needs
 * approval, regenerate, edit, retry and attachments. Saved in the page's
 * real IndexedDB.
 */

type Body = {
  id: string;
  trigger: string;
  messageId?: string;
  messages: { id: string; role: string; parts: Record<string, unknown>[] }[];
};
type Prompt = {
  role: string;
  content:
    { type: string; text?: string; mediaType?: string; output?: { type: string } }[] | string;
}[];

const API = '/api/parts/chat';
const newChat = () => `parts-${Math.random().toString(36).slice(2)}`;
const requests = async (chat: string) =>
  (await (await fetch(`/api/parts/requests?chat=${chat}`)).json()) as Body[];
const prompts = async (chat: string) =>
  (await (await fetch(`/api/parts/prompts?chat=${chat}`)).json()) as Prompt[];

async function open(chat: string, api = API): Promise<AgentThread> {
  const thread = await fixture<AgentThread>(
    html`<agent-thread api=${api} thread-id=${chat}></agent-thread>`,
  );
  await thread.restored;
  return thread;
}

async function answered(thread: AgentThread, messages: number) {
  await waitUntil(
    () => !thread.busy && thread.messages.length === messages,
    `expected ${messages} messages`,
    { timeout: 15_000 },
  );
  await settle(thread);
}

const turns = (thread: AgentThread) => [...thread.shadowRoot!.querySelectorAll('agent-turn')];
const lastTurn = (thread: AgentThread) => turns(thread).at(-1)!;
/** The text in an element, shadow roots included (streamed text may sit in many text nodes). */
function textIn(element: Element): string {
  const walk = (node: Node): string =>
    node.nodeType === Node.TEXT_NODE
      ? node.textContent!
      : [...((node as Element).shadowRoot ?? node).childNodes].map(walk).join('');
  return walk(element).replace(/\s+/g, ' ');
}
/** An element of the lazily loaded parts (sources, files, approval) in the last turn, once its chunk has loaded and it has rendered. */
async function partOf(
  thread: AgentThread,
  tag: 'answer-sources' | 'answer-files' | 'answer-approval',
): Promise<HTMLElement> {
  await waitUntil(() => lastTurn(thread).shadowRoot!.querySelector(tag), `no ${tag}`);
  await customElements.whenDefined(tag);
  const element = lastTurn(thread).shadowRoot!.querySelector<HTMLElement>(tag)!;
  await settle(element);
  return element;
}

describe('an AI SDK back end: everything its stream carries, and what a reader does', function () {
  this.timeout(30_000);

  // First in the file: the code that streams loads when the page is idle or first needed, and nothing has needed it yet.
  it('a question sent as the page opens shows at once with its answer under way, the answer streams in, and a second question waits its turn', async () => {
    const chat = newChat();
    const thread = await fixture<AgentThread>(
      html`<agent-thread api=${API} thread-id=${chat}></agent-thread>`,
    );
    const sent = thread.send('hello');
    expect(thread.messages.map((message) => message.role)).to.deep.equal(['user', 'assistant']);
    expect(thread.busy).to.equal(true);
    // Asked while the first answer is under way (its code may still be loading): it goes once that answer is over.
    void thread.send('and then?');
    expect(thread.messages).to.have.length(2);
    await sent;
    await answered(thread, 4);
    const [first, second] = turns(thread).map((turn) => textIn(turn));
    expect(first).to.include('Answer number 1.');
    expect(second).to.include('Answer number 2.');
    const bodies = await requests(chat);
    expect(bodies.map((body) => body.trigger)).to.deep.equal(['submit-message', 'submit-message']);
    const questions = bodies.map((body) =>
      body.messages
        .at(-1)!
        .parts.map((part) => part.text)
        .join(''),
    );
    expect(questions).to.deep.equal(['hello', 'and then?']);
  });

  it('lists a web search’s sources under the answer, shows its image, and keeps both after a reload', async () => {
    const chat = newChat();
    const thread = await open(chat);
    await thread.send('search the Q3 news');
    await answered(thread, 2);
    const sources = await partOf(thread, 'answer-sources');
    const links = [...sources.shadowRoot!.querySelectorAll('a')];
    expect(
      links.map((a) => [
        a.textContent!.includes('Q3 report') || a.textContent!.includes('Cloud news'),
        a.href,
        a.rel,
      ]),
    ).to.deep.equal([
      [true, 'https://example.com/q3-report', 'noopener noreferrer'],
      [true, 'https://news.example.org/cloud', 'noopener noreferrer'],
    ]);
    const image = (await partOf(thread, 'answer-files')).shadowRoot!.querySelector('img')!;
    expect(image.src).to.match(/^data:image\/png;base64,/);

    await thread.saved();
    const again = await open(chat);
    const restored = await partOf(again, 'answer-sources');
    expect([...restored.shadowRoot!.querySelectorAll('a')].map((a) => a.href)).to.deep.equal(
      links.map((a) => a.href),
    );
  });

  for (const [major, api] of [
    ['6', API],
    ['7', '/api/parts/7/chat'],
  ] as const) {
    it(`AI SDK ${major}: a tool that needs approval waits for Approve, then the same answer goes on and the server ran the tool`, async () => {
      const chat = newChat();
      const thread = await open(chat, api);
      await thread.send('delete the Q3 draft');
      await answered(thread, 2);
      const card = await partOf(thread, 'answer-approval');
      expect(textIn(card)).to.include('delete_file').and.include('/reports/q3-draft.pdf');
      await harness(thread).approve();
      await waitUntil(
        () => textIn(lastTurn(thread)).includes('Deleted /reports/q3-draft.pdf.'),
        'no continuation',
        { timeout: 15_000 },
      );
      await answered(thread, 2);

      const [, continued] = await requests(chat);
      const turnId = thread.messages[1]!.id;
      expect(continued!.trigger).to.equal('submit-message');
      expect(continued!.messageId).to.equal(turnId);
      const toolPart = continued!.messages
        .at(-1)!
        .parts.find((part) => part.type === 'tool-delete_file')!;
      expect(toolPart).to.deep.include({
        state: 'approval-responded',
        input: { path: '/reports/q3-draft.pdf' },
      });
      expect(toolPart.approval).to.deep.include({ approved: true });
      expect(turns(thread), 'one answer, continued').to.have.length(1);
      expect(textIn(await partOf(thread, 'answer-approval'))).to.include('Approved');
      const lastPrompt = (await prompts(chat)).at(-1)!;
      expect(JSON.stringify(lastPrompt)).to.include('"deleted":"/reports/q3-draft.pdf"');
    });

    it(`AI SDK ${major}: Deny with a reason: the tool does not run and the model hears it was denied`, async () => {
      const chat = newChat();
      const thread = await open(chat, api);
      await thread.send('delete the Q3 draft');
      await answered(thread, 2);
      await harness(thread).deny('Keep it for the audit');
      await waitUntil(
        () => textIn(lastTurn(thread)).includes('I did not delete it.'),
        'no continuation',
        { timeout: 15_000 },
      );
      await answered(thread, 2);
      const [, continued] = await requests(chat);
      const toolPart = continued!.messages
        .at(-1)!
        .parts.find((part) => part.type === 'tool-delete_file')!;
      expect(toolPart.approval).to.deep.include({
        approved: false,
        reason: 'Keep it for the audit',
      });
      expect(JSON.stringify((await prompts(chat)).at(-1))).to.include('execution-denied');
      expect(textIn(await partOf(thread, 'answer-approval'))).to.include('Denied');
    });
  }

  it('Regenerate replaces the last answer, sends regenerate-message with its id, and storage holds the new one', async () => {
    const chat = newChat();
    const thread = await open(chat);
    await harness(thread).send('hello');
    await answered(thread, 2);
    expect(textIn(lastTurn(thread))).to.include('Answer number 1.');
    const oldId = thread.messages[1]!.id;
    await harness(thread).regenerate();
    await waitUntil(() => textIn(lastTurn(thread)).includes('Answer number 2.'), 'no new answer', {
      timeout: 15_000,
    });
    await answered(thread, 2);
    expect(turns(thread)).to.have.length(1);

    const [, regenerated] = await requests(chat);
    expect(regenerated!.trigger).to.equal('regenerate-message');
    expect(regenerated!.messageId).to.equal(oldId);
    expect(regenerated!.messages.map((m) => m.role)).to.deep.equal(['user']);

    await thread.saved();
    const again = await open(chat);
    expect(again.messages).to.have.length(2);
    expect(textIn(lastTurn(again)))
      .to.include('Answer number 2.')
      .and.not.include('Answer number 1.');
  });

  it('Edit sends the edited question in place of the old one; what came after is gone, in storage too', async () => {
    const chat = newChat();
    const thread = await open(chat);
    const reader = harness(thread);
    await reader.send('first question');
    await answered(thread, 2);
    await reader.send('second question', { via: 'button' });
    await answered(thread, 4);
    const firstId = thread.messages[0]!.id;

    const firstEdit = thread.shadowRoot!.querySelector(`[data-message-id="${firstId}"]`)!;
    const box = await reader.startEditing(firstEdit);
    expect(thread.shadowRoot!.activeElement).to.equal(box);
    await reader.sendEdit('first question, edited');
    await answered(thread, 2);

    const edited = (await requests(chat)).at(-1)!;
    expect(edited.trigger).to.equal('submit-message');
    expect(edited.messageId).to.equal(firstId);
    expect(edited.messages.map((m) => [m.id, m.parts.map((p) => p.text)])).to.deep.equal([
      [firstId, ['first question, edited']],
    ]);
    expect(thread.messages.map((m) => m.role)).to.deep.equal(['user', 'assistant']);
    expect(textIn(thread)).to.include('first question, edited').and.not.include('second question');

    await thread.saved();
    const again = await open(chat);
    expect(again.messages.map((m) => (m.role === 'user' ? m.text : m.role))).to.deep.equal([
      'first question, edited',
      'assistant',
    ]);
  });

  it('Escape leaves the edit form without sending, and focus goes back to Edit', async () => {
    const chat = newChat();
    const thread = await open(chat);
    await thread.send('a question');
    await answered(thread, 2);
    const entry = thread.shadowRoot!.querySelector(
      `[data-message-id="${thread.messages[0]!.id}"]`,
    )!;
    const reader = harness(thread);
    const box = await reader.startEditing(entry);
    expect(thread.shadowRoot!.activeElement).to.equal(box);
    await press('Escape');
    await settle(thread);
    expect(queryByRole(thread, 'textbox', 'Edit message')).to.equal(undefined);
    expect(thread.shadowRoot!.activeElement?.textContent?.trim()).to.equal('Edit');
    expect(await requests(chat)).to.have.length(1);
  });

  it('Retry after a failed request asks again for that answer', async () => {
    const chat = newChat();
    const thread = await open(chat);
    thread.api = '/api/parts/nowhere';
    await thread.send('hello');
    await answered(thread, 2);
    expect(thread.messages[1]).to.deep.include({ status: 'error' });
    thread.api = API;
    await thread.updateComplete;
    await harness(thread).retry();
    await waitUntil(() => textIn(lastTurn(thread)).includes('Answer number 1.'), 'no answer', {
      timeout: 15_000,
    });
    await answered(thread, 2);
    const [retried] = await requests(chat);
    expect(retried!.trigger).to.equal('regenerate-message');
    expect(retried!.messages.map((m) => m.role)).to.deep.equal(['user']);
  });

  it('attached files reach the server as the AI SDK’s file parts, and the model gets them', async () => {
    const chat = newChat();
    const thread = await open(chat);
    const note = new File(['Q3 notes'], 'notes.txt', { type: 'text/plain' });
    const input = thread.shadowRoot!.querySelector('input[type=file]') as HTMLInputElement;
    const transfer = new DataTransfer();
    transfer.items.add(note);
    input.files = transfer.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    const reader = harness(thread);
    await waitUntil(() => !reader.button('Send').disabled, 'the file was not attached');
    reader.button('Send').click();
    await answered(thread, 2);
    expect(textIn(lastTurn(thread))).to.include('I received 1 file(s): notes.txt.');
    const [sent] = await requests(chat);
    expect(sent!.messages[0]!.parts[0]).to.deep.equal({
      type: 'file',
      url: 'data:text/plain;base64,UTMgbm90ZXM=',
      mediaType: 'text/plain',
      filename: 'notes.txt',
    });
    const userContent = (await prompts(chat))[0]!.find((m) => m.role === 'user')!.content as {
      type: string;
      mediaType?: string;
    }[];
    expect(userContent.map((part) => part.type)).to.include('file');
  });

  it('Copy puts the answer on the clipboard as markdown, with its sources', async () => {
    const chat = newChat();
    const thread = await open(chat);
    await thread.send('search the Q3 news');
    await answered(thread, 2);
    const copied = await harness(thread).copyText();
    expect(copied).to.include('Revenue grew 12% [1], driven by cloud [2].');
    expect(copied).to.include('[Q3 report](https://example.com/q3-report)');
    await thread.updateComplete;
    expect(harness(thread).button('Copied')).to.exist;
  });
});
