import { expect } from 'chai';
import { applyPatch, PatchError } from './json-patch.js';

describe('AG-UI state patches (JSON Patch)', () => {
  it('applies every RFC 6902 operation to a copy, leaving the original alone', () => {
    const state = {
      count: 1,
      items: ['a', 'c'],
      nested: { keep: true, drop: 1 },
      'a/b': { '~': 0 },
    };
    const before = structuredClone(state);
    const next = applyPatch(state, [
      { op: 'replace', path: '/count', value: 2 },
      { op: 'add', path: '/items/1', value: 'b' },
      { op: 'add', path: '/items/-', value: 'd' },
      { op: 'remove', path: '/nested/drop' },
      { op: 'copy', from: '/nested', path: '/copied' },
      { op: 'move', from: '/a~1b/~0', path: '/moved' },
      { op: 'test', path: '/count', value: 2 },
    ]);
    expect(next).to.deep.equal({
      count: 2,
      items: ['a', 'b', 'c', 'd'],
      nested: { keep: true },
      copied: { keep: true },
      'a/b': {},
      moved: 0,
    });
    expect(state).to.deep.equal(before);
  });

  it('applies a patch whole or not at all', () => {
    const state = { count: 1 };
    expect(() =>
      applyPatch(state, [
        { op: 'replace', path: '/count', value: 2 },
        { op: 'test', path: '/count', value: 3 },
      ]),
    ).to.throw(PatchError);
    expect(() => applyPatch(state, [{ op: 'remove', path: '/missing' }])).to.throw(PatchError);
    expect(() => applyPatch(state, [{ op: 'add', path: 'no-slash', value: 1 }])).to.throw(
      PatchError,
    );
    expect(() => applyPatch(state, [{ op: 'add', path: '/x/y', value: 1 }])).to.throw(PatchError);
    expect(() => applyPatch([1], [{ op: 'add', path: '/5', value: 1 }])).to.throw(PatchError);
    expect(() => applyPatch(state, [{ op: 'splice', path: '/count' }])).to.throw(PatchError);
    expect(state).to.deep.equal({ count: 1 });
  });

  it('refuses paths through __proto__, constructor or prototype, and drops such keys from values', () => {
    for (const path of [
      '/__proto__/polluted',
      '/constructor/prototype/polluted',
      '/a/__proto__',
      '/prototype',
    ]) {
      expect(() => applyPatch({ a: {} }, [{ op: 'add', path, value: true }]), path).to.throw(
        PatchError,
      );
    }
    expect(() => applyPatch({}, [{ op: 'copy', from: '/__proto__', path: '/x' }])).to.throw(
      PatchError,
    );
    const hostile = JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}') as unknown;
    const next = applyPatch({}, [{ op: 'add', path: '/value', value: hostile }]) as {
      value: object;
    };
    expect(Object.getPrototypeOf(next.value)).to.equal(Object.prototype);
    expect(Object.keys(next.value)).to.deep.equal(['ok']);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
  });
});
