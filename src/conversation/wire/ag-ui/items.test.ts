import { expect } from 'chai';
import type { AssistantTurn, ToolItem } from '../../messages.js';
import { activityStep, adoptIds, resultIds, subagentStep } from './items.js';
import { PatchError } from './json-patch.js';

const turnOf = (...items: AssistantTurn['items']): AssistantTurn => ({
  role: 'assistant',
  id: 'a1',
  items,
  status: 'complete',
  closed: true,
});
const tool = (id: string, extra: Partial<ToolItem> = {}): ToolItem => ({
  kind: 'tool',
  key: `tool:${id}`,
  name: 'query',
  status: 'done',
  summary: '',
  input: {},
  ...extra,
});

describe('AG-UI items of a turn', () => {
  it('takes the ids a snapshot gives to the results a turn shows, and nothing else', () => {
    const answered = tool('c1', { output: 'ok', resultId: 'r-c1' });
    const failed = tool('c2', { status: 'failed', errorText: 'no' });
    const unanswered = tool('c3', { status: 'waiting' });
    const turn = turnOf(answered, failed, unanswered);
    const snapshot = [
      { id: 'u1', role: 'user', content: 'Q' },
      { id: 's-c1', role: 'tool', toolCallId: 'c1', content: 'ok' },
      { id: 's-c2', role: 'tool', toolCallId: 'c2', content: '', error: 'no' },
      { id: 's-c3', role: 'tool', toolCallId: 'c3', content: 'later' },
      { id: 'x'.repeat(201), role: 'tool', toolCallId: 'c1', content: 'ok' },
      null,
      { role: 'tool', toolCallId: 'c1' },
    ];
    const before = structuredClone(turn.items.map((i) => ({ ...i, resultId: undefined })));
    expect(adoptIds(turn, resultIds(snapshot))).to.equal(true);
    expect([answered.resultId, failed.resultId, unanswered.resultId]).to.deep.equal([
      's-c1',
      's-c2',
      undefined,
    ]);
    // What shows is the same: only the ids changed.
    expect(turn.items.map((i) => ({ ...i, resultId: undefined }))).to.deep.equal(before);
    expect(adoptIds(turn, resultIds(snapshot))).to.equal(false);
  });

  it('keeps a subagent step under its name, failed by its error; an activity patched whole or not at all', () => {
    const turn = turnOf();
    subagentStep(turn, 'sa', { name: 'researcher', status: 'running', summary: 'Reads logs' });
    subagentStep(turn, 'sa', { status: 'failed', summary: 'Quota reached' });
    expect(turn.items).to.deep.equal([
      {
        kind: 'activity',
        key: 'subagent:sa',
        type: 'subagent',
        name: 'researcher',
        status: 'failed',
        summary: 'Quota reached',
      },
    ]);
    activityStep(turn, 'p', 'plan', { content: { steps: ['a'] } });
    activityStep(turn, 'p', 'plan', { patch: [{ op: 'add', path: '/steps/-', value: 'b' }] });
    expect(() =>
      activityStep(turn, 'p', 'plan', { patch: [{ op: 'remove', path: '/nothing' }] }),
    ).to.throw(PatchError);
    expect(turn.items[1]).to.deep.include({
      type: 'plan',
      content: { steps: ['a', 'b'] },
      summary: '{"steps":["a","b"]}',
    });
  });
});
