import type { Meta, StoryObj } from '@storybook/web-components-vite';
import '../src/index.js';
import type { AgentThread } from '../src/index.js';

/*
 * What an AI SDK stream carries besides text and blocks, fed to an
 * <agent-thread> in the page with `thread.applyPart(part)`: sources under the
 * answer, files the agent sent, tool calls that wait for the reader's
 * approval. No network: the image is a data: URL, the PDF a chip the host
 * would open.
 */

type Part = Record<string, unknown>;

interface PartsArgs {
  /** Hide the built-in composer. */
  noComposer: boolean;
}

const text = (id: string, delta: string): Part[] => [
  { type: 'text-start', id },
  { type: 'text-delta', id, delta },
  { type: 'text-end', id },
];

/** A 256×256 grid tile (src/test-support/tile.png), inline. */
const GRID_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAQAAAAEACAIAAADTED8xAAAEEElEQVR4nO3dsQnAMBAEQfVf2YcqRKELcBVGhh24eLLlM2nNHrPs1uw5z/lufP6ffQHw074A+GlfAPy0LwB+2hcAP+0LgJ/2BcBP+wLgp30B8NO+APhpXwD8tC8AftoXAD/tC4Cf9gXAT/sC4Kd9AfDTvgD4aV8A/LQvAH7aFwA/7QuAn/YFwE/7AuCnfQHw074A+GlfAPy0LwB+2hcAP+0LgJ/21/UH2s0uzgXgp30B8NO+APhpXwD8tC8AftoXAD/tC4Cf9gXAT/sC4Kd9AfDTvgD4aV8A/LQvAH7aFwA/7QuAn/YFwE/7AuCnfQHw074A+GlfAPy0LwB+2hcAP+0LgJ/2BcBP+wLgp30B8NO+APhpXwD8tC8AftoXAD/tC4Cf9v0PYOm5APy0LwB+2hcAP+0LgJ/2BcBP+wLgp30B8NO+APhpXwD8tC8AftoXAD/tC4Cf9gXAT/sC4Kd9AfDTvgD4aV8A/LQvAH7aFwA/7QuAn/YFwE/7AuCnfQHw074A+GlfAPy0LwB+2hcAP+0LgJ/2BcBP+wLgp30B8NO+/wEsPReAn/YFwE/7AuCnfQHw074A+GlfAPy0LwB+2hcAP+0LgJ/2BcBP+wLgp30B8NO+APhpXwD8tC8AftoXAD/tC4Cf9gXAT/sC4Kd9AfDTvgD4aV8A/LQvAH7aFwA/7QuAn/YFwE/7AuCnfQHw074A+GlfAPy0LwB+2vc/gKXnAvDTvgD4aV8A/LQvAH7aFwA/7QuAn/YFwE/7AuCnfQHw074A+GlfAPy0LwB+2hcAP+0LgJ/2BcBP+wLgp30B8NO+APhpXwD8tC8AftoXAD/tC4Cf9gXAT/sC4Kd9AfDTvgD4aV8A/LQvAH7aFwA/7QuAn/YFwE/7/gew9FwAftoXAD/tC4Cf9gXAT/sC4Kd9AfDTvgD4aV8A/LQvAH7aFwA/7QuAn/YFwE/7AuCnfQHw074A+GlfAPy0LwB+2hcAP+0LgJ/2BcBP+wLgp30B8NO+APhpXwD8tC8AftoXAD/tC4Cf9gXAT/sC4Kd9AfDTvgD4ad//AJaeC8BP+wLgp30B8NO+APhpXwD8tC8AftoXAD/tC4Cf9gXAT/sC4Kd9AfDTvgD4aV8A/LQvAH7aFwA/7QuAn/YFwE/7AuCnfQHw074A+GlfAPy0LwB+2hcAP+0LgJ/2BcBP+wLgp30B8NO+APhpXwD8tC8AftoXAD/t+x/A0nMB+GlfAPy0LwB+2hcAP+0LgJ/2BcBP+wLgp30B8NO+APhpXwD8tC8AftoXAD/tC4Cf9gXAT/sC4Kd9AfDTvgD4aV8A/LQvAH7aFwA/7QuAn/YFwE/7AuCnfQHw074A+GlfAPy0LwB+2hcAP+0LgJ/2BcBP+wLgp/0XRouEjM7ZxEcAAAAASUVORK5CYII=';

/** A thread in a box of its own height, showing the question and the parts of one answer. */
function threadOf(args: PartsArgs, question: string, parts: Part[]): HTMLElement {
  const thread = document.createElement('agent-thread') as AgentThread;
  thread.noComposer = args.noComposer;
  const box = document.createElement('div');
  box.style.height = '720px';
  box.append(thread);
  // Fed once Storybook has put the thread in the page, as a host would.
  requestAnimationFrame(() => {
    void thread.send(question);
    parts.forEach((part) => thread.applyPart(part));
  });
  return box;
}

