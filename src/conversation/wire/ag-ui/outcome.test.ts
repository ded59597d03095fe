import { expect } from 'chai';
import fc from 'fast-check';
import { validateBlock } from '../../../catalog/index.js';
import type { AssistantTurn, InterruptItem, ToolItem } from '../../messages.js';
import { applyOutcome, interruptItem, readOutcome, resumeEntries } from './outcome.js';
import { EventTranslator, MalformedEvent, MAX_ENCRYPTED_VALUE } from './translate.js';

/*
 * What the AG-UI 1.0 additions take from the network: an outcome, an
 * interrupt's schema, the new events. Any of them may be anything; none
 * may throw past the reader's checks or bring more than its bounds.
 */

const turnOf = (...items: AssistantTurn['items']): AssistantTurn => ({
  role: 'assistant',
  id: 'a1',
  items,
  status: 'streaming',
  closed: false,
});
const tool = (id: string, extra: Partial<ToolItem> = {}): ToolItem => ({
  kind: 'tool',
  key: `tool:${id}`,
  name: 'pick_file',
  status: 'running',
  summary: '',
  input: {},
  ...extra,
});
const fieldsOf = (item: InterruptItem) =>
  (item.form?.elements.form?.props as { fields: { name: string; kind: string }[] } | undefined)
    ?.fields;

describe('AG-UI run outcomes and interrupts', () => {
  it('reads any outcome without throwing, within its bounds, and every form it makes is a valid block', () => {
    fc.assert(
      fc.property(fc.anything({ maxDepth: 5 }), fc.anything({ maxDepth: 4 }), (raw, schema) => {
        const outcome = readOutcome(raw);
        const wrapped = readOutcome({
          type: 'interrupt',
          interrupts: [{ id: 'i', reason: 'r', responseSchema: schema }, raw],
        });
        for (const read of [outcome, wrapped]) {
          if (read.type !== 'interrupt') continue;
          expect(read.interrupts.length).to.be.within(1, 16);
          for (const interrupt of read.interrupts) {
            const item = interruptItem(interrupt, 'Your answer');
            if (item.form) expect(validateBlock(item.form).ok).to.equal(true);
          }
        }
      }),
      { numRuns: 300 },
    );
    expect(readOutcome({ type: 'interrupt', interrupts: [] })).to.deep.equal({ type: 'success' });
    expect(readOutcome({ type: 'someday' })).to.deep.equal({ type: 'success' });
  });

  it('makes a flat object schema into its fields, and anything else into one text answer', () => {
    const flat = interruptItem(
      {
        id: 'i1',
        reason: 'input_required',
        message: 'When?',
        responseSchema: {
          type: 'object',
          properties: {
            day: { type: 'string', enum: ['Tue', 'Sat'] },
            crew: { type: 'integer', minimum: 1 },
            urgent: { type: 'boolean' },
            note: { type: 'string' },
          },
          required: ['day'],
        },
      },
      'Your answer',
    );
    expect(fieldsOf(flat)).to.deep.equal([
      { name: 'day', label: 'day', kind: 'select', options: ['Tue', 'Sat'], required: true },
      { name: 'crew', label: 'crew', kind: 'number', min: 1 },
      { name: 'urgent', label: 'urgent', kind: 'checkbox' },
      { name: 'note', label: 'note', kind: 'text' },
    ]);
    expect(flat.textAnswer).to.equal(undefined);
    const nested = interruptItem(
      {
        id: 'i2',
        reason: 'input_required',
        responseSchema: { type: 'object', properties: { where: { type: 'object' } } },
      },
      'Your answer',
    );
    expect(fieldsOf(nested)).to.deep.equal([
      { name: 'answer', label: 'Your answer', kind: 'textarea', required: true },
    ]);
    expect(nested.textAnswer).to.equal(true);
    expect(interruptItem({ id: 'i3', reason: 'wait' }, 'Your answer').form).to.equal(undefined);
  });

  it('leaves the calls a run names waiting, or when it names none every call without a result', () => {
    const named = turnOf(tool('c1'), tool('c2'));
    applyOutcome(named, { type: 'success', pendingToolCallIds: ['c2'] }, '');
    expect(named.items.map((i) => (i as ToolItem).status)).to.deep.equal(['running', 'waiting']);
    const derived = turnOf(tool('c1'), tool('c2', { status: 'done', output: 'ok' }));
    applyOutcome(derived, readOutcome(undefined), '');
    expect(derived.items.map((i) => (i as ToolItem).status)).to.deep.equal(['waiting', 'done']);
  });

  it('leaves the calls of a run paused on an interrupt waiting, and a cancelled run’s as they are', () => {
    const paused = turnOf(tool('c1'));
    applyOutcome(paused, { type: 'interrupt', interrupts: [{ id: 'i1', reason: 'confirm' }] }, '');
    expect(paused.items.map((i) => i.kind)).to.deep.equal(['tool', 'interrupt']);
    expect((paused.items[0] as ToolItem).status).to.equal('waiting');
    const cancelled = turnOf(tool('c1'));
    applyOutcome(cancelled, { type: 'cancelled' }, '');
    expect((cancelled.items[0] as ToolItem).status).to.equal('running');
  });

  it('resumes each interrupt of the last answer: answered ones resolved, the rest and expired ones cancelled', () => {
    const answered = interruptItem(
      {
        id: 'a',
        reason: 'r',
        responseSchema: { type: 'object', properties: { day: { type: 'string' } } },
      },
      'A',
    );
    answered.answer = { day: 'Sat' };
    const text = interruptItem({ id: 't', reason: 'r', responseSchema: { type: 'array' } }, 'A');
    text.answer = { answer: 'Saturday morning' };
    const expired = interruptItem({ id: 'e', reason: 'r', expiresAt: '2001-01-01T00:00:00Z' }, 'A');
    expired.answer = { day: 'Sat' };
    const open = interruptItem({ id: 'o', reason: 'r' }, 'A');
    const turn = turnOf(answered, text, expired, open);
    const { resume, turn: changed } = resumeEntries([
      { role: 'user', id: 'u1', text: 'Book' },
      turn,
    ]);
    expect(resume).to.deep.equal([
      { interruptId: 'a', status: 'resolved', payload: { day: 'Sat' } },
      { interruptId: 't', status: 'resolved', payload: 'Saturday morning' },
      { interruptId: 'e', status: 'cancelled' },
      { interruptId: 'o', status: 'cancelled' },
    ]);
    expect(changed).to.equal(turn);
    expect(open.cancelled).to.equal(true);
    // The run after the resumed one resumes nothing.
    expect(resumeEntries([turn, turnOf()]).resume).to.deep.equal([]);
  });
});

