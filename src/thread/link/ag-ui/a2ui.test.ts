import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { validateBlock } from '../../../catalog/index.js';
import { $, $$, requestedUrls } from '../../../test-support/dom.js';
import { outline, settle } from '../../../test-support/settle.js';
import { agUiText, uid } from '../../../test-support/parts.js';
import { openAgUiThread, runInput } from '../../../test-support/ag-ui-thread.js';
import '../../define.js';
import type { AgentThread } from '../../elements/thread.js';

/*
 * A2UI surfaces in the thread, as an AG-UI back end sends them (an
 * `a2ui-surface` activity, its snapshot then patches) against the scripted
 * back end (test/servers/ag-ui.mjs), and as a host feeds them (`data-a2ui`).
 */

const BASIC = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';
type Json = Record<string, unknown>;
type Input = { messages: Json[] };

const op = (body: Json) => ({ version: 'v0.9', ...body });
const created = (surfaceId: string) => op({ createSurface: { surfaceId, catalogId: BASIC } });
const components = (surfaceId: string, list: Json[]) =>
  op({ updateComponents: { surfaceId, components: list } });
const data = (surfaceId: string, value: unknown, path?: string) =>
  op({ updateDataModel: { surfaceId, ...(path ? { path } : {}), value } });

/** A card whose status is bound to the data model: its root and column come first, its texts later. */
const pumpFrame = components('pump', [
  { id: 'root', component: 'Card', child: 'col' },
  { id: 'col', component: 'Column', children: ['title', 'status'] },
]);
const pumpTexts = components('pump', [
  { id: 'title', component: 'Text', text: 'Pump 7', variant: 'h2' },
  { id: 'status', component: 'Text', text: { path: '/status' } },
]);

const activity = (type: 'ACTIVITY_SNAPSHOT' | 'ACTIVITY_DELTA', body: Json) => ({
  type,
  messageId: 'surface-1',
  activityType: 'a2ui-surface',
  ...body,
});
const added = (message: unknown) => ({ op: 'add', path: '/a2ui_operations/-', value: message });

const textOf = (el: Element) => outline(el).replace(/\s+/g, ' ');
const turns = (thread: AgentThread) => $$(thread, 'agent-turn');

/** The blocks a run's input sends back, as `present_answer` calls. */
const sentBlocks = (messages: Json[]) =>
  messages.flatMap((m) =>
    ((m.toolCalls ?? []) as { function: { name: string; arguments: string } }[])
      .filter((c) => c.function.name === 'present_answer')
      .map((c) => JSON.parse(c.function.arguments) as Json),
  );

