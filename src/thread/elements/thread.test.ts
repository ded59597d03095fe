import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import fc from 'fast-check';
import type { Block } from '../../catalog/index.js';
import type { AnswerBlock } from '../../components/block/block.js';
import { investigationBlock, revenueBlock } from '../../test-support/blocks.js';
import { $, $$ } from '../../test-support/dom.js';
import { outline, settle } from '../../test-support/settle.js';
import '../define.js';
import type { AgentThread } from './thread.js';
import { getByRole, harness } from '../../test-support/thread-harness.js';
import { fuzzRuns, fuzzTimeout } from '../../test-support/fuzz.js';
import { text, type Part } from '../../test-support/parts.js';
import { press, typeText } from '../../test-support/engines.js';

const sideBlock: Block = {
  block_id: 'side',
  fallback_text: 'Side note.',
  root: 't',
  elements: { t: { type: 'Text', props: { text: 'A side remark that folds away.' } } },
};

/** The whole turn lifecycle of the spec, plus parts that arrive too late. */
const lifecycle: Part[] = [
  { type: 'start', messageId: 'm1' },
  { type: 'start-step' },
  ...text('t1', 'Looking at **Q3** — 第三季度 📈.'),
  { type: 'reasoning-start', id: 'r1' },
  { type: 'reasoning-delta', id: 'r1', delta: 'Need the revenue table.' },
  { type: 'reasoning-end', id: 'r1' },
  { type: 'tool-input-start', toolCallId: 'c1', toolName: 'query_sales' },
  {
    type: 'tool-input-available',
    toolCallId: 'c1',
    toolName: 'query_sales',
    input: { quarter: 'Q3' },
  },
  { type: 'tool-output-available', toolCallId: 'c1', output: { rows: 3 } },
  { type: 'data-answer_ui', id: 'q3-revenue', data: revenueBlock(1_000_000) },
  ...text('t2', 'Updating with the audited figure.'),
  { type: 'data-answer_ui', id: 'q3-revenue', data: revenueBlock(1_200_000) },
  { type: 'data-answer_ui', id: 'side', data: sideBlock },
  { type: 'finish-step' },
  {
    type: 'data-final_answer',
    data: { text: '## Report\nRevenue rose **12%**.', ui_block_ids: ['q3-revenue'] },
  },
  ...text('late', 'LATE TEXT'),
  { type: 'data-answer_ui', id: 'q3-revenue', data: revenueBlock(9) },
  { type: 'finish' },
];

const turns = (thread: AgentThread) => $$(thread, 'agent-turn');
const blockIn = (turn: Element, id: string) =>
  $<AnswerBlock>(turn, `answer-block[data-block-id="${id}"]`);
const report = (turn: Element) => $(turn, '.report');
const processBox = (turn: Element) => $<HTMLDetailsElement>(turn, 'details.process');
const metricValue = (block: AnswerBlock) =>
  $($(block, '[data-element-id="kpi"]'), '.value').textContent!.trim();

async function postScript(chatId: string, test: Record<string, unknown>): Promise<Response> {
  return fetch('/api/test-chat', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: chatId, messages: [], trigger: 'submit-message', test }),
  });
}

function streamOf(bytes: Uint8Array, cuts: number[]): ReadableStream<Uint8Array> {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks = [0, ...points].map((start, i) => bytes.slice(start, points[i] ?? bytes.length));
  return new ReadableStream({
    start(controller) {
      chunks.forEach((chunk) => controller.enqueue(chunk));
      controller.close();
    },
  });
}

