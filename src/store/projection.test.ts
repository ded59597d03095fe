import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import {
  SHORTENED_NOTE,
  toUIMessages,
  type AssistantTurn,
  type BlockItem,
  type ThreadMessage,
} from '../conversation/index.js';
import { threadMessages as thread, validBlock } from '../test-support/arbitraries.js';
import { CAPS, PROJECTION_VERSION } from './projection.js';
import { deserializeThread } from './restore.js';
import { serializeThread } from './serialize.js';
import { fuzzRuns, fuzzTimeout } from '../test-support/fuzz.js';

describe('thread projection', () => {
  it('round-trips: a restored thread projects to exactly what was saved', function () {
    this.timeout(fuzzTimeout(150, 3));
    fc.assert(
      fc.property(thread, (messages) => {
        const saved = serializeThread(messages);
        const restored = deserializeThread(JSON.parse(JSON.stringify(saved)));
        expect(restored).to.have.length(messages.length);
        expect(serializeThread(restored)).to.deep.equal(saved);
      }),
      { numRuns: fuzzRuns(150) },
    );
  });

  it('keeps the layout: order, final report, referenced blocks, submitted forms', () => {
    const block = fc.sample(validBlock, { numRuns: 1, seed: 4 })[0]!;
    const original: ThreadMessage[] = [
      { role: 'user', id: 'u1', text: 'Question' },
      {
        role: 'assistant',
        id: 'a1',
        status: 'complete',
        closed: true,
        items: [
          { kind: 'text', key: 'text:1', parts: ['Hel', 'lo'], done: true },
          {
            kind: 'block',
            key: `block:${block.block_id}`,
            blockId: block.block_id,
            block,
            valid: true,
            submissions: { f: { crew: 'Team B' } },
          },
        ],
        final: { text: 'Report', blockIds: [block.block_id] },
      },
    ];
    const [, restored] = deserializeThread(serializeThread(original)) as [unknown, AssistantTurn];
    expect(restored.final).to.deep.equal({ text: 'Report', blockIds: [block.block_id] });
    expect(restored.items.map((i) => i.kind)).to.deep.equal(['text', 'block']);
    expect(restored.items[0]).to.deep.include({ parts: ['Hello'] });
    expect(restored.items[1]).to.deep.include({
      submissions: { f: { crew: 'Team B' } },
      valid: true,
    });
  });

  it('drops heavy payloads and caps long fields', () => {
    const base64 = 'A'.repeat(5_000);
    const saved = serializeThread([
      {
        role: 'user',
        id: 'u',
        text: 'x'.repeat(CAPS.userText + 10),
        data: { blob: base64.repeat(10) },
      },
      {
        role: 'assistant',
        id: 'a',
        status: 'complete',
        closed: true,
        items: [
          {
            kind: 'tool',
            key: 't',
            name: 'render_image',
            status: 'done',
            summary: `{"png":"${base64}"}`,
          },
          { kind: 'reasoning', key: 'r', parts: ['y'.repeat(CAPS.reasoning * 2)], done: true },
        ],
      },
    ]);
    const [userSaved, turnSaved] = saved.messages as unknown as [
      { text: string; data?: unknown },
      { items: { summary?: string; text?: string }[] },
    ];
    expect(userSaved.text).to.have.length(CAPS.userText);
    expect(userSaved.data).to.equal(undefined);
    expect(turnSaved.items[0]!.summary).to.equal('{"png":"[binary data]"}');
    expect(turnSaved.items[1]!.text).to.have.length(CAPS.reasoning);
    expect(JSON.stringify(saved).length).to.be.below(CAPS.userText + CAPS.reasoning + 1_000);
  });

  it('restores a streaming turn as interrupted, and an invalid block as its fallback', () => {
    const restored = deserializeThread({
      version: 1,
      messages: [
        {
          role: 'assistant',
          id: 'a',
          status: 'streaming',
          items: [
            {
              kind: 'block',
              key: 'b',
              blockId: 'b',
              block: { block_id: 'b', fallback_text: 'Plain summary.', root: 'x', elements: {} },
            },
          ],
        },
        { role: 'alien', id: 'z' },
        null,
      ],
    });
    expect(restored).to.have.length(1);
    const turn = restored[0] as AssistantTurn;
    expect(turn.status).to.equal('interrupted');
    expect(turn.items[0]).to.deep.include({
      valid: false,
      block: { fallback_text: 'Plain summary.' },
    });
    expect(
      deserializeThread({
        version: 99,
        messages: [{ role: 'user', id: 'u', text: 'from the future' }],
      }),
    ).to.deep.equal([]);
  });

  it('checks a restored block when it is first read, and a copy or JSON of it carries what it reads', () => {
    const block = fc.sample(validBlock, { numRuns: 1, seed: 7 })[0]!;
    const [turn] = deserializeThread({
      version: PROJECTION_VERSION,
      messages: [
        {
          role: 'assistant',
          id: 'a',
          status: 'complete',
          items: [
            {
              kind: 'block',
              key: 'b1',
              blockId: block.block_id,
              block,
              submissions: { form: { ok: true } },
            },
            {
              kind: 'block',
              key: 'b2',
              blockId: 'bad',
              block: { ...block, block_id: 'bad', root: 'nowhere' },
            },
          ],
        },
      ],
    }) as [AssistantTurn];
    const [good, bad] = turn.items as [BlockItem, BlockItem];
    expect(good).to.deep.include({ valid: true, block, submissions: { form: { ok: true } } });
    expect(bad).to.deep.include({
      valid: false,
      block: { fallback_text: block.fallback_text },
      submissions: {},
    });
    expect(JSON.parse(JSON.stringify(bad))).to.deep.equal({
      kind: 'block',
      key: 'b2',
      blockId: 'bad',
      block: { fallback_text: block.fallback_text },
      valid: false,
      submissions: {},
    });
    expect({ ...good }).to.deep.equal({
      kind: 'block',
      key: 'b1',
      blockId: block.block_id,
      block,
      valid: true,
      submissions: { form: { ok: true } },
    });
    good.submissions = {};
    expect(serializeThread([turn]).messages[0]).to.deep.include({ id: 'a' });
    expect(good.submissions).to.deep.equal({});
  });

  it('keeps tool calls with their input and output; what it shortens goes back saying so, and an answer call keeps its block', () => {
    const block = fc.sample(validBlock, { numRuns: 1, seed: 9 })[0]!;
    const big = { rows: Array.from({ length: 2_000 }, (_, i) => [i, `row ${i}`]) };
    const turn: AssistantTurn = {
      role: 'assistant',
      id: 'a',
      status: 'complete',
      closed: true,
      items: [
        {
          kind: 'reasoning',
          key: 'reasoning:r1',
          parts: ['why '.repeat(CAPS.reasoning)],
          done: true,
        },
        {
          kind: 'tool',
          key: 'tool:c1',
          name: 'query_sales',
          status: 'done',
          summary: 'rows',
          input: { quarter: 'Q3' },
          output: big,
        },
        {
          kind: 'tool',
          key: 'tool:c2',
          name: 'read_logs',
          status: 'failed',
          summary: 'no logs',
          input: { site: 4 },
          errorText: 'no logs',
        },
        {
          kind: 'tool',
          key: 'tool:c3',
          name: 'present_answer',
          status: 'done',
          summary: 'ok',
          input: block,
          output: { ok: true },
        },
        {
          kind: 'block',
          key: `block:${block.block_id}`,
          blockId: block.block_id,
          block,
          valid: true,
          submissions: {},
        },
      ],
    };
    const saved = serializeThread([turn]);
    expect(JSON.stringify(saved).length, 'the block is saved once').to.be.below(
      JSON.stringify(block).length + CAPS.reasoning + CAPS.toolExcerpt + 2_000,
    );
    const sent = toUIMessages(deserializeThread(JSON.parse(JSON.stringify(saved))))[0]!.parts;
    expect(sent.map((part) => part.type)).to.deep.equal([
      'reasoning',
      'tool-query_sales',
      'tool-read_logs',
      'tool-present_answer',
    ]);
    const [reasoning, sales, logs, answer] = sent as unknown as [
      Record<string, unknown>,
      Record<string, unknown>,
      Record<string, unknown>,
      Record<string, unknown>,
    ];
    expect(reasoning.text)
      .to.match(/…/)
      .and.to.satisfy((text: string) => text.endsWith(SHORTENED_NOTE));
    expect(sales).to.deep.include({ state: 'output-available', input: { quarter: 'Q3' } });
    expect(sales.output)
      .to.be.a('string')
      .and.match(/^\{"rows":\[\[0,"row 0"\]/)
      .and.match(/… \[shortened when saved: \d+ characters in all\]$/);
    expect(logs).to.deep.include({
      state: 'output-error',
      errorText: 'no logs',
      input: { site: 4 },
    });
    expect(answer).to.deep.include({
      state: 'output-available',
      input: block,
      output: { ok: true },
    });
  });

  it('never throws on arbitrary stored data', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => void deserializeThread(value)),
      { numRuns: fuzzRuns(300) },
    );
    fc.assert(
      fc.property(
        fc.array(fc.anything()),
        (messages) => void deserializeThread({ version: 1, messages }),
      ),
      { numRuns: fuzzRuns(300) },
    );
  });

  it('leaves out a record nested too deep or holding a cycle; what is restored can be sent and saved', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 7_000; i++) deep = [deep];
    const cyclic: Record<string, unknown> = { kind: 'data', key: 'data:x', type: 'data-x' };
    cyclic.data = cyclic;
    const good = { role: 'user', id: 'u1', text: 'Still here' };
    const messages = deserializeThread({
      version: PROJECTION_VERSION,
      messages: [
        good,
        { role: 'user', id: 'u2', text: 'Deep', data: deep },
        { role: 'assistant', id: 'a1', status: 'complete', items: [cyclic] },
      ],
    });
    expect(messages.map((m) => m.id)).to.deep.equal(['u1']);
    expect(() => JSON.stringify(toUIMessages(messages))).not.to.throw();
    expect(() => structuredClone(messages)).not.to.throw();
  });
});