describe('AG-UI 1.0 events', () => {
  const translate = (event: unknown) => new EventTranslator().translate(event);

  it('keeps an encrypted value for its message or call, unless it is too long to keep whole', () => {
    expect(
      translate({
        type: 'REASONING_ENCRYPTED_VALUE',
        subtype: 'tool-call',
        entityId: 'c1',
        encryptedValue: 'e',
      }).effect,
    ).to.deep.equal({ kind: 'annotate', keys: ['tool:c1'], fields: { encryptedValue: 'e' } });
    expect(
      translate({
        type: 'REASONING_ENCRYPTED_VALUE',
        subtype: 'message',
        entityId: 'r1',
        encryptedValue: 'x'.repeat(MAX_ENCRYPTED_VALUE + 1),
      }).effect,
    ).to.equal(undefined);
  });

  it('refuses new events without the fields they need, as malformed', () => {
    for (const event of [
      { type: 'SUBAGENT_STARTED', subagentRunId: 's' },
      { type: 'SUBAGENT_ERROR', subagentRunId: 's' },
      { type: 'ACTIVITY_DELTA', messageId: 'a', activityType: 'plan', patch: {} },
      { type: 'ACTIVITY_SNAPSHOT', messageId: 'a', activityType: 'plan' },
      { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'message', entityId: 5, encryptedValue: 'e' },
    ])
      expect(() => translate(event), event.type).to.throw(MalformedEvent);
  });
});
