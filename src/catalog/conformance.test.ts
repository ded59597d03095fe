import { expect } from 'chai';
import corpus from './conformance/blocks.json' with { type: 'json' };
import { validateBlock, validateFinalAnswer, type Block, type ErrorCode } from './index.js';

/* Runs in Node (mocha) and in Chromium (web-test-runner): the same contract in both. */

interface Case {
  name: string;
  input: unknown;
  valid?: true;
  errors?: { code: ErrorCode; path: string }[];
}

describe('conformance corpus', () => {
  for (const c of (corpus as { cases: Case[] }).cases) {
    it(c.name, () => {
      const result = validateBlock(c.input);
      if (c.valid) {
        expect(result.ok, JSON.stringify(result)).to.equal(true);
        if (result.ok) {
          const source = typeof c.input === 'string' ? JSON.parse(c.input) : c.input;
          expect(result.block).to.deep.equal(source);
        }
      } else {
        expect(result.ok).to.equal(false);
        if (!result.ok) {
          expect(result.errors.map(({ code, path }) => ({ code, path }))).to.deep.equal(c.errors);
          for (const e of result.errors) expect(e.message).to.be.a('string').with.length.above(10);
        }
      }
    });
  }

  it('every error code is covered by the corpus', () => {
    const codes = new Set(
      (corpus as { cases: Case[] }).cases.flatMap((c) => (c.errors ?? []).map((e) => e.code)),
    );
    expect([...codes].sort()).to.deep.equal([
      'cycle',
      'duplicate_field',
      'duplicate_ref',
      'invalid_envelope',
      'invalid_json',
      'invalid_prop',
      'misaligned_series',
      'missing_ref',
      'non_finite',
      'orphan',
      'row_length',
      'too_deep',
      'too_large',
      'too_many_nodes',
      'unknown_component',
      'unknown_prop',
    ]);
  });

  it('messages say what was expected and what was found', () => {
    const result = validateBlock({
      block_id: 'b',
      fallback_text: '',
      root: 'c',
      elements: {
        c: {
          type: 'Chart',
          props: {
            title: 'T',
            kind: 'pie',
            labels: ['a', 'b'],
            series: [{ name: 's', values: [1] }],
          },
        },
      },
    });
    expect(result.ok).to.equal(false);
    if (result.ok) return;
    expect(result.errors.map((e) => e.message)).to.deep.equal([
      'expected one of "line", "bar"; found the string "pie"',
    ]);
    const misaligned = validateBlock({
      block_id: 'b',
      fallback_text: '',
      root: 'c',
      elements: {
        c: {
          type: 'Chart',
          props: { title: 'T', labels: ['a', 'b'], series: [{ name: 's', values: [1] }] },
        },
      },
    });
    expect(misaligned.ok ? [] : misaligned.errors.map((e) => e.message)).to.deep.equal([
      'series "s" has 1 values but there are 2 labels; give exactly one value per label',
    ]);
  });

  it('does not let a __proto__ key reach the prototype chain', () => {
    const result = validateBlock(
      '{"block_id":"b","fallback_text":"","root":"t","elements":{"t":{"type":"Text","props":{"text":"x"}},"__proto__":{"type":"Text","props":{"text":"y"}}}}',
    );
    expect(result.ok).to.equal(false);
    expect(({} as Record<string, unknown>).type).to.equal(undefined);
  });
});

