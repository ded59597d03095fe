import { expect } from 'chai';
import { isValidatedBlock } from '../catalog/index.js';
import {
  readPart,
  textOf,
  ThreadState,
  type AssistantTurn,
  type BlockItem,
  type Change,
  type TurnItem,
} from './index.js';

/* The conversation as data: runs in Node (mocha) and in Chromium (web-test-runner). */

/** A whole text part: its start, one delta and its end. */
const textParts = (id: string, text: string) => [
  { type: 'text-start', id },
  { type: 'text-delta', id, delta: text },
  { type: 'text-end', id },
];

const metricBlock = (value: number) => ({
  block_id: 'kpi',
  fallback_text: `Revenue ${value}`,
  root: 'm',
  elements: { m: { type: 'Metric', props: { label: 'Revenue', value } } },
});

/** A turn under way: unfinished text and reasoning, a tool still running, a block. */
function turnUnderWay(): ThreadState {
  const state = new ThreadState();
  state.addUser('How did Q3 go?');
  for (const part of [
    { type: 'start', messageId: 'answer-1' },
    { type: 'reasoning-start', id: 'r' },
    { type: 'reasoning-delta', id: 'r', delta: 'Checking the ledger' },
    { type: 'text-start', id: 't' },
    { type: 'text-delta', id: 't', delta: 'Revenue ' },
    { type: 'text-delta', id: 't', delta: 'rose.' },
    { type: 'tool-input-available', toolCallId: 'c1', toolName: 'lookup', input: { q: 'q3' } },
    { type: 'data-answer_ui', id: 'kpi', data: metricBlock(12) },
  ]) {
    state.apply(readPart(part)!);
  }
  return state;
}

const turnOf = (state: ThreadState) => state.messages.at(-1) as AssistantTurn;
const item = <K extends TurnItem['kind']>(turn: AssistantTurn, kind: K) =>
  turn.items.find((i) => i.kind === kind) as Extract<TurnItem, { kind: K }>;

/** How a turn reads once it is over, as the reader sees it: every step settled. */
function settled(turn: AssistantTurn) {
  return turn.items.map((i) =>
    i.kind === 'tool'
      ? `${i.name}:${i.status}`
      : i.kind === 'text' || i.kind === 'reasoning'
        ? `${i.kind}:${i.done}`
        : i.kind,
  );
}

