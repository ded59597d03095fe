import { expect } from 'chai';
import {
  answerApproval,
  pendingApprovals,
  readPart,
  ThreadState,
  type AssistantTurn,
  type Change,
  type DataItem,
  type ToolItem,
} from './index.js';

/* What an AI SDK stream carries beyond text and blocks: runs in Node (mocha) and in Chromium (web-test-runner). */

function feed(state: ThreadState, parts: unknown[]): (Change | undefined)[] {
  return parts.map((part) => {
    const known = readPart(part);
    return known && state.apply(known);
  });
}

const lastTurn = (state: ThreadState) => state.messages.at(-1) as AssistantTurn;
const tools = (turn: AssistantTurn) => turn.items.filter((i): i is ToolItem => i.kind === 'tool');

/** A turn whose two tool calls wait for the reader's approval, as `streamText` ends it. */
function awaitingTwoApprovals(): ThreadState {
  const state = new ThreadState();
  state.addUser('Delete both drafts.');
  feed(state, [
    { type: 'start', messageId: 'a1' },
    { type: 'start-step' },
    {
      type: 'tool-input-available',
      toolCallId: 'c1',
      toolName: 'delete_file',
      input: { path: '/a.pdf' },
    },
    { type: 'tool-approval-request', approvalId: 'ap1', toolCallId: 'c1' },
    {
      type: 'tool-input-available',
      toolCallId: 'c2',
      toolName: 'delete_file',
      input: { path: '/b.pdf' },
    },
    { type: 'tool-approval-request', approvalId: 'ap2', toolCallId: 'c2' },
    { type: 'finish-step' },
    { type: 'finish' },
  ]);
  return state;
}

