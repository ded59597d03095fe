import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { $, $$ } from '../../../test-support/dom.js';
import { openProcesses, outline, settle } from '../../../test-support/settle.js';
import '../../define.js';
import type { AgentThread } from '../../elements/thread.js';

/*
 * `<agent-thread>` on an AI SDK 7 back end (test/servers/ai7.ts: the SDK's
 * own validateUIMessages, convertToModelMessages and streamText on every
 * request), for what AI SDK 7 sends beyond AI SDK 6: what the reader sees,
 * what a reload shows, and what the next turns' requests carry, which the
 * back end must take. The same conversation against AI SDK 7's own client
 * is compared in test/servers/ai7-thread.node.test.ts.
 */

interface Part {
  type: string;
  text?: string;
  toolCallId?: string;
  approval?: Record<string, unknown>;
  providerMetadata?: unknown;
  citations?: unknown[];
  parts?: Part[];
}
interface Log {
  requests: { messages: { id: string; role: string; parts: Part[] }[] }[];
  prompts: { role: string; content: unknown }[][];
  errors: string[];
  executed: string[];
  fates: string[];
}

let serial = 0;
const uid = (name: string) => `ai7-${name}-${Date.now().toString(36)}-${serial++}`;

const log = async (chatId: string): Promise<Log> =>
  ((await (
    await fetch(`/api/ai7/log?chat=${encodeURIComponent(chatId)}`)
  ).json()) as Log | null) ?? {
    requests: [],
    prompts: [],
    errors: [],
    executed: [],
    fates: [],
  };

async function thread(threadId: string): Promise<AgentThread> {
  const el = await fixture<AgentThread>(
    html`<agent-thread api="/api/ai7/chat" thread-id=${threadId}></agent-thread>`,
  );
  await el.restored;
  return el;
}

/** Sends `text` and waits until the back end has answered `runs` requests in all. */
async function ask(el: AgentThread, threadId: string, text: string, runs: number) {
  await el.send(text);
  await waitUntil(
    async () => (await log(threadId)).fates.length >= runs,
    `run ${runs} never ended`,
    {
      timeout: 8000,
    },
  );
  await settle(el);
}

/** The thread as a reload shows it: the element goes, a new one reads the saved conversation. */
async function reload(el: AgentThread, threadId: string): Promise<AgentThread> {
  await el.saved();
  el.remove();
  const again = await thread(threadId);
  await settle(again);
  return again;
}

const turns = (el: AgentThread) => $$(el, 'agent-turn');

