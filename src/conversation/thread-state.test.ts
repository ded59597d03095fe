import { expect } from 'chai';
import { isValidatedBlock } from '../catalog/index.js';
import { readPart, textOf, ThreadState, type AssistantTurn, type BlockItem, type Change, type TurnItem } from './index.js';

/* The conversation as data: runs in Node (mocha) and in Chromium (web-test-runner). */

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
const item = <K extends TurnItem['kind']>(turn: AssistantTurn, kind: K) => turn.items.find((i) => i.kind === kind) as Extract<TurnItem, { kind: K }>;

/** How a turn reads once it is over, as the reader sees it: every step settled. */
function settled(turn: AssistantTurn) {
  return turn.items.map((i) => (i.kind === 'tool' ? `${i.name}:${i.status}` : i.kind === 'text' || i.kind === 'reasoning' ? `${i.kind}:${i.done}` : i.kind));
}

describe('ThreadState', () => {
  it('reads parts into one turn in stream order', () => {
    const turn = turnOf(turnUnderWay());
    expect(turn.id).to.equal('answer-1');
    expect(turn.items.map((i) => i.kind)).to.deep.equal(['reasoning', 'text', 'tool', 'block']);
    expect(textOf(item(turn, 'text'))).to.equal('Revenue rose.');
  });

  const endings: [string, (state: ThreadState) => Change | undefined, AssistantTurn['status'], string[]][] = [
    ['finish', (s) => s.apply({ type: 'finish' }), 'complete', []],
    ['abort', (s) => s.apply({ type: 'abort' }), 'stopped', []],
    ['an error part', (s) => s.apply({ type: 'error', errorText: 'model overloaded' }), 'error', ['stream_error']],
    ['a dropped connection', (s) => s.endTurn('interrupted', { code: 'connection_lost', detail: 'reset' }), 'interrupted', ['connection_lost']],
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
      expect(settled(turn)).to.deep.equal(['reasoning:true', 'text:true', 'lookup:failed', 'block', ...notices.map(() => 'notice')]);
      expect(turn.items.filter((i) => i.kind === 'notice').map((i) => (i.kind === 'notice' ? i.code : ''))).to.deep.equal(notices);
    });
  }

  it('ends a turn once the final report is in and no tool is pending, settling it the same way', () => {
    const state = turnUnderWay();
    expect(state.apply({ type: 'data-final_answer', data: { text: 'Up 12%.', ui_block_ids: ['kpi'] } })?.closed).to.equal(undefined);
    const change = state.apply({ type: 'tool-output-available', toolCallId: 'c1', output: { rows: 3 } });
    expect(change?.closed).to.equal(true);
    expect(turnOf(state).status).to.equal('complete');
    expect(settled(turnOf(state))).to.deep.equal(['reasoning:true', 'text:true', 'lookup:done', 'block']);
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
      data: { ...metricBlock(1), block_id: 'bad', elements: { m: { type: 'Metric', props: { label: 'x', value: Infinity } } } },
    });
    expect(change?.rejected?.blockId).to.equal('bad');
    expect(change?.rejected?.errors.map((e) => e.code)).to.include('non_finite');
    const bad = turnOf(state).items.find((i) => i.kind === 'block' && i.blockId === 'bad') as BlockItem;
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

describe('readPart', () => {
  it('passes well-formed parts it handles and drops the rest', () => {
    expect(readPart({ type: 'text-delta', id: 't', delta: 'x' })).to.deep.equal({ type: 'text-delta', id: 't', delta: 'x' });
    expect(readPart({ type: 'text-delta', id: 't' })).to.equal(undefined);
    expect(readPart({ type: 'data-answer_ui', id: 3, data: {} })).to.equal(undefined);
    expect(readPart({ type: 'something-new' })).to.equal(undefined);
    expect(readPart('text')).to.equal(undefined);
    expect(readPart({ type: 'error' })).to.deep.equal({ type: 'error', errorText: '' });
  });
});