describe('stream parts beyond text and blocks', () => {
  it('keeps sources once each, in order, with what the list shows', () => {
    const state = new ThreadState();
    feed(state, [
      { type: 'start' },
      { type: 'source-url', sourceId: 's1', url: 'https://example.com/q3', title: 'Q3 report' },
      {
        type: 'source-document',
        sourceId: 's2',
        mediaType: 'application/pdf',
        title: 'Ledger',
        filename: 'ledger.pdf',
      },
      { type: 'source-url', sourceId: 's1', url: 'https://example.com/q3', title: 'Q3 report' },
      { type: 'source-url', sourceId: 's3' },
    ]);
    const sources = lastTurn(state).items.filter((i) => i.kind === 'source');
    expect(sources).to.deep.equal([
      {
        kind: 'source',
        key: 'source:s1',
        sourceId: 's1',
        title: 'Q3 report',
        url: 'https://example.com/q3',
      },
      {
        kind: 'source',
        key: 'source:s2',
        sourceId: 's2',
        title: 'Ledger',
        mediaType: 'application/pdf',
        filename: 'ledger.pdf',
      },
    ]);
  });

  it('joins a finished text’s deltas into one piece, in the same array', () => {
    const state = new ThreadState();
    feed(state, [
      { type: 'start' },
      { type: 'text-start', id: 't' },
      ...['One ', 'two ', 'three.'].map((delta) => ({ type: 'text-delta', id: 't', delta })),
    ]);
    const text = lastTurn(state).items[0] as { parts: string[] };
    const parts = text.parts;
    expect(parts).to.have.length(3);
    feed(state, [{ type: 'text-end', id: 't' }]);
    expect(text.parts).to.equal(parts);
    expect(parts).to.deep.equal(['One two three.']);
  });

  it('keeps files and step boundaries where they arrived', () => {
    const state = new ThreadState();
    feed(state, [
      { type: 'start' },
      { type: 'start-step' },
      { type: 'file', url: 'data:image/png;base64,iVBORw0KGgo=', mediaType: 'image/png' },
      { type: 'file', url: 'https://example.com/x.pdf' },
    ]);
    expect(lastTurn(state).items.map((i) => i.kind)).to.deep.equal(['step', 'file']);
  });

  it('a tool that asks for approval waits for the reader, also after the turn ends', () => {
    const state = awaitingTwoApprovals();
    const turn = lastTurn(state);
    expect(turn.status).to.equal('complete');
    expect(tools(turn).map((t) => [t.status, t.approval, t.input])).to.deep.equal([
      ['awaiting_approval', { id: 'ap1' }, { path: '/a.pdf' }],
      ['awaiting_approval', { id: 'ap2' }, { path: '/b.pdf' }],
    ]);
    expect(pendingApprovals(state.messages)).to.have.length(2);
  });

  it('continues the turn once every approval has an answer', () => {
    const state = awaitingTwoApprovals();
    const [first, second] = pendingApprovals(state.messages);
    expect(answerApproval(state.messages, first!, true)).to.equal(undefined);
    expect(answerApproval(state.messages, first!, false), 'an answer is given once').to.equal(
      undefined,
    );
    const turn = answerApproval(state.messages, second!, false, 'keep it');
    expect(turn).to.equal(lastTurn(state));
    expect(second!.approval).to.deep.equal({ id: 'ap2', approved: false, reason: 'keep it' });

    state.continueTurn(turn!);
    expect(state.openTurn).to.equal(turn);
    feed(state, [
      { type: 'start', messageId: 'a1' },
      { type: 'tool-output-available', toolCallId: 'c1', output: { deleted: '/a.pdf' } },
      { type: 'tool-output-denied', toolCallId: 'c2' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Deleted one.' },
      { type: 'finish' },
    ]);
    expect(state.messages).to.have.length(2);
    expect(tools(turn!).map((t) => t.status)).to.deep.equal(['done', 'denied']);
    expect(tools(turn!)[1]!.approval).to.deep.equal({
      id: 'ap2',
      approved: false,
      reason: 'keep it',
    });
  });

  it('ignores an approval request for a call it does not know or an answer call', () => {
    const state = new ThreadState();
    const changes = feed(state, [
      { type: 'start' },
      { type: 'tool-approval-request', approvalId: 'x', toolCallId: 'nobody' },
      { type: 'tool-input-available', toolCallId: 'p', toolName: 'present_answer', input: {} },
      { type: 'tool-approval-request', approvalId: 'y', toolCallId: 'p' },
    ]);
    expect(changes[1]).to.equal(undefined);
    expect(changes[3]).to.equal(undefined);
    expect(pendingApprovals(state.messages)).to.deep.equal([]);
  });

  it('merges message metadata from start, message-metadata and finish', () => {
    const state = new ThreadState();
    feed(state, [
      { type: 'start', messageMetadata: { model: 'm1' } },
      { type: 'message-metadata', messageMetadata: { tokens: 10 } },
      { type: 'finish', messageMetadata: { tokens: 12 } },
    ]);
    expect(lastTurn(state).metadata).to.deep.equal({ model: 'm1', tokens: 12 });
  });

  it('keeps another back end’s data parts for the host: a same-id part replaces, a transient one is only announced', () => {
    const state = new ThreadState();
    const changes = feed(state, [
      { type: 'start' },
      { type: 'data-weather', id: 'w', data: { city: 'Oslo', temp: 3 } },
      { type: 'data-weather', id: 'w', data: { city: 'Oslo', temp: 4 } },
      { type: 'data-progress', data: { percent: 50 }, transient: true },
      { type: 'data-answer_form', data: {} },
    ]);
    const data = lastTurn(state).items.filter((i): i is DataItem => i.kind === 'data');
    expect(data.map((i) => [i.type, i.id, i.data])).to.deep.equal([
      ['data-weather', 'w', { city: 'Oslo', temp: 4 }],
    ]);
    expect(changes[2]!.data).to.deep.equal({
      type: 'data-weather',
      id: 'w',
      data: { city: 'Oslo', temp: 4 },
      transient: false,
    });
    expect(changes[3]!.data).to.deep.equal({
      type: 'data-progress',
      data: { percent: 50 },
      transient: true,
    });
    expect(changes[4], 'the thread’s own parts are not the host’s').to.equal(undefined);
  });

  it('drops a message and everything after it, never while a turn streams', () => {
    const state = awaitingTwoApprovals();
    const question = state.messages[0]!;
    state.continueTurn(lastTurn(state));
    expect(state.dropFrom(question)).to.deep.equal([]);
    feed(state, [{ type: 'finish' }]);
    const dropped = state.dropFrom(question);
    expect(dropped.map((m) => m.role)).to.deep.equal(['user', 'assistant']);
    expect(state.messages).to.deep.equal([]);
    expect(state.addUser('Again', undefined, undefined, question.id).id).to.equal(question.id);
  });
});