describe('ThreadState', () => {
  it('reads parts into one turn in stream order', () => {
    const turn = turnOf(turnUnderWay());
    expect(turn.id).to.equal('answer-1');
    expect(turn.items.map((i) => i.kind)).to.deep.equal(['reasoning', 'text', 'tool', 'block']);
    expect(textOf(item(turn, 'text'))).to.equal('Revenue rose.');
  });

  const endings: [
    string,
    (state: ThreadState) => Change | undefined,
    AssistantTurn['status'],
    string[],
  ][] = [
    ['finish', (s) => s.apply({ type: 'finish' }), 'complete', []],
    ['abort', (s) => s.apply({ type: 'abort' }), 'stopped', []],
    [
      'an error part',
      (s) => s.apply({ type: 'error', errorText: 'model overloaded' }),
      'error',
      ['stream_error'],
    ],
    [
      'a dropped connection',
      (s) => s.endTurn('interrupted', { code: 'connection_lost', detail: 'reset' }),
      'interrupted',
      ['connection_lost'],
    ],
    ['Stop', (s) => s.endTurn('stopped'), 'stopped', []],
  ];
  for (const [name, end, status, notices] of endings) {
    it(`ends a turn on ${name} the one way: text and reasoning done, a running tool failed, closed`, () => {
      const state = turnUnderWay();
      const change = end(state);
      const turn = turnOf(state);
      expect(change?.closed).to.equal(true);
      expect(turn.status).to.equal(status);
      expect(turn.closed).to.equal(true);
      expect(state.openTurn).to.equal(undefined);
      expect(settled(turn)).to.deep.equal([
        'reasoning:true',
        'text:true',
        'lookup:failed',
        'block',
        ...notices.map(() => 'notice'),
      ]);
      expect(
        turn.items
          .filter((i) => i.kind === 'notice')
          .map((i) => (i.kind === 'notice' ? i.code : '')),
      ).to.deep.equal(notices);
    });
  }

  it('ends a turn once the final report is in and no tool is pending, settling it the same way', () => {
    const state = turnUnderWay();
    expect(
      state.apply({ type: 'data-final_answer', data: { text: 'Up 12%.', ui_block_ids: ['kpi'] } })
        ?.closed,
    ).to.equal(undefined);
    const change = state.apply({
      type: 'tool-output-available',
      toolCallId: 'c1',
      output: { rows: 3 },
    });
    expect(change?.closed).to.equal(true);
    expect(turnOf(state).status).to.equal('complete');
    expect(settled(turnOf(state))).to.deep.equal([
      'reasoning:true',
      'text:true',
      'lookup:done',
      'block',
    ]);
  });

  it('joins a text’s deltas once it ends, and opens it again if more of it comes', () => {
    const state = new ThreadState();
    state.addUser('Q?');
    const apply = (...parts: object[]) => parts.forEach((part) => state.apply(readPart(part)!));
    apply(
      { type: 'start' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Revenue ' },
      { type: 'text-delta', id: 't', delta: 'rose.' },
    );
    const text = (state.messages[1] as AssistantTurn).items[0] as Extract<
      TurnItem,
      { kind: 'text' | 'reasoning' }
    >;
    const pieces = text.parts;
    apply({ type: 'text-end', id: 't' });
    expect([text.parts, text.done]).to.deep.equal([['Revenue rose.'], true]);
    // The same array: a renderer goes on from the characters it has read.
    expect(text.parts).to.equal(pieces);
    apply({ type: 'text-delta', id: 't', delta: ' Costs fell.' });
    expect([textOf(text), text.done]).to.deep.equal(['Revenue rose. Costs fell.', false]);
    apply({ type: 'finish' });
    expect([text.parts, text.done]).to.deep.equal([['Revenue rose. Costs fell.'], true]);
  });

  it('ignores parts once a turn is over', () => {
    const state = turnUnderWay();
    state.apply({ type: 'finish' });
    expect(state.apply({ type: 'text-delta', id: 't', delta: ' Later.' })).to.equal(undefined);
    expect(textOf(item(turnOf(state), 'text'))).to.equal('Revenue rose.');
  });

  it('validates a block once and hands the renderer a block the catalog vouches for', () => {
    const block = item(turnOf(turnUnderWay()), 'block') as BlockItem;
    expect(block.valid).to.equal(true);
    expect(isValidatedBlock(block.block)).to.equal(true);
    // A look-alike the validator did not return is not vouched for.
    expect(isValidatedBlock(structuredClone(block.block))).to.equal(false);
  });

  it('reports an invalid block in the change, with the validator’s errors, and keeps its fallback', () => {
    const state = turnUnderWay();
    const change = state.apply({
      type: 'data-answer_ui',
      id: 'bad',
      data: {
        ...metricBlock(1),
        block_id: 'bad',
        elements: { m: { type: 'Metric', props: { label: 'x', value: Infinity } } },
      },
    });
    expect(change?.rejected?.blockId).to.equal('bad');
    expect(change?.rejected?.errors.map((e) => e.code)).to.include('non_finite');
    const bad = turnOf(state).items.find(
      (i) => i.kind === 'block' && i.blockId === 'bad',
    ) as BlockItem;
    expect(bad.valid).to.equal(false);
  });

  it('updates a block with the same id in place within the turn', () => {
    const state = turnUnderWay();
    const before = item(turnOf(state), 'block');
    const change = state.apply({ type: 'data-answer_ui', id: 'kpi', data: metricBlock(13) });
    expect(change?.newBlock).to.equal(undefined);
    expect(item(turnOf(state), 'block')).to.equal(before);
    expect((before.block as ReturnType<typeof metricBlock>).elements.m.props.value).to.equal(13);
  });
});

/** Applies raw parts as the thread does: read, then applied. */
function feed(state: ThreadState, parts: Record<string, unknown>[]): (Change | undefined)[] {
  return parts.map((part) => state.apply(readPart(part)!));
}

const answerCall = (toolCallId: string, toolName = 'present_answer') => ({
  type: 'tool-input-start',
  toolCallId,
  toolName,
});
/** The keys of the answer calls whose placeholder is showing. */
const preparing = (turn: AssistantTurn) =>
  turn.items.filter((i) => i.kind === 'tool' && i.preparing).map((i) => i.key);
/** The turn's items as the reader meets them, top to bottom. */
const order = (turn: AssistantTurn) =>
  turn.items.map((i) =>
    i.kind === 'block' ? `block:${i.blockId}` : i.kind === 'step' ? 'step' : i.key,
  );

describe('ThreadState: a placeholder while a block is prepared', () => {
  it('holds a place from the start of a present_answer call until its block arrives, and the block takes that place', () => {
    const state = new ThreadState();
    feed(state, [
      { type: 'start' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Checking.' },
      answerCall('c1'),
      { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '{"block_id":"kp' },
      answerCall('c2', 'lookup'),
    ]);
    const turn = turnOf(state);
    expect(preparing(turn), 'only the answer call prepares a block').to.deep.equal(['tool:c1']);
    const change = state.apply({
      type: 'tool-input-available',
      toolCallId: 'c1',
      toolName: 'present_answer',
      input: metricBlock(12),
    });
    expect(change?.newBlock?.blockId).to.equal('kpi');
    expect(preparing(turn)).to.deep.equal([]);
    expect(order(turn)).to.deep.equal(['text:t', 'tool:c1', 'block:kpi', 'tool:c2']);
  });

  it('ends the placeholder of a call whose block is rejected: the first version shows its fallback, as before', () => {
    const state = new ThreadState();
    feed(state, [{ type: 'start' }, answerCall('c1')]);
    const change = state.apply({
      type: 'tool-input-available',
      toolCallId: 'c1',
      toolName: 'present_answer',
      input: {
        ...metricBlock(1),
        elements: { m: { type: 'Metric', props: { label: 'x', value: Infinity } } },
      },
    });
    expect(change?.rejected?.errors.map((e) => e.code)).to.include('non_finite');
    expect(preparing(turnOf(state))).to.deep.equal([]);
    expect(item(turnOf(state), 'block').valid).to.equal(false);
  });

  it('gives a data part’s block the oldest placeholder (answer calls hidden by the back end); a finished step ends the rest', () => {
    const state = new ThreadState();
    feed(state, [{ type: 'start' }, { type: 'start-step' }, answerCall('c1'), answerCall('c2')]);
    const turn = turnOf(state);
    expect(preparing(turn)).to.deep.equal(['tool:c1', 'tool:c2']);
    feed(state, [{ type: 'data-answer_ui', id: 'kpi', data: metricBlock(12) }]);
    expect(preparing(turn)).to.deep.equal(['tool:c2']);
    expect(order(turn)).to.deep.equal(['step', 'tool:c1', 'block:kpi', 'tool:c2']);
    // c2's block was rejected by the back end and never written.
    expect(state.apply({ type: 'finish-step' })?.turn, 'the turn re-renders').to.equal(turn);
    expect(preparing(turn)).to.deep.equal([]);
    expect(settled(turn), 'saved as the calls went').to.deep.equal([
      'step',
      'present_answer:done',
      'block',
      'present_answer:failed',
    ]);
    expect(state.openTurn, 'the turn goes on').to.equal(turn);
  });

  it('ends a placeholder when its call reports an output or an error', () => {
    const state = new ThreadState();
    feed(state, [{ type: 'start' }, answerCall('c1'), answerCall('c2')]);
    feed(state, [
      { type: 'tool-output-available', toolCallId: 'c1', output: { ok: false } },
      {
        type: 'tool-input-error',
        toolCallId: 'c2',
        toolName: 'present_answer',
        errorText: 'bad JSON',
      },
    ]);
    expect(preparing(turnOf(state))).to.deep.equal([]);
  });

  const endings: [string, (state: ThreadState) => unknown][] = [
    ['finish', (s) => s.apply({ type: 'finish' })],
    ['abort', (s) => s.apply({ type: 'abort' })],
    ['an error part', (s) => s.apply({ type: 'error', errorText: 'overloaded' })],
    [
      'a dropped connection',
      (s) => s.endTurn('interrupted', { code: 'connection_lost', detail: 'reset' }),
    ],
    [
      'the final report',
      (s) => s.apply({ type: 'data-final_answer', data: { text: 'Done.', ui_block_ids: [] } }),
    ],
  ];
  for (const [name, end] of endings) {
    it(`leaves nothing preparing when the turn ends on ${name}`, () => {
      const state = new ThreadState();
      feed(state, [{ type: 'start' }, answerCall('c1')]);
      end(state);
      expect(turnOf(state).closed).to.equal(true);
      expect(preparing(turnOf(state))).to.deep.equal([]);
    });
  }

  it('does not prepare again for a call it has already seen', () => {
    const state = new ThreadState();
    feed(state, [
      { type: 'start' },
      answerCall('c1'),
      { type: 'data-answer_ui', id: 'kpi', data: metricBlock(12) },
      answerCall('c1'),
    ]);
    expect(preparing(turnOf(state))).to.deep.equal([]);
  });
});

describe('ThreadState: the last good version of a block', () => {
  const broken = () => ({
    ...metricBlock(13),
    elements: { m: { type: 'Metric', props: { label: 'Revenue', value: Infinity } } },
  });

  it('keeps the last valid version when a same-id update fails validation, and adds one notice instead of a rejection', () => {
    const state = turnUnderWay();
    const kept = item(turnOf(state), 'block');
    const good = kept.block;
    const change = state.apply({ type: 'data-answer_ui', id: 'kpi', data: broken() });
    expect(change?.rejected, 'one answer-error: the notice').to.equal(undefined);
    expect(change?.notice?.code).to.equal('invalid_update');
    expect(change?.notice?.detail).to.include('kpi').and.include('non_finite');
    expect(kept.valid).to.equal(true);
    expect(kept.block).to.equal(good);
    expect(turnOf(state).items.filter((i) => i.kind === 'notice')).to.deep.equal([change!.notice]);
  });

  it('the same through a present_answer call, and a later valid update still applies', () => {
    const state = turnUnderWay();
    feed(state, [
      answerCall('c2'),
      {
        type: 'tool-input-available',
        toolCallId: 'c2',
        toolName: 'present_answer',
        input: broken(),
      },
    ]);
    const kept = item(turnOf(state), 'block');
    expect((kept.block as ReturnType<typeof metricBlock>).elements.m.props.value).to.equal(12);
    expect(preparing(turnOf(state))).to.deep.equal([]);
    state.apply({ type: 'data-answer_ui', id: 'kpi', data: metricBlock(14) });
    expect((kept.block as ReturnType<typeof metricBlock>).elements.m.props.value).to.equal(14);
  });

  it('an invalid block that never had a valid version is rejected, and a valid update then replaces its fallback', () => {
    const state = new ThreadState();
    const [, first] = feed(state, [
      { type: 'start' },
      { type: 'data-answer_ui', id: 'kpi', data: broken() },
    ]);
    expect(first?.rejected?.blockId).to.equal('kpi');
    expect(first?.notice).to.equal(undefined);
    state.apply({ type: 'data-answer_ui', id: 'kpi', data: metricBlock(14) });
    expect(item(turnOf(state), 'block').valid).to.equal(true);
  });
});

describe('ThreadState: a report that names a block not shown yet', () => {
  const report = { text: 'Up 12%.', ui_block_ids: ['kpi'] };
  /** A turn whose first part is a `final_answer` call naming `kpi`, before any block. */
  function reportFirst() {
    const state = new ThreadState();
    state.addUser('How did Q3 go?');
    const apply = (part: unknown) => state.apply(readPart(part)!);
    apply({ type: 'start' });
    apply({
      type: 'tool-input-available',
      toolCallId: 'f1',
      toolName: 'final_answer',
      input: report,
    });
    return { state, apply };
  }
  const blockCall = (id: string) => ({
    type: 'tool-input-available',
    toolCallId: id,
    toolName: 'present_answer',
    input: metricBlock(12),
  });

  it('waits for the call’s result: a refusal is not the report, the repaired one is', () => {
    const { state, apply } = reportFirst();
    expect(turnOf(state).final, 'held, not taken').to.equal(undefined);
    expect(turnOf(state).items.map((i) => i.kind)).to.deep.equal(['tool']);
    apply(blockCall('p1'));
    const refused = { ok: false, errors: [], message: 'fix it' };
    apply({ type: 'tool-output-available', toolCallId: 'f1', output: refused });
    expect(turnOf(state).final).to.equal(undefined);
    expect(turnOf(state).closed).to.equal(false);
    apply({
      type: 'tool-input-available',
      toolCallId: 'f2',
      toolName: 'final_answer',
      input: report,
    });
    expect(turnOf(state).final).to.deep.equal({ text: 'Up 12%.', blockIds: ['kpi'] });
    expect(turnOf(state).items.filter((i) => i.kind === 'notice')).to.deep.equal([]);
  });

  it('a back end that took it: the report stands, with the blocks shown by then', () => {
    const { state, apply } = reportFirst();
    apply(blockCall('p1'));
    apply({ type: 'tool-output-available', toolCallId: 'f1', output: { ok: true } });
    expect(turnOf(state).final).to.deep.equal({ text: 'Up 12%.', blockIds: ['kpi'] });
    expect(turnOf(state)).to.include({ status: 'complete', closed: true });
  });

  it('no result before the stream finishes: the report stands without the unknown blocks, with a notice', () => {
    const { state, apply } = reportFirst();
    const change = apply({ type: 'finish' });
    expect(change?.closed).to.equal(true);
    expect(turnOf(state).final).to.deep.equal({ text: 'Up 12%.', blockIds: [] });
    expect(turnOf(state).items.find((i) => i.kind === 'notice')).to.include({
      code: 'invalid_final_answer',
    });
  });
});

describe('ThreadState: a step retried (AI SDK 7 reset-step)', () => {
  const report = (ids: string[]) => ({ text: 'Revenue rose.', ui_block_ids: ids });

  function stepped(...steps: Record<string, unknown>[][]): ThreadState {
    const state = new ThreadState();
    state.addUser('How did Q3 go?');
    state.apply(readPart({ type: 'start', messageId: 'a' })!);
    for (const step of steps) for (const part of step) state.apply(readPart(part)!);
    return state;
  }
  const firstStep = [
    { type: 'start-step' },
    ...textParts('t1', 'Looking.'),
    { type: 'data-answer_ui', id: 'kpi', data: metricBlock(12) },
    { type: 'finish-step' },
  ];
  const kinds = (state: ThreadState) =>
    (state.messages[1] as AssistantTurn).items.map((item) => item.kind);

  it('drops everything the step added since it began: text, calls, a block it published', () => {
    const state = stepped(firstStep, [
      { type: 'start-step' },
      ...textParts('t2', 'A draft.'),
      { type: 'tool-input-available', toolCallId: 'c1', toolName: 'lookup', input: {} },
      { type: 'data-answer_ui', id: 'chart', data: { ...metricBlock(1), block_id: 'chart' } },
      { type: 'reset-step' },
    ]);
    expect(kinds(state)).to.deep.equal(['step', 'text', 'block', 'step']);
    const blocks = (state.messages[1] as AssistantTurn).items.filter(
      (item): item is BlockItem => item.kind === 'block',
    );
    expect(blocks.map((block) => block.blockId)).to.deep.equal(['kpi']);
  });

  it('a report published in the retried step goes with it, and the turn stays open for the retry', () => {
    const state = stepped(firstStep, [
      { type: 'start-step' },
      { type: 'data-final_answer', data: report(['kpi']) },
    ]);
    // The report named only an earlier block and sealed the turn: a later reset cannot touch it.
    expect(state.openTurn).to.equal(undefined);
    const retried = stepped(firstStep, [
      { type: 'start-step' },
      { type: 'tool-input-available', toolCallId: 'c2', toolName: 'lookup', input: {} },
      { type: 'data-final_answer', data: report(['kpi']) },
      { type: 'reset-step' },
    ]);
    const turn = retried.messages[1] as AssistantTurn;
    expect(turn.final, 'the report of the dropped step').to.equal(undefined);
    expect(retried.openTurn).to.equal(turn);
    retried.apply(readPart({ type: 'data-final_answer', data: report(['kpi']) })!);
    expect(turn.final).to.deep.equal({ text: 'Revenue rose.', blockIds: ['kpi'] });
  });

  it('a reset with no step begun drops the whole answer so far, as useChat does', () => {
    const state = new ThreadState();
    state.addUser('Hi');
    for (const part of [{ type: 'start' }, ...textParts('t', 'Draft.'), { type: 'reset-step' }])
      state.apply(readPart(part)!);
    expect((state.messages[1] as AssistantTurn).items).to.deep.equal([]);
  });

  it('tells its listeners that items left the turn', () => {
    const state = stepped(firstStep);
    const heard: Change[] = [];
    state.listen((change) => heard.push(change));
    state.apply(readPart({ type: 'start-step' })!);
    for (const part of textParts('t2', 'Draft.')) state.apply(readPart(part)!);
    const before = heard.length;
    state.apply(readPart({ type: 'reset-step' })!);
    expect(heard, 'the reset is heard').to.have.length(before + 1);
    expect(heard.at(-1)!.turn).to.equal(state.messages[1]);
    expect(JSON.stringify(heard.at(-1)!.turn.items)).not.to.include('Draft.');
  });
});

describe('readPart', () => {
  it('passes well-formed parts it handles and drops the rest', () => {
    expect(readPart({ type: 'text-delta', id: 't', delta: 'x' })).to.deep.equal({
      type: 'text-delta',
      id: 't',
      delta: 'x',
    });
    expect(readPart({ type: 'text-delta', id: 't' })).to.equal(undefined);
    expect(readPart({ type: 'data-answer_ui', id: 3, data: {} })).to.equal(undefined);
    expect(readPart({ type: 'something-new' })).to.equal(undefined);
    expect(readPart('text')).to.equal(undefined);
    expect(readPart({ type: 'error' })).to.deep.equal({ type: 'error', errorText: '' });
  });
});
