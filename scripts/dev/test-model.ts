/**
 * `npm run test:model`: the opt-in acceptance run against a real model. One
 * conversation of two turns in the playground, in Chromium, against the
 * OpenAI-compatible endpoint named by ANSWER_UI_MODEL, ANSWER_UI_BASE_URL
 * and ANSWER_UI_API_KEY: the model must publish at least one valid block
 * and a report naming it, then answer a question about that block (so it
 * was given its own block back). The run uses a thread id of its own and
 * deletes that thread, and only that one, at the end. Not part of `npm test`.
 */
import { chromium, type Page } from 'playwright';
// @ts-expect-error plain ES module without types
import { chromiumPath, CHROMIUM_ARGS } from './chromium.mjs';
import { configuredModel, startPlayground } from '../../playground/server.js';

interface TurnSummary {
  status: string;
  report?: string;
  reportBlocks: string[];
  validBlocks: string[];
  text: string;
  notices: string[];
}

if (!configuredModel()) {
  console.log(
    'test:model skipped: set ANSWER_UI_MODEL, ANSWER_UI_BASE_URL and ANSWER_UI_API_KEY (an OpenAI-compatible endpoint) to run one conversation against a real model.',
  );
  process.exit(0);
}

const TURN_TIMEOUT = 240_000;
const threadId = `model-acceptance-${Date.now().toString(36)}`;

/** Sends `text` as the reader and waits for the answer to end; returns what the turn holds. */
async function ask(page: Page, text: string): Promise<TurnSummary> {
  return page.evaluate(
    async ({ text, timeout }) => {
      type Item = {
        kind: string;
        blockId?: string;
        valid?: boolean;
        parts?: string[];
        detail?: string;
      };
      type Turn = {
        role: string;
        status: string;
        items: Item[];
        final?: { text: string; blockIds: string[] };
      };
      const thread = document.querySelector('agent-thread') as unknown as HTMLElement & {
        send(t: string): Promise<void>;
        busy: boolean;
        messages: Turn[];
      };
      const answered = thread.send(text);
      await Promise.race([
        answered,
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('no answer in time')), timeout),
        ),
      ]);
      while (thread.busy) await new Promise((resolve) => setTimeout(resolve, 100));
      const turn = thread.messages.at(-1)!;
      return {
        status: turn.status,
        report: turn.final?.text,
        reportBlocks: turn.final?.blockIds ?? [],
        validBlocks: turn.items.filter((i) => i.kind === 'block' && i.valid).map((i) => i.blockId!),
        text: turn.items
          .filter((i) => i.kind === 'text')
          .map((i) => i.parts!.join(''))
          .join('\n'),
        notices: turn.items.filter((i) => i.kind === 'notice').map((i) => i.detail ?? ''),
      };
    },
    { text, timeout: TURN_TIMEOUT },
  );
}

const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? '  ok  ' : '  FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

const playground = await startPlayground(0);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
let page: Page | undefined;
try {
  page = await browser.newPage();
  await page.goto(playground.url);
  await page.waitForFunction(() => customElements.get('agent-thread'));
  await page.evaluate(async (id) => {
    const thread = document.querySelector('agent-thread') as unknown as {
      threadId: string;
      restored: Promise<void>;
    };
    thread.threadId = id;
    await thread.restored;
  }, threadId);
  console.log(
    `test:model: ${process.env.ANSWER_UI_MODEL} at ${process.env.ANSWER_UI_BASE_URL}, thread ${threadId}`,
  );

  const first = await ask(
    page,
    'Monthly revenue was 380,000 USD in July, 400,000 in August and 420,000 in September. Show it as a chart and report on it.',
  );
  check(
    first.status === 'complete',
    `turn 1 completed (status ${first.status}${first.notices.length ? `; ${first.notices.join('; ')}` : ''})`,
  );
  check(
    first.validBlocks.length > 0,
    `turn 1 published a valid block (${first.validBlocks.join(', ') || 'none'})`,
  );
  check(
    first.reportBlocks.length > 0 &&
      first.reportBlocks.every((id) => first.validBlocks.includes(id)),
    `turn 1's report names its blocks (${first.reportBlocks.join(', ') || 'none'})`,
  );

  const second = await ask(
    page,
    'In the chart you just showed, which month was highest, and by how much over July? Answer briefly.',
  );
  const answer = `${second.text}\n${second.report ?? ''}`;
  check(second.status === 'complete', `turn 2 completed (status ${second.status})`);
  check(
    /sep/i.test(answer) && /40[,.\s]?000|40\s?k/i.test(answer),
    `turn 2 read the chart back: ${JSON.stringify(answer.slice(0, 300))}`,
  );
} catch (error) {
  failures.push(String(error));
  console.error(error);
} finally {
  // Only this run's thread is deleted: the playground's other threads stay.
  await page
    ?.evaluate(() =>
      (
        document.querySelector('agent-thread') as unknown as { newConversation(): Promise<void> }
      ).newConversation(),
    )
    .catch(() => undefined);
  await browser.close();
  await playground.close();
}

console.log(
  failures.length ? `test:model: ${failures.length} check(s) failed` : 'test:model: passed',
);
process.exit(failures.length ? 1 : 0);