describe('validateFinalAnswer', () => {
  it('accepts a report that references published blocks', () => {
    const result = validateFinalAnswer(
      { text: '# Done', ui_block_ids: ['a', 'b'] },
      { publishedBlockIds: ['a', 'b', 'c'] },
    );
    expect(result).to.deep.equal({
      ok: true,
      answer: { text: '# Done', ui_block_ids: ['a', 'b'] },
    });
  });

  it('accepts JSON text', () => {
    expect(validateFinalAnswer('{"text":"ok","ui_block_ids":[]}').ok).to.equal(true);
  });

  it('rejects unpublished, repeated and malformed references', () => {
    const result = validateFinalAnswer(
      { text: 'x', ui_block_ids: ['a', 'a', 'zz'] },
      { publishedBlockIds: ['a'] },
    );
    expect(result.ok ? [] : result.errors.map(({ code, path }) => ({ code, path }))).to.deep.equal([
      { code: 'duplicate_ref', path: '/ui_block_ids/1' },
      { code: 'missing_ref', path: '/ui_block_ids/2' },
    ]);
  });

  it('rejects a wrong shape with invalid_envelope', () => {
    const result = validateFinalAnswer({ text: '', ui_block_ids: 'a', extra: 1 });
    expect(result.ok ? [] : result.errors.map(({ code, path }) => ({ code, path }))).to.deep.equal([
      { code: 'invalid_envelope', path: '/text' },
      { code: 'invalid_envelope', path: '/ui_block_ids' },
      { code: 'invalid_envelope', path: '/extra' },
    ]);
    expect(validateFinalAnswer('nope').ok).to.equal(false);
  });
});

describe('validateBlock with reuse', () => {
  const first = validateBlock(corpus.cases[0]!.input);
  if (!first.ok) throw new Error('first corpus case must be valid');

  it('returns unchanged elements as the very objects of the reused block', () => {
    const next = structuredClone(corpus.cases[0]!.input) as unknown as {
      elements: Record<string, { props: Record<string, unknown> }>;
    };
    next.elements.kpi!.props.value = 5;
    const result = validateBlock(next, { reuse: first.block });
    expect(result.ok).to.equal(true);
    if (!result.ok) return;
    expect(result.block.elements.trend).to.equal(first.block.elements.trend);
    expect(result.block.elements.kpi).not.to.equal(first.block.elements.kpi);
    expect(result.block.elements.kpi!.props).to.deep.include({ value: 5 });
  });

  it('gives the same verdict as a fresh validation for changed elements', () => {
    const next = structuredClone(corpus.cases[0]!.input) as unknown as {
      elements: Record<string, { props: Record<string, unknown> }>;
    };
    next.elements.kpi!.props.value = Infinity;
    next.elements.trend!.props.onclick = 'x';
    const reused = validateBlock(next, { reuse: first.block });
    expect(reused).to.deep.equal(validateBlock(next));
    expect(reused.ok).to.equal(false);
  });

  type Raw = {
    root: string;
    elements: Record<string, { children?: string[]; props: Record<string, unknown> }>;
  };
  const variant = (change: (block: Raw, container: string) => void) => {
    const next = structuredClone(corpus.cases[0]!.input) as unknown as Raw;
    const container = Object.keys(next.elements).find((id) => next.elements[id]!.children?.length)!;
    change(next, container);
    return next;
  };

  for (const [what, change] of [
    [
      'a child list that closes a cycle',
      (b: Raw, c: string) => b.elements[c]!.children!.push(b.root),
    ],
    [
      'a child dropped from its list (an orphan)',
      (b: Raw, c: string) => b.elements[c]!.children!.pop(),
    ],
    [
      'a child that is not defined',
      (b: Raw, c: string) => b.elements[c]!.children!.push('nowhere'),
    ],
    ['a root that is not defined', (b: Raw) => (b.root = 'nowhere')],
  ] as const) {
    it(`checks the tree again after ${what}`, () => {
      const next = variant(change);
      const reused = validateBlock(next, { reuse: first.block });
      expect(reused.ok).to.equal(false);
      expect(reused).to.deep.equal(validateBlock(next));
    });
  }

  it('trusts only a block it returned: a look-alike vouches for nothing', () => {
    const next = variant((b) =>
      Object.values(b.elements).forEach((element) => (element.props.onclick = 'x')),
    );
    const lookAlike = structuredClone(next) as unknown as Block;
    const result = validateBlock(next, { reuse: lookAlike });
    expect(result.ok).to.equal(false);
    expect(result).to.deep.equal(validateBlock(next));
  });
});