describe('<agent-thread> A2UI surfaces', () => {
  // First in the file: the reader of surfaces is not loaded yet when this surface comes.
  it('a surface fed as `data-a2ui` waits as "Preparing…" until whole, then takes its place', async () => {
    const thread = await fixture<AgentThread>(html`<agent-thread></agent-thread>`);
    thread.applyPart({ type: 'start', messageId: 'a1' });
    thread.applyPart({ type: 'text-start', id: 't1' });
    thread.applyPart({ type: 'text-delta', id: 't1', delta: 'Before.' });
    thread.applyPart({ type: 'text-end', id: 't1' });
    const part = (messages: unknown[]) => ({ type: 'data-a2ui', id: 's1', data: messages });
    thread.applyPart(part([created('pump'), pumpFrame]));
    thread.applyPart({ type: 'text-start', id: 't2' });
    thread.applyPart({ type: 'text-delta', id: 't2', delta: 'After.' });
    thread.applyPart({ type: 'text-end', id: 't2' });
    await settle(thread);
    const turn = turns(thread)[0]!;
    // Where the surface came, once the reader of surfaces (loaded with the first one) is in.
    await waitUntil(() => textOf(turn).includes('Preparing'), 'the placeholder shows');
    expect(textOf(turn)).to.match(/Before\..*Preparing….*After\./);
    expect($$(turn, 'answer-block')).to.have.length(0);

    thread.applyPart(part([created('pump'), pumpFrame, pumpTexts, data('pump', { status: 'Up' })]));
    await waitUntil(() => $$(turn, 'answer-block').length, 'the surface shows');
    await settle(thread);
    expect(textOf(turn)).to.match(/Before\..*Pump 7.*Up.*After\./);
    expect(textOf(turn)).not.to.include('Preparing');
    const block = $(turn, 'answer-block');

    // The same surface again, changed: the same element, updated where it stands.
    thread.applyPart(
      part([created('pump'), pumpFrame, pumpTexts, data('pump', { status: 'Down' })]),
    );
    await settle(thread);
    expect($(turn, 'answer-block')).to.equal(block);
    expect(textOf(turn)).to.match(/Before\..*Pump 7.*Down.*After\./);

    // Messages that never become whole show what they hold when the turn ends.
    thread.applyPart(part([created('pump'), pumpFrame]));
    thread.applyPart({ type: 'data-a2ui', id: 's2', data: [created('late'), pumpFrame] });
    thread.applyPart({ type: 'finish' });
    await settle(thread);
    expect(textOf(turn)).not.to.include('Preparing');
    expect(textOf(turn)).to.match(/Pump 7.*Down/);
  });

  it('an AG-UI surface shows whole, updates in place, survives a reload and goes back as blocks', async () => {
    const threadId = uid('a2ui');
    let thread = await openAgUiThread(threadId, {
      events: [
        ...agUiText('m1', 'Here is the pump.'),
        activity('ACTIVITY_SNAPSHOT', {
          content: { a2ui_operations: [created('pump'), pumpFrame] },
        }),
        activity('ACTIVITY_DELTA', {
          patch: [added(pumpTexts), added(data('pump', { status: 'Running' }))],
        }),
        activity('ACTIVITY_DELTA', {
          patch: [added(data('pump', 'Stopped for repair', '/status'))],
        }),
      ],
    });
    await thread.send('How is pump 7?');
    await settle(thread);
    const first = turns(thread)[0]!;
    // The reader of surfaces loads with the first one.
    await waitUntil(() => $$(first, 'answer-block').length, 'the surface shows');
    expect($$(first, 'answer-block')).to.have.length(1);
    const block = $(first, 'answer-block');
    expect(block.dataset.blockId).to.equal('pump');
    // The last data wins, in the one block the surface became; nothing is left preparing.
    expect(textOf(block)).to.include('Pump 7');
    expect(textOf(block)).to.include('Stopped for repair');
    expect(textOf(block)).not.to.include('Running');
    expect(textOf(first)).not.to.include('Preparing');
    expect(textOf(first)).not.to.include('cannot be shown');

    // A second surface leaves out its media and says so, in one quiet line.
    thread.requestOptions = {
      body: {
        test: {
          events: [
            activity('ACTIVITY_SNAPSHOT', {
              messageId: 'surface-2',
              content: {
                a2ui_operations: [
                  created('media'),
                  components('media', [
                    { id: 'root', component: 'Column', children: ['caption', 'photo', 'clip'] },
                    { id: 'caption', component: 'Text', text: 'The valve, before and after.' },
                    { id: 'photo', component: 'Image', url: 'https://example.com/valve.png' },
                    { id: 'clip', component: 'Video', url: 'https://example.com/valve.mp4' },
                  ]),
                ],
              },
            }),
          ],
        },
      },
    };
    await thread.send('Show me the valve');
    const second = await runInput<Input>(threadId, 2);
    expect(RunAgentInputSchema.safeParse(second).success).to.equal(true);
    // Turn 2's history holds what turn 1 showed: the block the surface became, as a call.
    const [sent] = sentBlocks(second.messages);
    expect(validateBlock(sent).ok).to.equal(true);
    expect(sent!.block_id).to.equal('pump');
    expect(JSON.stringify(sent)).to.include('Stopped for repair');
    await settle(thread);
    const media = turns(thread)[1]!;
    await waitUntil(() => $(media, '.not-shown'), 'the surface shows');
    expect(textOf(media)).to.include('The valve, before and after.');
    expect($(media, '.not-shown').textContent).to.equal(
      '2 parts of this answer cannot be shown here: image, video',
    );
    // No address from the surface is fetched.
    expect(requestedUrls().filter((url) => url.includes('example.com'))).to.deep.equal([]);

    // After a reload both surfaces are their blocks again, with the note.
    await thread.saved();
    thread.remove();
    thread = await openAgUiThread(threadId, { events: agUiText('m3', 'Anything else?') });
    const [pump, valve] = turns(thread);
    expect(textOf($(pump!, 'answer-block'))).to.include('Stopped for repair');
    expect($(valve!, '.not-shown').textContent).to.equal(
      '2 parts of this answer cannot be shown here: image, video',
    );
    await expect(thread).to.be.accessible();
    await thread.send('Thanks');
    const third = await runInput<Input>(threadId, 3);
    expect(sentBlocks(third.messages).map((b) => b.block_id)).to.deep.equal(['pump', 'media']);
  });

  it('a retried step takes its surface with it, also when its turn ends', async () => {
    const thread = await fixture<AgentThread>(html`<agent-thread></agent-thread>`);
    thread.applyPart({ type: 'start', messageId: 'a2' });
    thread.applyPart({ type: 'start-step' });
    thread.applyPart({
      type: 'data-a2ui',
      id: 's1',
      data: [created('pump'), pumpFrame, pumpTexts, data('pump', { status: 'Up' })],
    });
    await settle(thread);
    const turn = turns(thread)[0]!;
    await waitUntil(() => $$(turn, 'answer-block').length, 'the surface shows');

    // AI SDK 7 retries the step; the retry answers in words alone.
    thread.applyPart({ type: 'reset-step' });
    thread.applyPart({ type: 'start-step' });
    thread.applyPart({ type: 'text-start', id: 't1' });
    thread.applyPart({ type: 'text-delta', id: 't1', delta: 'Pump 7 is up.' });
    thread.applyPart({ type: 'text-end', id: 't1' });
    thread.applyPart({ type: 'finish' });
    await settle(thread);
    expect(textOf(turn)).to.include('Pump 7 is up.');
    expect($$(turn, 'answer-block')).to.deep.equal([]);
    expect(
      thread.messages[0]!.role === 'assistant' && thread.messages[0]!.items.map((i) => i.kind),
    ).to.not.include('block');
  });
});