describe('agent-thread', () => {
  it('follows a whole turn: text, block, in-place update, more text, final report, folding, late parts ignored', async () => {
    const thread = await fixture<AgentThread>(html`<agent-thread no-composer></agent-thread>`);
    const feed = async (parts: Part[]) => {
      parts.forEach((part) => thread.applyPart(part));
      await settle(thread);
    };
    await feed(lifecycle.slice(0, 5));
    const [turn] = turns(thread);
    expect($(turn!, 'answer-markdown').shadowRoot!.textContent).to.include(
      'Looking at Q3 — 第三季度 📈.',
    );
    await feed(lifecycle.slice(5, 12));
    const first = blockIn(turn!, 'q3-revenue');
    expect(metricValue(first)).to.equal('$1,000,000.00');
    expect($(turn!, '.step.done').textContent).to.include('query_sales');
    await feed(lifecycle.slice(12, 16));
    // Same block id in the same turn: the same element, updated in place.
    expect(blockIn(turn!, 'q3-revenue')).to.equal(first);
    expect(metricValue(first)).to.equal('$1,200,000.00');
    expect($$(turn!, 'answer-block')).to.have.length(1);
    await feed(lifecycle.slice(16, 18));
    expect(thread.messages.at(-1)).to.include({ status: 'streaming' });
    // The final report: report text, then the named block; everything else folded.
    await feed(lifecycle.slice(18, 19));
    const reportBox = report(turn!);
    expect(reportBox.querySelector('answer-markdown')!.shadowRoot!.textContent)
      .to.include('Report')
      .and.include('Revenue rose 12%.');
    expect([...reportBox.children].map((c) => c.localName)).to.deep.equal([
      'answer-markdown',
      'answer-block',
    ]);
    expect(reportBox.querySelector('answer-block')).to.equal(first);
    const process = processBox(turn!);
    expect(process.open).to.equal(false);
    expect(process.querySelector('summary')!.textContent).to.equal('View process');
    // Folded steps are rendered when the reader first opens them.
    expect($$(turn!, 'answer-block').map((b) => b.dataset.blockId)).to.deep.equal(['q3-revenue']);
    await harness(thread).viewProcess(turn!);
    expect(process.open).to.equal(true);
    expect($$(turn!, 'answer-block').map((b) => b.dataset.blockId)).to.deep.equal([
      'q3-revenue',
      'side',
    ]);
    expect(process.querySelector('answer-block')!.dataset.blockId).to.equal('side');
    expect(process.textContent).to.include('query_sales');
    expect(thread.messages.at(-1)).to.include({ status: 'complete', closed: true });
    // Nothing after the final answer changes the report.
    await feed(lifecycle.slice(19));
    expect(outline(turn!)).not.to.include('LATE TEXT');
    expect(metricValue(first)).to.equal('$1,200,000.00');
    await expect(thread).to.be.accessible();
  });

  it('a question asked while a host-fed answer streams is sent once that answer ends', async () => {
    const el = await fixture<AgentThread>(html`<agent-thread></agent-thread>`);
    const sent: string[] = [];
    el.addEventListener('answer-send', (event) => sent.push(event.detail.text));
    el.applyPart({ type: 'start' });
    el.applyPart({ type: 'text-start', id: 't' });
    el.applyPart({ type: 'text-delta', id: 't', delta: 'Still answering.' });
    void el.send('And then?');
    await settle(el);
    expect(sent, 'held while the answer streams').to.deep.equal([]);
    el.applyPart({ type: 'text-end', id: 't' });
    el.applyPart({ type: 'finish' });
    await waitUntil(() => sent.length === 1, 'the waiting question was not sent');
    expect(sent).to.deep.equal(['And then?']);
    expect(el.messages.map((message) => message.role)).to.deep.equal(['assistant', 'user']);
  });

  it('a second turn that reuses a block id leaves the first turn alone', async () => {
    const thread = await fixture<AgentThread>(html`<agent-thread no-composer></agent-thread>`);
    lifecycle.forEach((part) => thread.applyPart(part));
    await settle(thread);
    const firstBlock = blockIn(turns(thread)[0]!, 'q3-revenue');
    const again: Part[] = [
      { type: 'start', messageId: 'm2' },
      { type: 'data-answer_ui', id: 'q3-revenue', data: revenueBlock(5) },
      { type: 'finish' },
    ];
    again.forEach((part) => thread.applyPart(part));
    await settle(thread);
    const [one, two] = turns(thread);
    expect(blockIn(one!, 'q3-revenue')).to.equal(firstBlock);
    expect(metricValue(firstBlock)).to.equal('$1,200,000.00');
    expect(metricValue(blockIn(two!, 'q3-revenue'))).to.equal('$5.00');
  });

  it('renders the same conversation for any chunking of the recorded byte stream', async function () {
    this.timeout(fuzzTimeout(12, 60));
    const script: Part[] = [
      { type: 'start' },
      ...text('a', 'Ünïcödé, 中文, emoji 👩‍🔬 and `code`.\n\n- one\n- two'),
      { type: 'data-answer_ui', id: 'field-check', data: investigationBlock() },
      {
        type: 'data-answer_ui',
        id: 'field-check',
        data: investigationBlock('Valve 7 replaced — 阀门已更换.'),
      },
      {
        type: 'data-final_answer',
        data: { text: 'Done: **阀门** fixed 🎉', ui_block_ids: ['field-check'] },
      },
      { type: 'finish' },
    ];
    const bytes = new Uint8Array(await (await postScript('chunking', { script })).arrayBuffer());
    expect(new TextDecoder().decode(bytes)).to.include('data: [DONE]');
    const render = async (cuts: number[]) => {
      const thread = await fixture<AgentThread>(html`<agent-thread no-composer></agent-thread>`);
      await thread.consume(streamOf(bytes, cuts));
      await settle(thread);
      const seen = outline(thread);
      // Off the page again, so thousands of runs don't pile up threads in the document.
      thread.remove();
      return seen;
    };
    const whole = await render([]);
    expect(whole).to.include('阀门已更换').and.include('Done:');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(bytes.length), { minLength: 1, maxLength: 40 }),
        async (cuts) => {
          expect(await render(cuts)).to.equal(whole);
        },
      ),
      { numRuns: fuzzRuns(12) },
    );
    expect(await render(Array.from({ length: bytes.length }, (_, i) => i))).to.equal(whole);
  });

  it('posts { id, messages, trigger } like useChat and streams the answer', async () => {
    const thread = await fixture<AgentThread>(
      html`<agent-thread api="/api/test-chat" thread-id="transport-1"></agent-thread>`,
    );
    thread.requestOptions = {
      headers: { authorization: 'Bearer t0ken' },
      body: {
        test: {
          script: [{ type: 'start' }, ...text('a', 'Hello from the server.'), { type: 'finish' }],
        },
      },
    };
    const textarea = harness(thread).messageBox;
    textarea.focus();
    await typeText('Hi there');
    await press('Shift+Enter');
    await typeText('second line');
    await press('Enter');
    await waitUntil(() => !thread.busy && thread.messages.length === 2, 'no answer', {
      timeout: 5000,
    });
    await settle(thread);
    const body = await (await fetch('/api/test-chat/last?id=transport-1')).json();
    expect(body.id).to.equal('transport-1');
    expect(body.trigger).to.equal('submit-message');
    expect(body.messages).to.deep.equal([
      {
        id: thread.messages[0]!.id,
        role: 'user',
        parts: [{ type: 'text', text: 'Hi there\nsecond line' }],
      },
    ]);
    expect($(thread, '.user').textContent).to.equal('Hi there\nsecond line');
    expect(outline(turns(thread)[0]!)).to.include('Hello from the server.');
    expect(textarea.value).to.equal('');
    await expect(thread).to.be.accessible();
  });

  it('stop aborts a streaming answer and keeps what arrived', async () => {
    const thread = await fixture<AgentThread>(
      html`<agent-thread api="/api/test-chat" thread-id="transport-stop"></agent-thread>`,
    );
    const slow = [
      { type: 'start' },
      { type: 'text-start', id: 'a' },
      ...Array.from({ length: 50 }, (_, i) => ({
        type: 'text-delta',
        id: 'a',
        delta: `word${i} `,
      })),
    ];
    thread.requestOptions = { body: { test: { script: slow, delayMs: 40 } } };
    void thread.send('Tell me a long story');
    await waitUntil(() => outline(thread).includes('word2'), 'stream did not start', {
      timeout: 15_000,
    });
    await settle(thread);
    const reader = harness(thread);
    expect(reader.queryButton('Send')).to.equal(undefined);
    await reader.stop();
    const kept = outline(thread);
    expect(kept).to.include('word2').and.include('Stopped.');
    expect(thread.busy).to.equal(false);
    // The server says the stream ended: the answer generated to its end, and the request is over.
    await fetch('/api/test-chat/ended?id=transport-stop&what=generated');
    await fetch('/api/test-chat/ended?id=transport-stop&what=post');
    await settle(thread);
    expect(outline(thread)).to.equal(kept);
  });

  it('shows a clear notice and fires answer-error on an HTTP error', async () => {
    const thread = await fixture<AgentThread>(
      html`<agent-thread api="/api/test-chat" thread-id="transport-500"></agent-thread>`,
    );
    thread.requestOptions = { body: { test: { status: 500 } } };
    const error = oneEvent(thread, 'answer-error');
    void thread.send('Hello?');
    expect((await error).detail.code).to.equal('http_error');
    await settle(thread);
    expect($(turns(thread)[0]!, '.notice').textContent).to.equal(
      'The server could not answer (HTTP 500 Internal Server Error).',
    );
    expect($(thread, '.user').textContent).to.equal('Hello?');
    expect(thread.busy).to.equal(false);
    await expect(thread).to.be.accessible();
  });

  it('keeps what arrived when the connection drops mid-stream', async () => {
    const thread = await fixture<AgentThread>(
      html`<agent-thread api="/api/test-chat" thread-id="transport-drop"></agent-thread>`,
    );
    const script = [
      { type: 'start' },
      ...text('a', 'First part arrived.'),
      { type: 'data-answer_ui', id: 'q3-revenue', data: revenueBlock() },
      ...text('b', 'never sent'),
    ];
    thread.requestOptions = { body: { test: { script, dropAfter: 5 } } };
    const error = oneEvent(thread, 'answer-error');
    void thread.send('Go');
    expect((await error).detail.code).to.equal('connection_lost');
    await settle(thread);
    const turn = turns(thread)[0]!;
    expect(outline(turn)).to.include('First part arrived.');
    expect($(turn, '.notice').textContent).to.equal(
      'The connection was lost. What arrived so far is kept.',
    );
    expect(thread.messages.at(-1)).to.include({ status: 'interrupted' });
  });

  it('skips a malformed line with a notice and goes on', async () => {
    const thread = await fixture<AgentThread>(
      html`<agent-thread api="/api/test-chat" thread-id="transport-bad"></agent-thread>`,
    );
    const raw =
      'data: {"type":"start"}\n\ndata: {"type":"text-start","id":"a"}\n\ndata: {not json\n\ndata: {"type":"text-delta","id":"a","delta":"still here"}\n\ndata: {"type":"mystery-part"}\n\ndata: {"type":"finish"}\n\ndata: [DONE]\n\n';
    thread.requestOptions = { body: { test: { raw } } };
    const error = oneEvent(thread, 'answer-error');
    void thread.send('Go');
    expect((await error).detail.code).to.equal('malformed_line');
    await waitUntil(() => !thread.busy, undefined, { timeout: 5000 });
    await settle(thread);
    const turn = turns(thread)[0]!;
    expect(outline(turn)).to.include('still here');
    expect($(turn, '.notice').textContent).to.equal(
      'Part of the answer could not be read and was skipped.',
    );
    expect(thread.messages.at(-1)).to.include({ status: 'complete' });
  });

  it('drops a stream event over the size limit with a notice and goes on', async () => {
    const thread = await fixture<AgentThread>(html`<agent-thread no-composer></agent-thread>`);
    const encoder = new TextEncoder();
    const chunks = [
      'data: {"type":"start"}\n\ndata: {"type":"text-start","id":"a"}\n\ndata: {"type":"text-delta","id":"a","delta":"',
      // More than 4 Mi characters of one event, in network-sized pieces: never held whole.
      ...Array.from({ length: 80 }, () => 'x'.repeat(64 * 1024)),
      '"}\n\ndata: {"type":"text-delta","id":"a","delta":"still here"}\n\ndata: {"type":"text-end","id":"a"}\n\ndata: {"type":"finish"}\n\n',
    ];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next === undefined) controller.close();
        else controller.enqueue(encoder.encode(next));
      },
    });
    const error = oneEvent(thread, 'answer-error');
    const done = thread.consume(stream);
    expect((await error).detail.code).to.equal('malformed_line');
    await done;
    await settle(thread);
    const turn = turns(thread)[0]!;
    expect(outline(turn)).to.include('still here').and.not.include('xxxx');
    expect($(turn, '.notice').textContent).to.equal(
      'Part of the answer could not be read and was skipped.',
    );
    expect(thread.messages.at(-1)).to.include({ status: 'complete' });
  });

  it('shows an error part inline without losing the text before it', async () => {
    const thread = await fixture<AgentThread>(html`<agent-thread no-composer></agent-thread>`);
    [
      { type: 'start' },
      ...text('a', 'Partial answer.'),
      { type: 'error', errorText: 'model overloaded' },
    ].forEach((part) => thread.applyPart(part));
    await settle(thread);
    expect(outline(thread))
      .to.include('Partial answer.')
      .and.include('The agent reported an error: model overloaded');
  });

  it('lets the host deliver the message itself by cancelling answer-send', async () => {
    const thread = await fixture<AgentThread>(
      html`<agent-thread api="/api/never-called"></agent-thread>`,
    );
    thread.addEventListener('answer-send', (event) => event.preventDefault());
    const sent = oneEvent(thread, 'answer-send');
    await thread.send('Handled by the host');
    expect((await sent).detail).to.deep.equal({ text: 'Handled by the host' });
    expect(thread.busy).to.equal(false);
    await thread.consume(
      new Response(
        'data: {"type":"start"}\n\ndata: {"type":"text-start","id":"x"}\n\ndata: {"type":"text-delta","id":"x","delta":"host fed"}\n\ndata: {"type":"finish"}\n\n',
      ).body!,
    );
    await settle(thread);
    expect(outline(thread)).to.include('host fed');
  });

  it('a host that answers inside its answer-send listener gets the answer after the question', async () => {
    const thread = await fixture<AgentThread>(html`<agent-thread></agent-thread>`);
    thread.addEventListener('answer-send', (event) => {
      event.preventDefault();
      // The host starts its answer at once, before send() has returned.
      thread.applyPart({ type: 'start' });
      text('x', 'host fed').forEach((part) => thread.applyPart(part));
      thread.applyPart({ type: 'finish' });
    });
    await thread.send('Question first');
    await settle(thread);
    expect(thread.messages.map((m) => m.role)).to.deep.equal(['user', 'assistant']);
    expect(thread.messages[1]).to.include({ status: 'complete' });
    const shown = $$(thread, '.user, agent-turn').map((el) =>
      el.textContent!.replace(/\s+/g, ' ').trim(),
    );
    expect(shown).to.have.length(2);
    expect(shown[0]).to.equal('Question first');
    expect(outline(turns(thread)[0]!)).to.include('host fed');
  });

  it('turns a form submission into a user message with the answers as data', async () => {
    const thread = await fixture<AgentThread>(
      html`<agent-thread api="/api/test-chat" thread-id="form-1"></agent-thread>`,
    );
    thread.requestOptions = {
      body: {
        test: {
          script: [{ type: 'start' }, ...text('a', 'Thanks, crew noted.'), { type: 'finish' }],
        },
      },
    };
    [
      { type: 'start' },
      { type: 'data-answer_ui', id: 'field-check', data: investigationBlock() },
      { type: 'finish' },
    ].forEach((part) => thread.applyPart(part));
    await settle(thread);
    const form = blockIn(turns(thread)[0]!, 'field-check');
    getByRole<HTMLInputElement>(form, 'textbox', 'Crew').value = 'Team B';
    getByRole(form, 'button', 'Submit').click();
    await waitUntil(
      () => thread.messages.length === 3 && !thread.busy,
      'the submission was not sent',
      { timeout: 5000 },
    );
    await settle(thread);
    const user = thread.messages[1]!;
    expect(user).to.deep.include({ role: 'user', text: 'Confirm\nCrew: Team B' });
    const body = await (await fetch('/api/test-chat/last?id=form-1')).json();
    const last = body.messages.at(-1);
    expect(last.parts).to.deep.equal([
      { type: 'text', text: 'Confirm\nCrew: Team B' },
      {
        type: 'data-answer_form',
        data: {
          type: 'answer_form',
          blockId: 'field-check',
          elementId: 'ask',
          values: { crew: 'Team B' },
        },
      },
    ]);
    expect(body.messages[0].parts[0]).to.deep.include({
      type: 'data-answer_ui',
      id: 'field-check',
    });
    expect(outline(form), 'the form shows the answers it sent').to.include('Team B');
    expect(outline(thread)).to.include('Thanks, crew noted.');
  });

  it('announces a new block and the final answer once, not every token', async () => {
    const thread = await fixture<AgentThread>(html`<agent-thread no-composer></agent-thread>`);
    const live = $(thread, '[aria-live=polite]');
    const heard: string[] = [];
    new MutationObserver(() => heard.push(live.textContent!.trim())).observe(live, {
      childList: true,
      subtree: true,
      characterData: true,
    });
    for (const part of lifecycle.slice(0, 19)) {
      thread.applyPart(part);
      await thread.updateComplete;
    }
    await settle(thread);
    expect(heard.filter(Boolean)).to.deep.equal([
      'New content: Q3 revenue rose 12% to 1.2 M USD; see table.',
      'New content: Side note.',
      'The answer is complete.',
    ]);
  });

  describe('following the conversation', () => {
    const frames = async (n = 3) => {
      for (let i = 0; i < n; i++) await new Promise((done) => requestAnimationFrame(done));
    };
    const scrollerOf = (thread: AgentThread) => $(thread, '.scroller');
    const fromBottom = (scroller: Element) =>
      scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight;
    const paragraph = (id: string) =>
      text(id, `${id}: ${'A long line of the answer that wraps. '.repeat(6)}`);
    /** Streams one long paragraph per id into the open turn. */
    const paragraphs = (thread: AgentThread, ...ids: string[]) =>
      ids.forEach((id) => paragraph(id).forEach((part) => thread.applyPart(part)));

    async function shortThread(): Promise<AgentThread> {
      const box = await fixture<HTMLElement>(
        html`<div style="height: 240px; width: 320px"><agent-thread no-composer></agent-thread></div>`,
      );
      const thread = box.querySelector('agent-thread')!;
      await thread.updateComplete;
      thread.applyPart({ type: 'start' });
      return thread;
    }

    it('keeps the newest text in view while an answer streams', async () => {
      const thread = await shortThread();
      paragraphs(thread, 'p1', 'p2', 'p3', 'p4');
      await thread.updateComplete;
      await frames();
      const scroller = scrollerOf(thread);
      expect(scroller.scrollHeight, 'the answer overflows its box').to.be.greaterThan(
        scroller.clientHeight * 2,
      );
      expect(fromBottom(scroller)).to.be.lessThan(2);
    });

    it('follows content that grows after the last part arrived (a block that lays out later)', async () => {
      const thread = await shortThread();
      paragraphs(thread, 'p1');
      thread.applyPart({ type: 'data-answer_ui', id: 'side', data: sideBlock });
      await settle(thread);
      await frames();
      const scroller = scrollerOf(thread);
      expect(fromBottom(scroller)).to.be.lessThan(2);
      // No new part: the block itself grows, as a chart or map does once its library has loaded.
      const block = blockIn(turns(thread)[0]!, 'side');
      block.style.display = 'block';
      block.style.paddingBottom = '400px';
      await frames();
      expect(fromBottom(scroller), 'still at the bottom after the block grew').to.be.lessThan(2);
    });

    it('leaves what the reader opens where it is: "View process" at the bottom does not jump', async () => {
      const thread = await shortThread();
      paragraphs(thread, 'p1', 'p2');
      thread.applyPart({ type: 'data-answer_ui', id: 'side', data: sideBlock });
      thread.applyPart({
        type: 'data-final_answer',
        data: { text: 'Short report.', ui_block_ids: [] },
      });
      thread.applyPart({ type: 'finish' });
      await settle(thread);
      await frames();
      const scroller = scrollerOf(thread);
      expect(fromBottom(scroller)).to.be.lessThan(2);
      const process = processBox(turns(thread)[0]!);
      const summary = harness(thread).button('View process', turns(thread)[0]!);
      expect(summary.parentElement).to.equal(process);
      const before = summary.getBoundingClientRect().top;
      summary.focus();
      await press('Enter');
      await settle(thread);
      await frames();
      expect(process.open).to.equal(true);
      expect(
        summary.getBoundingClientRect().top,
        'the summary the reader pressed stays put',
      ).to.be.closeTo(before, 1);
      expect(fromBottom(scroller), 'the opened process reads on below').to.be.greaterThan(100);

      // The next answer is followed again.
      thread.applyPart({ type: 'start' });
      paragraphs(thread, 'p3');
      await thread.updateComplete;
      await frames();
      expect(fromBottom(scroller)).to.be.lessThan(2);
    });

    it('scrolls only inside itself: hidden helper text of its blocks does not stretch the page', async () => {
      const thread = await shortThread();
      paragraphs(thread, 'p1', 'p2', 'p3');
      thread.applyPart({ type: 'data-answer_ui', id: 'q3-revenue', data: revenueBlock() });
      paragraphs(thread, 'p4', 'p5');
      await settle(thread);
      await frames();
      expect(scrollerOf(thread).scrollHeight).to.be.greaterThan(1000);
      expect(
        document.scrollingElement!.scrollHeight,
        'the page is no taller than the window',
      ).to.be.at.most(innerHeight);
    });

    it('wraps a long tool name instead of scrolling the conversation sideways', async () => {
      const thread = await shortThread();
      const toolName = 'a_really_long_tool_name_for_searching_documents_in_the_archive';
      thread.applyPart({ type: 'tool-input-start', toolCallId: 'c1', toolName });
      thread.applyPart({ type: 'tool-input-available', toolCallId: 'c1', toolName, input: {} });
      await settle(thread);
      expect(outline(thread)).to.include(toolName);
      const scroller = scrollerOf(thread);
      expect(scroller.scrollWidth).to.be.at.most(scroller.clientWidth);
    });

    it('a fold that shrinks the content under the reader is not taken for scrolling up: the next answer is followed', async () => {
      const thread = await shortThread();
      paragraphs(thread, 'p1', 'p2', 'p3', 'p4');
      await thread.updateComplete;
      await frames();
      const scroller = scrollerOf(thread);
      expect(fromBottom(scroller)).to.be.lessThan(2);
      // The report folds four paragraphs under "View process"; the next question comes before a frame has passed.
      thread.applyPart({
        type: 'data-final_answer',
        data: { text: 'Short report.', ui_block_ids: [] },
      });
      thread.applyPart({ type: 'finish' });
      await thread.updateComplete;
      void thread.send('And the next question?');
      await frames(1);
      thread.applyPart({ type: 'start' });
      paragraphs(thread, 'q1', 'q2', 'q3');
      await thread.updateComplete;
      await frames();
      expect(fromBottom(scroller), 'the new answer is followed').to.be.lessThan(2);
    });

    it('stops following when the reader scrolls up, and resumes at the bottom', async () => {
      const thread = await shortThread();
      paragraphs(thread, 'p1', 'p2', 'p3');
      await thread.updateComplete;
      await frames();
      const scroller = scrollerOf(thread);
      // The reader turns the wheel: only their input scrolls the thread away from its end.
      scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: -100 }));
      scroller.scrollTop = 0;
      await oneEvent(scroller, 'scroll');
      paragraphs(thread, 'p4');
      await thread.updateComplete;
      await frames();
      expect(scroller.scrollTop, 'the reader stays where they scrolled to').to.equal(0);

      scroller.scrollTop = scroller.scrollHeight;
      await oneEvent(scroller, 'scroll');
      paragraphs(thread, 'p5');
      await thread.updateComplete;
      await frames();
      expect(fromBottom(scroller), 'back at the bottom, new text is followed again').to.be.lessThan(
        2,
      );
    });
  });
});