/** Waits until every thread of the story shows its answer, with its lazily loaded parts defined and its images decoded. */
async function settled(canvasElement: HTMLElement) {
  for (let i = 0; i < 100 && !canvasElement.querySelector('agent-thread')?.messages.length; i++)
    await new Promise((done) => setTimeout(done, 10));
  for (const thread of canvasElement.querySelectorAll('agent-thread')) {
    await thread.updateComplete;
    for (const turn of thread.shadowRoot?.querySelectorAll('agent-turn') ?? []) {
      await turn.updateComplete;
      const parts = [
        ...(turn.shadowRoot?.querySelectorAll('answer-sources, answer-files, answer-approval') ??
          []),
      ];
      await Promise.all(parts.map((part) => customElements.whenDefined(part.localName)));
      await Promise.all(
        parts.map(
          (part) => (part as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete,
        ),
      );
      await Promise.all(
        parts.flatMap((part) =>
          [...(part.shadowRoot?.querySelectorAll('img') ?? [])].map((img) =>
            img.decode().catch(() => undefined),
          ),
        ),
      );
    }
  }
}

const meta: Meta<PartsArgs> = {
  title: 'Answer parts',
  component: 'agent-thread',
  args: { noComposer: true },
  argTypes: {
    noComposer: {
      name: 'no-composer',
      control: 'boolean',
      description: 'Hide the built-in composer.',
    },
  },
  play: async ({ canvasElement }) => settled(canvasElement),
};
export default meta;

type Story = StoryObj<PartsArgs>;

/**
 * `source-url` and `source-document` parts: listed once, numbered, under the
 * final report, so the report's `[1]`-style citations match. Only http(s)
 * sources are links (a new tab, no opener); the `javascript:` one is plain text.
 */
export const SourcesUnderReport: Story = {
  render: (args) =>
    threadOf(args, 'Why did pump station 4 lose pressure?', [
      { type: 'start' },
      ...text('t1', 'Searching the maintenance records and the vendor notes.'),
      {
        type: 'source-url',
        sourceId: 's1',
        url: 'https://maintenance.example.com/stations/4/log?year=2025',
        title: 'Station 4 maintenance log',
      },
      {
        type: 'source-url',
        sourceId: 's2',
        url: 'https://vendor.example.org/notes/v-12',
        title: 'Valve V-12: known faults',
      },
      {
        type: 'source-document',
        sourceId: 's3',
        mediaType: 'application/pdf',
        title: 'Inspection report, May',
        filename: 'inspection-2025-05.pdf',
      },
      {
        type: 'source-url',
        sourceId: 's4',
        url: 'javascript:alert(1)',
        title: 'A source with an unsafe URL (not a link)',
      },
      {
        type: 'data-final_answer',
        data: {
          text: 'Valve **V-12** is stuck half open [1], a fault the vendor knows for this series [2]. The May inspection saw the first pressure drop [3].',
          ui_block_ids: [],
        },
      },
      { type: 'finish' },
    ]),
};

/**
 * `file` parts where they arrived: a PNG from a `data:` URL is shown; a
 * remote PDF is a chip that fires `answer-file-select` (the host decides what
 * opens; nothing remote is loaded); a file too large to have been saved says so.
 */
export const Files: Story = {
  render: (args) =>
    threadOf(args, 'Send me the floor grid and the inspection report.', [
      { type: 'start' },
      ...text('t1', 'Here is the floor grid of the pump hall:'),
      { type: 'file', url: GRID_PNG, mediaType: 'image/png', filename: 'pump-hall-grid.png' },
      ...text('t2', 'And the documents:'),
      {
        type: 'file',
        url: 'https://files.example.com/inspection-2025-05.pdf',
        mediaType: 'application/pdf',
        filename: 'inspection-2025-05.pdf',
      },
      { type: 'file', url: 'https://files.example.com/export', mediaType: 'text/csv' },
      { type: 'file', url: '', mediaType: 'video/mp4', filename: 'site-walkthrough.mp4' },
      { type: 'finish' },
    ]),
};

const approvalRequest = (
  toolCallId: string,
  toolName: string,
  input: unknown,
  approvalId: string,
): Part[] => [
  { type: 'tool-input-start', toolCallId, toolName },
  { type: 'tool-input-available', toolCallId, toolName, input },
  { type: 'tool-approval-request', approvalId, toolCallId },
];

/** A `tool-approval-request`: the tool's name, its input in short, an optional reason, and Approve / Deny. */
export const ApprovalWaiting: Story = {
  render: (args) =>
    threadOf(args, 'Book the valve repair for Saturday.', [
      { type: 'start' },
      ...text('t1', 'I can book the repair; it needs your approval first.'),
      ...approvalRequest(
        'c1',
        'book_repair',
        {
          station: 'Pump station 4',
          part: 'Valve V-12',
          window: 'Sat 06:00–08:00',
          crew: { team: 'Night crew B', size: 2 },
          notify: ['ops@example.com'],
        },
        'approval-1',
      ),
      { type: 'finish' },
    ]),
};

/**
 * The reader answered both requests (the story clicks for them): the first
 * approved, the second denied with a reason. Each card fires
 * `answer-approval-response` and shows the outcome in place of its buttons.
 */
export const ApprovalAnswered: Story = {
  render: (args) =>
    threadOf(args, 'Book the repair and tell the vendor.', [
      { type: 'start' },
      ...text('t1', 'Two steps need your approval.'),
      ...approvalRequest(
        'c1',
        'book_repair',
        { station: 'Pump station 4', window: 'Sat 06:00–08:00' },
        'approval-1',
      ),
      ...approvalRequest(
        'c2',
        'email_vendor',
        { to: 'support@vendor.example.org', subject: 'Valve V-12 fault' },
        'approval-2',
      ),
      { type: 'finish' },
    ]),
  play: async ({ canvasElement }) => {
    await settled(canvasElement);
    const turn = canvasElement
      .querySelector('agent-thread')
      ?.shadowRoot?.querySelector('agent-turn');
    const [book, mail] = [...(turn?.shadowRoot?.querySelectorAll('answer-approval') ?? [])];
    book?.shadowRoot?.querySelector<HTMLButtonElement>('button.primary')?.click();
    const reason = mail?.shadowRoot?.querySelector('input');
    if (reason) reason.value = 'The vendor is already on site.';
    mail?.shadowRoot?.querySelectorAll('button')[1]?.click();
    await settled(canvasElement);
    // The screenshot shows the page at rest, not the focus the last answer moved.
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/**
 * A `data-*` part of the host's own (`data-weather`) that the thread does
 * not render itself: it fires `answer-data` (see Actions) and the thread's
 * `renderData` hook turns it into the host's element, here a plain card
 * built with DOM calls. A transient `data-progress` part is only announced.
 */
export const HostDataPart: Story = {
  render: (args) => {
    const box = threadOf(args, 'Will the crew be able to work outside on Saturday?', [
      { type: 'start' },
      ...text('t1', 'Here is the forecast for the site:'),
      { type: 'data-progress', data: { step: 'forecast' }, transient: true },
      {
        type: 'data-weather',
        id: 'w1',
        data: { place: 'Pump station 4', summary: 'Dry, light wind', high: 14, low: 6 },
      },
      ...text('t2', 'Dry and calm: outdoor work is fine.'),
      { type: 'finish' },
    ]);
    const thread = box.querySelector('agent-thread')!;
    thread.renderData = ({ type, data }) => {
      if (type !== 'data-weather') return undefined;
      const forecast = data as { place: string; summary: string; high: number; low: number };
      const card = document.createElement('div');
      card.setAttribute('role', 'group');
      card.setAttribute('aria-label', 'Weather');
      card.style.cssText =
        'border: 1px solid currentColor; border-radius: 0.5rem; padding: 0.5rem 0.75rem; margin: 0.5rem 0;';
      const title = document.createElement('strong');
      title.textContent = forecast.place;
      const line = document.createElement('div');
      line.textContent = `${forecast.summary}, ${forecast.low}–${forecast.high} °C`;
      card.append(title, line);
      return card;
    };
    return box;
  },
};

/**
 * Markdown as CommonMark and GitHub read it: a loose numbered list with code in an item, a
 * nested list, a task list (read-only boxes), a table right under a line of text, emphasis and
 * strikethrough, a `www.` link. Raw HTML shows as the text it is, and a `javascript:` link as
 * its text.
 */
export const Markdown: Story = {
  render: (args) =>
    threadOf(args, 'How do I bring pump station 4 back to design flow?', [
      { type: 'start' },
      ...text(
        't1',
        [
          '### Steps',
          '',
          '1. Close valve **V-12** and check the seal:',
          '',
          '   ```py',
          '   def flow(site):',
          '       reading = meter(site)',
          '',
          '',
          '       return reading.m3_per_h',
          '   ```',
          '',
          '2. Restart the pump; expect ***412 m³/h*** within ~~ten~~ five minutes.',
          '   - if it stays low, see www.example.com/pumps',
          '     - and log the reading',
          '',
          'Checklist:',
          '- [x] seal replaced',
          '- [ ] flow logged',
          '',
          'Readings so far:',
          '| Site | Flow (m³/h) |',
          '|:-----|------------:|',
          '| P4   | 388         |',
          '| P5   | 415         |',
          '',
          '<div onclick="x()">raw HTML stays text</div>',
          '',
          'A [script link](javascript:alert(1)) is not a link &mdash; nor \\*this\\*.',
        ].join('\n'),
      ),
      { type: 'finish' },
    ]),
};
