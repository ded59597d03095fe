import type { Meta, StoryObj } from '@storybook/web-components-vite';
import '../src/index.js';
import type { AgentThread } from '../src/index.js';
import {
  memoryStore,
  StoreError,
  type SavedMessage,
  type ThreadStore,
} from '../src/store/index.js';
import {
  incidentReportBlock,
  investigationBlock,
  misalignedRevenueBlock,
  repairFormBlock,
  revenueBlock,
  sideNoteBlock,
  siteQuestionBlock,
  unknownComponentBlock,
} from '../src/test-support/blocks.js';
import { LOCAL_TILES } from './fixtures.js';

/*
 * <agent-thread> scenarios, fed in the page with `thread.applyPart(part)`:
 * no network, no back end. Stories that save use an in-memory store (or a
 * failing one), never the page's IndexedDB, and each uses its own thread id
 * so two stories on one docs page do not sync with each other.
 */

type Part = Record<string, unknown>;

interface ThreadArgs {
  /** Hide the built-in composer. */
  noComposer: boolean;
  /** Milliseconds between replayed parts (streaming stories only). */
  interval: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A text part split into word-sized deltas, as a model streams it. */
function text(id: string, content: string): Part[] {
  const deltas = content.match(/\S+\s*|\s+/g) ?? [];
  return [
    { type: 'text-start', id },
    ...deltas.map((delta) => ({ type: 'text-delta', id, delta })),
    { type: 'text-end', id },
  ];
}

const block = (data: unknown): Part => ({
  type: 'data-answer_ui',
  id: (data as { block_id: string }).block_id,
  data,
});

/** The thread takes the height of its container: each story puts it in a 600px box. */
function inBox(thread: AgentThread): HTMLElement {
  const box = document.createElement('div');
  box.style.height = '600px';
  box.append(thread);
  return box;
}

function createThread(
  args: Partial<ThreadArgs>,
  init: { threadId?: string; store?: ThreadStore | Promise<ThreadStore> } = {},
): AgentThread {
  const thread = document.createElement('agent-thread');
  thread.noComposer = args.noComposer ?? false;
  if (init.store) thread.store = init.store;
  if (init.threadId) thread.threadId = init.threadId;
  return thread;
}

/** Resolves true once Storybook has put the element in the page (false if it never did). */
async function mounted(element: Element): Promise<boolean> {
  for (let i = 0; i < 300 && !element.isConnected; i++) await sleep(10);
  return element.isConnected;
}

/** Work in progress, by thread: the story's play function waits for it, so a rendered story is a finished one. */
const replays = new WeakMap<AgentThread, Promise<void>[]>();
const track = (thread: AgentThread, work: Promise<void>) =>
  replays.set(thread, [...(replays.get(thread) ?? []), work]);

/** Applies `parts` one by one, `interval` ms apart (the first after `wait`); stops when the story is left. */
function replay(
  thread: AgentThread,
  parts: Part[],
  interval: number,
  wait = interval,
): Promise<void> {
  const run = async () => {
    if (!(await mounted(thread))) return;
    for (const [i, part] of parts.entries()) {
      await sleep(i === 0 ? wait : interval);
      if (!thread.isConnected) return;
      thread.applyPart(part);
    }
  };
  const done = run();
  track(thread, done);
  return done;
}

/** Waits until each thread of the story has restored its history and replayed its parts (including replies a replay started). */
async function settled(canvasElement: HTMLElement) {
  for (const thread of canvasElement.querySelectorAll('agent-thread')) {
    await thread.restored;
    for (let seen = 0; seen < (replays.get(thread)?.length ?? 0); seen++)
      await replays.get(thread)![seen];
    await thread.updateComplete;
  }
}

/** A user message shown without sending anything: the thread has no `api`, so `send` only fires `answer-send`. */
function ask(thread: AgentThread, question: string) {
  void thread.send(question);
}

/** A whole answer: text, tool step, a block, an in-place update, a side block, then the final report. */
const revenueTurn: Part[] = [
  { type: 'start' },
  ...text('t1', 'Looking at the **Q3** sales data.'),
  { type: 'tool-input-start', toolCallId: 'c1', toolName: 'query_sales' },
  {
    type: 'tool-input-available',
    toolCallId: 'c1',
    toolName: 'query_sales',
    input: { quarter: 'Q3' },
  },
  { type: 'tool-output-available', toolCallId: 'c1', output: { rows: 3, currency: 'USD' } },
  block(revenueBlock(1_000_000)),
  ...text('t2', 'The audited figure is higher; updating the block.'),
  block(revenueBlock(1_200_000)),
  block(sideNoteBlock),
  {
    type: 'data-final_answer',
    data: {
      text: '## Q3 revenue\nRevenue rose **12%** to 1.2 M USD.',
      ui_block_ids: ['q3-revenue'],
    },
  },
  { type: 'finish' },
];

const meta: Meta<ThreadArgs> = {
  title: 'Thread',
  component: 'agent-thread',
  args: { noComposer: false, interval: 120 },
  argTypes: {
    noComposer: {
      name: 'no-composer',
      control: 'boolean',
      description: 'Hide the built-in composer (the host sends with `send()`).',
    },
    interval: {
      control: { type: 'number', min: 0, step: 20 },
      description:
        'Story only: milliseconds between replayed parts (0: all at once, without waiting)',
      table: { category: 'story' },
    },
  },
  parameters: { answerMap: LOCAL_TILES },
  play: async ({ canvasElement }) => settled(canvasElement),
};
export default meta;

type Story = StoryObj<ThreadArgs>;

/** A whole answer streamed part by part with timers: text, a tool step, a block updated in place, the final report. */
export const StreamingReplay: Story = {
  render: (args) => {
    const thread = createThread(args);
    ask(thread, 'How did revenue do in Q3?');
    void replay(thread, revenueTurn, args.interval);
    return inBox(thread);
  },
};

/**
 * The same `block_id` published twice in one turn: the second version
 * updates the first block in place (same element; the metric changes from
 * 1,000,000 to 1,200,000 after two seconds; at once when `interval` is 0).
 */
export const InPlaceBlockUpdate: Story = {
  render: (args) => {
    const thread = createThread(args);
    ask(thread, 'Q3 revenue, please.');
    [
      { type: 'start' },
      ...text('t1', 'Preliminary figure first:'),
      block(revenueBlock(1_000_000)),
    ].forEach((part) => thread.applyPart(part));
    void replay(
      thread,
      [
        block(revenueBlock(1_200_000)),
        ...text('t2', 'The audited figure is in: the block above was updated in place.'),
        { type: 'finish' },
      ],
      args.interval,
      args.interval > 0 ? 2000 : 0,
    );
    return inBox(thread);
  },
};

/**
 * `data-final_answer` names one block in `ui_block_ids`: the report and
 * that block stay expanded, everything else (text, tool step, the side note)
 * folds under "View process". Applied at once, without timers.
 */
export const FinalAnswerFolding: Story = {
  render: (args) => {
    const thread = createThread(args);
    ask(thread, 'How did revenue do in Q3?');
    revenueTurn.forEach((part) => thread.applyPart(part));
    return inBox(thread);
  },
};

/** A block that fails validation renders its `fallback_text`; the thread fires `answer-error` (see Actions) and goes on. */
export const InvalidBlockFallback: Story = {
  render: (args) => {
    const thread = createThread(args);
    ask(thread, 'Revenue by region?');
    [
      { type: 'start' },
      ...text('t1', 'Here is the split by region:'),
      block(unknownComponentBlock),
      ...text('t2', 'The chart type is not in the catalog, so its fallback text is shown instead.'),
      { type: 'finish' },
    ].forEach((part) => thread.applyPart(part));
    return inBox(thread);
  },
};

/**
 * A block with a FollowUpForm. Submitting it adds the answers as a user
 * message and fires the cancelable `answer-send`; the story cancels it (so
 * nothing is fetched), logs it in Actions and feeds a reply itself.
 */
export const FormSubmit: Story = {
  render: (args) => {
    const thread = createThread(args);
    thread.addEventListener('answer-send', (event) => {
      // Cancelled: the thread fetches nothing (the preview still logs the event in Actions).
      event.preventDefault();
      if (event.detail.data === undefined) return;
      void replay(
        thread,
        [
          { type: 'start' },
          ...text('r1', 'Booked. The technician gets your note with the work order.'),
          { type: 'finish' },
        ],
        args.interval,
      );
    });
    ask(thread, 'Can we fix pump station 4?');
    [
      { type: 'start' },
      ...text('t1', 'Yes: valve V-12 needs replacing. Pick a window:'),
      block(repairFormBlock),
      { type: 'finish' },
    ].forEach((part) => thread.applyPart(part));
    return inBox(thread);
  },
};

/**
 * The store cannot be read (`StoreError('read')`): the thread says once,
 * quietly, that it keeps the conversation only in memory, fires
 * `answer-error` with code `storage`, and works on.
 */
export const StorageFault: Story = {
  render: (args) => {
    const failing: ThreadStore = {
      load: () => Promise.reject(new StoreError('read', 'demo')),
      put: () => Promise.resolve(),
      clear: () => Promise.resolve(),
      close: () => {},
    };
    const thread = createThread(args, { threadId: 'story-storage-fault', store: failing });
    track(
      thread,
      thread.restored.then(() => {
        ask(thread, 'Is this saved?');
        [
          { type: 'start' },
          ...text(
            't1',
            'Not this time: storage failed, so this conversation lives in memory until the page closes.',
          ),
          { type: 'finish' },
        ].forEach((part) => thread.applyPart(part));
      }),
    );
    return inBox(thread);
  },
};

/**
 * A `present_answer` call is under way: its input streams, but blocks
 * appear whole, so a quiet "Preparing…" card holds the place where the block
 * will appear until it arrives (here it never does: the turn stays open).
 */
export const PreparingBlock: Story = {
  render: (args) => {
    const thread = createThread(args);
    ask(thread, 'How did revenue do in Q3?');
    [
      { type: 'start' },
      ...text('t1', 'Looking at the **Q3** sales data. The figures go into a block:'),
      { type: 'tool-input-start', toolCallId: 'c1', toolName: 'present_answer' },
      {
        type: 'tool-input-delta',
        toolCallId: 'c1',
        inputTextDelta: '{"block_id":"q3-revenue","fallback_text":"Q3 revenue rose',
      },
    ].forEach((part) => thread.applyPart(part));
    return inBox(thread);
  },
};

/**
 * The report names only the booking form; the early question folds under
 * "View process" (opened here) for review only: its field is disabled, it
 * has no submit button, and a note says it is from an earlier step.
 */
export const ReviewOnlyProcess: Story = {
  render: (args) => {
    const thread = createThread(args);
    ask(thread, 'Can we fix the pump station?');
    [
      { type: 'start' },
      ...text('t1', 'Which station do you mean?'),
      block(siteQuestionBlock),
      ...text('t2', 'Station 4 is the one with the open work order: valve V-12 is stuck.'),
      block(repairFormBlock),
      {
        type: 'data-final_answer',
        data: {
          text: 'Valve **V-12** at station 4 needs replacing. Pick a window below.',
          ui_block_ids: ['book-repair'],
        },
      },
    ].forEach((part) => thread.applyPart(part));
    return inBox(thread);
  },
  play: async ({ canvasElement }) => {
    await settled(canvasElement);
    const turn = canvasElement
      .querySelector('agent-thread')
      ?.shadowRoot?.querySelector('agent-turn');
    const process = turn?.shadowRoot?.querySelector<HTMLDetailsElement>('details.process');
    if (!process) return;
    // The turn renders the steps on the disclosure's `toggle` event, a task after it opens.
    const toggled = new Promise((resolve) =>
      process.addEventListener('toggle', resolve, { once: true }),
    );
    process.open = true;
    await toggled;
    await settled(canvasElement);
    // Opening keeps the summary in place; the picture is of the steps below it.
    const scroller = canvasElement
      .querySelector('agent-thread')
      ?.shadowRoot?.querySelector('.scroller');
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  },
};

/**
 * A same-id update that fails validation (its chart series is shorter than
 * its labels): the last good version stays, a quiet notice says the update
 * was not shown, and the thread fires one `answer-error` (see Actions).
 */
export const KeptLastGoodBlock: Story = {
  render: (args) => {
    const thread = createThread(args);
    ask(thread, 'Q3 revenue, please.');
    [
      { type: 'start' },
      ...text('t1', 'Preliminary figure first:'),
      block(revenueBlock(1_000_000)),
      block(misalignedRevenueBlock()),
      ...text('t2', 'The update could not be shown, so the block keeps its last good figure.'),
      { type: 'finish' },
    ].forEach((part) => thread.applyPart(part));
    return inBox(thread);
  },
};

/** Saved messages of an earlier visit: a question and a finished, folded answer. */
const history = (turnStatus: 'complete' | 'streaming'): SavedMessage[] => [
  { role: 'user', id: 'u1', text: 'How did revenue do in Q3?' },
  {
    role: 'assistant',
    id: 'a1',
    status: 'complete',
    items: [
      { kind: 'text', key: 'text:t1', text: 'Looking at the **Q3** sales data.' },
      {
        kind: 'tool',
        key: 'tool:c1',
        name: 'query_sales',
        status: 'done',
        summary: '{"rows":3,"currency":"USD"}',
      },
      {
        kind: 'block',
        key: 'block:q3-revenue',
        blockId: 'q3-revenue',
        block: revenueBlock(1_200_000),
      },
      { kind: 'block', key: 'block:side-note', blockId: 'side-note', block: sideNoteBlock },
    ],
    final: { text: '## Q3 revenue\nRevenue rose **12%** to 1.2 M USD.', blockIds: ['q3-revenue'] },
  },
  { role: 'user', id: 'u2', text: 'And what about pump station 4?' },
  {
    role: 'assistant',
    id: 'a2',
    status: turnStatus,
    items: [
      { kind: 'text', key: 'text:t2', text: 'Checking the field report for pump station 4.' },
      {
        kind: 'block',
        key: 'block:field-check',
        blockId: 'field-check',
        block: investigationBlock(),
        // A form answered before the reload stays read-only.
        ...(turnStatus === 'complete' ? { submissions: { ask: { crew: 'Night crew B' } } } : {}),
      },
      ...(turnStatus === 'complete'
        ? [
            {
              kind: 'text' as const,
              key: 'text:t3',
              text: 'Valve 7 is the cause; the form above books a crew.',
            },
          ]
        : []),
    ],
  },
];

async function savedThread(threadId: string, messages: SavedMessage[]): Promise<ThreadStore> {
  const store = memoryStore();
  for (const [position, message] of messages.entries())
    await store.put(threadId, position, message);
  return store;
}

/** A conversation restored from a store (here `memoryStore()` filled beforehand): the same order and folding as when it was saved. */
export const RestoredHistory: Story = {
  render: (args) =>
    inBox(
      createThread(args, {
        threadId: 'story-restored',
        store: savedThread('story-restored', history('complete')),
      }),
    ),
};

/** The last turn was saved while it streamed (the page was closed mid-answer): it comes back marked "interrupted". */
export const InterruptedTurn: Story = {
  render: (args) =>
    inBox(
      createThread(args, {
        threadId: 'story-interrupted',
        store: savedThread('story-interrupted', history('streaming')),
      }),
    ),
};

/** A long answer with the richer incident report block, streamed; the thread follows it to the bottom. */
export const LongAnswerStreaming: Story = {
  render: (args) => {
    const thread = createThread(args);
    ask(thread, 'Summarise the pump station 4 incident.');
    void replay(
      thread,
      [
        { type: 'start' },
        ...text('t1', 'Pump station 4 has run under its design flow since March. The full report:'),
        block(incidentReportBlock),
        {
          type: 'data-final_answer',
          data: {
            text: 'Valve **V-12** is stuck; book the repair in the report.',
            ui_block_ids: ['pump-4-report'],
          },
        },
        { type: 'finish' },
      ],
      args.interval,
    );
    return inBox(thread);
  },
};

/**
 * The host's own wording for the disclosure, above each answer (`disclosure`,
 * `disclosure-position="start"`). By default each answer says "AI-generated" under it.
 */
export const HostDisclosure: Story = {
  render: (args) => {
    const thread = createThread(args, {
      threadId: 'story-disclosure',
      store: savedThread('story-disclosure', history('complete')),
    });
    thread.disclosure = 'Written by our assistant: check the figures before you use them';
    thread.disclosurePosition = 'start';
    return inBox(thread);
  },
};
