import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../src/index.js';
import type { AgentThread } from '../src/thread/elements/thread.js';
import { openProcesses, outline, settle } from '../src/test-support/settle.js';

/*
 * The whole loop, end to end: <agent-thread> in Chromium talks over loopback
 * HTTP to the README's back end (playground/answer-backend.ts, mounted by
 * test/servers/loop.ts), where streamText runs a scripted model with
 * answerTools, answerStopWhen, toModelMessages and the resumable store.
 */

type Prompt = { role: string; content: string | { type: string; text?: string }[] }[];

const newThreadId = (major: string) => `loop-${major}-${Math.random().toString(36).slice(2)}`;

async function answered(thread: AgentThread, messages: number) {
  await waitUntil(
    () => !thread.busy && thread.messages.length === messages,
    `no answer ${messages / 2}`,
    { timeout: 20_000 },
  );
  await settle(thread);
}

const lastTurn = (thread: AgentThread) =>
  [...thread.shadowRoot!.querySelectorAll('agent-turn')].at(-1)!;
const reportBlocks = (turn: Element) =>
  [...turn.shadowRoot!.querySelectorAll('.report answer-block')].map(
    (b) => (b as HTMLElement).dataset.blockId,
  );
const occurrences = (text: string, part: string) => text.split(part).length - 1;

for (const major of ['6', '7']) {
  describe(`the whole loop on a real back end, AI SDK ${major}`, function () {
    this.timeout(40_000);

    it("shows the chart and the report of turn 1, and turn 2's model is given that chart's data", async () => {
      const threadId = newThreadId(major);
      const thread = await fixture<AgentThread>(
        html`<agent-thread api="/api/loop/${major}" thread-id=${threadId} resume></agent-thread>`,
      );
      await thread.send('How did Q3 go?');
      await answered(thread, 2);
      const first = lastTurn(thread);
      expect(reportBlocks(first)).to.deep.equal(['q3-chart']);
      // The report (its markdown) and the chart block named in it.
      expect(outline(first)).to.include('"grew every month"').and.include('"Q3 revenue"');

      await thread.send('Which month was strongest?');
      await answered(thread, 4);
      expect(outline(lastTurn(thread))).to.include('September was the strongest month: 420k USD.');

      const prompts = (await (
        await fetch(`/api/loop/${major}/${threadId}/prompts`)
      ).json()) as Prompt[];
      // Turn 1 took two model calls (the chart, then the report) and stopped there; turn 2 one.
      expect(prompts).to.have.length(3);
      const turn2 = prompts[2]!;
      // The turn's two steps (the chart, then the report) come back as two assistant messages, as useChat's step parts make them.
      expect(turn2.map((message) => message.role)).to.deep.equal([
        'system',
        'user',
        'assistant',
        'assistant',
        'user',
      ]);
      const texts = (message: Prompt[number]) =>
        (message.content as { text: string }[]).map((part) => part.text);
      expect(texts(turn2[2]!)).to.deep.equal([
        'Here is the quarter, month by month.',
        [
          '[Answer block "q3-chart" shown to the reader]',
          'Summary: Q3 revenue by month: 380k, 400k and 420k USD.',
          '- Chart "Q3 revenue" (bar; unit: USD): labels Jul,Aug,Sep',
          'Revenue: 380000,400000,420000',
        ].join('\n'),
      ]);
      expect(texts(turn2[3]!)).to.deep.equal([
        '[Final report, shown with the blocks "q3-chart"]\nQ3 revenue **grew every month**, to 420k USD in September.',
      ]);
      expect(turn2[4]).to.deep.equal({
        role: 'user',
        content: [{ type: 'text', text: 'Which month was strongest?' }],
      });
    });

    it('resumes an answer cut off by a reload, and shows all of it once', async () => {
      const threadId = newThreadId(major);
      const before = await fixture<AgentThread>(
        html`<agent-thread api="/api/loop/${major}" thread-id=${threadId} resume></agent-thread>`,
      );
      void before.send('Answer slowly, at length');
      await waitUntil(() => outline(before).includes('A long answer'), 'the answer did not start', {
        timeout: 10_000,
      });
      await before.saved();
      // As a reload does: the page lets go of the thread mid-answer, and a new page shows the saved one.
      before.remove();
      const after = await fixture<AgentThread>(
        html`<agent-thread api="/api/loop/${major}" thread-id=${threadId} resume></agent-thread>`,
      );
      await waitUntil(
        () => (after.messages[1] as { status?: string } | undefined)?.status === 'complete',
        'the answer did not resume',
        {
          timeout: 10_000,
        },
      );
      await answered(after, 2);
      const turn = lastTurn(after);
      await openProcesses(turn);
      expect(occurrences(outline(turn), 'All of it arrived once.')).to.equal(1);
      expect(occurrences(outline(turn), 'A long answer that the network will interrupt.')).to.equal(
        4,
      );
      expect(after.shadowRoot!.querySelectorAll('agent-turn')).to.have.length(1);
    });

    it('resumes an answer whose connection dropped, and shows all of it once', async () => {
      const thread = await fixture<AgentThread>(
        html`<agent-thread api="/api/loop/${major}" thread-id=${newThreadId(major)} resume></agent-thread>`,
      );
      await thread.send('Answer at length, then drop the connection');
      // Between the drop and the resumed stream the thread may be idle for a moment: wait for the turn's end.
      await waitUntil(
        () => (thread.messages[1] as { status?: string } | undefined)?.status === 'complete',
        'the answer did not complete',
        {
          timeout: 10_000,
        },
      );
      await answered(thread, 2);
      const turn = lastTurn(thread);
      await openProcesses(turn);
      const text = outline(turn);
      expect(occurrences(text, 'All of it arrived once.')).to.equal(1);
      expect(occurrences(text, 'A long answer that the network will interrupt.')).to.equal(4);
      expect(reportBlocks(turn)).to.deep.equal(['q3-chart']);
      expect(
        turn.shadowRoot!.querySelectorAll('answer-block[data-block-id="q3-chart"]'),
      ).to.have.length(1);
      expect(text).not.to.include('connection was lost');
    });

    it('Stop tells a resumable back end to stop: the run ends there, and nothing resumes it', async () => {
      const threadId = newThreadId(major);
      const thread = await fixture<AgentThread>(
        html`<agent-thread api="/api/loop/${major}" thread-id=${threadId} resume></agent-thread>`,
      );
      void thread.send('Answer slowly, at length');
      await waitUntil(() => outline(thread).includes('A long answer'), 'the answer did not start', {
        timeout: 10_000,
      });
      thread.stop();
      // Long enough for the slow answer's first step to end and its second model call to start,
      // had the run gone on without a reader (the connection alone only disconnects).
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const prompts = (await (
        await fetch(`/api/loop/${major}/${threadId}/prompts`)
      ).json()) as Prompt[];
      expect(prompts, 'model calls after Stop').to.have.length(1);
      expect((thread.messages[1] as { status?: string }).status).to.equal('stopped');
      // The recorded stream ends where the run was stopped: a reconnect replays no more of it.
      const replay = await fetch(`/api/loop/${major}/${threadId}/stream`);
      const replayed = replay.status === 204 ? '' : await replay.text();
      expect(replayed).not.to.include('And it goes on after the drop');
    });
  });
}