describe('an AI SDK 7 back end', function () {
  this.timeout(30_000);

  it('a retried step leaves no trace on screen, in storage or in what the next two turns send', async () => {
    const threadId = uid('retry');
    const el = await thread(threadId);
    await ask(el, threadId, 'retry', 1);
    const turn = turns(el)[0]!;
    await openProcesses(turn);
    const shown = outline(turn);
    expect(shown).to.include('Checked again.').and.include('Done.');
    expect(shown).not.to.include('Draft that will be dropped.');
    expect(shown.split('lookup').length - 1, 'one lookup step').to.equal(1);

    const again = await reload(el, threadId);
    await openProcesses(turns(again)[0]!);
    expect(outline(turns(again)[0]!)).not.to.include('Draft that will be dropped.');
    await ask(again, threadId, 'And now?', 2);
    await ask(again, threadId, 'Once more?', 3);
    const { requests, errors } = await log(threadId);
    expect(errors, 'the back end took every request').to.deep.equal([]);
    const sent = JSON.stringify(requests[1]!.messages);
    expect(sent).not.to.include('Draft that will be dropped.');
    // The retried step's one call, with its result; the dropped attempt's call is not there.
    const calls = requests[1]!.messages[1]!.parts.filter((part) => part.type === 'tool-lookup');
    expect(calls).to.have.length(1);
    expect(requests[2]!.messages.slice(0, 3)).to.deep.equal(requests[1]!.messages);
    expect(outline(turns(again)[2]!)).to.include('Answer number');
  });

  it('a signed approval shows its reason, and approved it goes back signed and the tool runs', async () => {
    const threadId = uid('approve');
    const el = await thread(threadId);
    await ask(el, threadId, 'approve', 1);
    const card = $(turns(el)[0]!, 'answer-approval');
    await settle(card);
    expect(outline(card)).to.include('Deleting a file cannot be undone.');
    const approve = [...card.shadowRoot!.querySelectorAll('button')].find(
      (button) => button.textContent?.trim() === 'Approve',
    )!;
    approve.click();
    await waitUntil(
      async () => (await log(threadId)).fates.length >= 2,
      'the approval was not sent',
      {
        timeout: 8000,
      },
    );
    await settle(el);
    const { requests, executed, errors } = await log(threadId);
    expect(errors).to.deep.equal([]);
    expect(executed).to.deep.equal(['delete_file /reports/q3-draft.pdf']);
    const call = requests[1]!.messages[1]!.parts.find((part) => part.type === 'tool-delete_file')!;
    expect(call.approval).to.include({
      approved: true,
      requestReason: 'Deleting a file cannot be undone.',
    });
    expect(call.approval!.signature).to.be.a('string').and.not.be.empty;
    expect(outline(turns(el)[0]!)).to.include('Deleted.');

    const again = await reload(el, threadId);
    expect(outline(turns(again)[0]!))
      .to.include('Approved')
      .and.include('Deleted.');
    await ask(again, threadId, 'Thanks.', 3);
    expect((await log(threadId)).errors).to.deep.equal([]);
  });

  it("the reader's steering message shows in the turn, is kept, and reaches the model in later turns", async () => {
    const threadId = uid('steer');
    const el = await thread(threadId);
    await ask(el, threadId, 'steer', 1);
    const steering = $(turns(el)[0]!, '.steering');
    // The reader's words as they wrote them: the bubble keeps white space, so it adds none.
    expect(steering.textContent).to.equal('Also check Q4.');
    expect(steering.getAttribute('aria-label')).to.equal('You');

    const again = await reload(el, threadId);
    expect($(turns(again)[0]!, '.steering').textContent).to.equal('Also check Q4.');
    await ask(again, threadId, 'And Q1?', 2);
    await ask(again, threadId, 'And Q2?', 3);
    const { prompts, errors } = await log(threadId);
    expect(errors).to.deep.equal([]);
    const users = (prompt: Log['prompts'][number]) =>
      prompt.filter((message) => message.role === 'user').map((m) => JSON.stringify(m.content));
    for (const prompt of prompts.slice(-2))
      expect(users(prompt).some((text) => text.includes('Also check Q4.'))).to.equal(true);
  });

  it('a reasoning file shows in the process, citations as sources, and provider data goes back', async () => {
    const threadId = uid('extras');
    const el = await thread(threadId);
    // A provider's custom part shows only as the host renders it.
    const rendered: unknown[] = [];
    el.renderData = (part) => {
      if (part.type !== 'custom') return undefined;
      rendered.push(part);
      return Object.assign(document.createElement('span'), { className: 'cache-hint' });
    };
    await ask(el, threadId, 'extras', 1);
    const hint = {
      type: 'custom',
      id: 'acme.cache-hint',
      data: { acme: { hint: 'cache-prefix', ttlSeconds: 300 } },
    };
    expect(rendered).to.not.be.empty;
    for (const part of rendered) expect(part).to.deep.equal(hint);
    expect(turns(el)[0]!.shadowRoot!.querySelector('.cache-hint')).to.exist;
    const turn = turns(el)[0]!;
    const files = $(turn, '.reasoning-files answer-files');
    await settle(files);
    expect(files.shadowRoot!.querySelector('img')?.getAttribute('src')).to.match(
      /^data:image\/png;base64,/,
    );
    const sources = $(turn, 'answer-sources');
    await settle(sources);
    expect(outline(sources)).to.include('Q3 report');

    const again = await reload(el, threadId);
    expect(outline(turns(again)[0]!)).to.include('Q3 report');
    await ask(again, threadId, 'Go on.', 2);
    await ask(again, threadId, 'And then?', 3);
    const { requests, prompts, errors } = await log(threadId);
    expect(requests[2]!.messages.slice(0, 3)).to.deep.equal(requests[1]!.messages);
    expect(errors).to.deep.equal([]);
    const parts = requests[1]!.messages[1]!.parts;
    expect(parts.map((part) => part.type)).to.include.members(['reasoning-file', 'custom']);
    const text = parts.find((part) => part.type === 'text')!;
    expect(text.providerMetadata).to.deep.equal({
      anthropic: { cacheControl: { type: 'ephemeral' } },
    });
    expect(text.citations).to.have.length(1);
    // The provider's cache hint reaches the model's next call, as providerOptions.
    expect(JSON.stringify(prompts.at(-1))).to.include('ephemeral');
  });
});
