import { expect } from 'chai';
import fc from 'fast-check';
import { LIMITS, validateBlock } from '../catalog/index.js';
import { BASIC_CATALOG_ID, fromA2ui, type FromA2uiResult } from './index.js';

/*
 * What a hostile or broken agent may send: each case ends in a clear error
 * or a named omission, never a throw, and what could be read still is.
 */

const RUNS = Number(process.env.FUZZ_RUNS || 200);
const create = (surfaceId = 's') => ({
  version: 'v0.9',
  createSurface: { surfaceId, catalogId: BASIC_CATALOG_ID },
});
const components = (list: unknown[], surfaceId = 's') => ({
  version: 'v0.9',
  updateComponents: { surfaceId, components: list },
});
const data = (value: unknown, path?: string) => ({
  version: 'v0.9',
  updateDataModel: { surfaceId: 's', ...(path === undefined ? {} : { path }), value },
});
const codes = (result: FromA2uiResult) => result.errors.map((e) => e.code);
const allValid = (result: FromA2uiResult) =>
  result.blocks.every((block) => validateBlock(block).ok);

describe('fromA2ui on hostile input', () => {
  it('names each malformed message by its place and reads the rest', () => {
    const result = fromA2ui([
      'not a message',
      { version: 'v9', createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID } },
      {
        version: 'v0.9',
        createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID },
        deleteSurface: { surfaceId: 's' },
      },
      {
        version: 'v0.9',
        createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID, script: 'x' },
      },
      create(),
      components([]),
      components([{ component: 'Text', text: 'no id' }]),
      components([{ id: 'root', component: 'Text', text: 'Hello' }]),
      components([{ id: 'x', component: 'Text' }], 'elsewhere'),
    ]);
    expect(result.errors.map((e) => [e.code, e.path])).to.deep.equal([
      ['invalid_message', '/0'],
      ['invalid_message', '/1'],
      ['invalid_message', '/2'],
      ['invalid_message', '/3'],
      ['invalid_message', '/5'],
      ['invalid_message', '/6'],
      ['unknown_surface', '/8'],
    ]);
    expect(result.errors[1]!.message).to.include('version "v9"');
    expect(result.blocks.map((b) => b.elements.root?.props)).to.deep.equal([{ text: 'Hello' }]);
  });

  it('reads JSON Lines, naming a line that is not JSON', () => {
    const lines = [create(), components([{ id: 'root', component: 'Text', text: 'Hi' }])]
      .map((m) => JSON.stringify(m))
      .join('\n');
    const result = fromA2ui(`${lines}\n{"version":`);
    expect(codes(result)).to.deep.equal(['invalid_input']);
    expect(result.blocks).to.have.length(1);
  });

  it('cuts a cycle and names a child that was never sent', () => {
    const result = fromA2ui([
      create(),
      components([
        { id: 'root', component: 'Column', children: ['a', 'ghost'] },
        { id: 'a', component: 'Column', children: ['t', 'root'] },
        { id: 't', component: 'Text', text: 'kept' },
      ]),
    ]);
    expect(codes(result)).to.have.members(['cycle', 'missing_child']);
    expect(result.errors.find((e) => e.code === 'missing_child')!.message).to.include('ghost');
    expect(JSON.stringify(result.blocks)).to.include('kept');
    expect(allValid(result)).to.equal(true);
  });

  it('says a surface has no root yet rather than showing half of it', () => {
    const result = fromA2ui([create(), components([{ id: 'a', component: 'Text', text: 'x' }])]);
    expect(result.blocks).to.deep.equal([]);
    expect(codes(result)).to.deep.equal(['missing_root']);
  });

  it('splits 5,000 components into blocks within the limits and names what is cut', () => {
    const ids = Array.from({ length: 5_000 }, (_, i) => `t${i}`);
    const result = fromA2ui([
      create(),
      components([
        { id: 'root', component: 'Column', children: ids },
        ...ids.map((id) => ({ id, component: 'Text', text: id })),
      ]),
    ]);
    expect(codes(result)).to.include('too_large');
    expect(result.blocks.length).to.be.greaterThan(1);
    expect(allValid(result)).to.equal(true);
    for (const block of result.blocks)
      expect(Object.keys(block.elements).length).to.be.at.most(LIMITS.maxNodes);
    expect(result.blocks.map((b) => b.block_id).slice(0, 3)).to.deep.equal(['s', 's-2', 's-3']);
    expect(result.notShown.some((n) => n.reason === 'cut_to_limit')).to.equal(true);
  });

  it('cuts a tree deeper than a block nests, naming the cut', () => {
    const depth = 40;
    const list = Array.from({ length: depth }, (_, i) =>
      i === depth - 1
        ? { id: `c${i}`, component: 'Text', text: 'deep' }
        : { id: i ? `c${i}` : 'root', component: 'Row', children: [`c${i + 1}`] },
    );
    const result = fromA2ui([create(), components(list)]);
    expect(allValid(result)).to.equal(true);
    expect(result.notShown.map((n) => n.reason)).to.include('cut_to_limit');
  });

  it('refuses a data model 20,000 levels deep and bindings to nothing, by name', () => {
    let deep: Record<string, unknown> = { leaf: 'x' };
    for (let i = 0; i < 20_000; i++) deep = { next: deep };
    const result = fromA2ui([
      create(),
      components([
        { id: 'root', component: 'Column', children: ['a', 'b'] },
        { id: 'a', component: 'Text', text: { path: '/missing/value' } },
        { id: 'b', component: 'Text', text: 'shown' },
      ]),
      data(deep),
    ]);
    expect(codes(result)).to.have.members(['too_deep', 'missing_data']);
    expect(result.errors.find((e) => e.code === 'missing_data')!.path).to.equal('s/a/text');
    expect(JSON.stringify(result.blocks)).to.include('shown');
  });

  it('never reaches a prototype through a path, a key or an id', () => {
    const result = fromA2ui([
      create(),
      JSON.parse(
        '{"version":"v0.9","updateDataModel":{"surfaceId":"s","value":{"__proto__":{"polluted":"yes"},"name":"Ada"}}}',
      ),
      data('yes', '/__proto__/polluted'),
      data('yes', '/constructor/prototype/polluted'),
      components([
        { id: 'root', component: 'Column', children: ['__proto__', 'n', 'p'] },
        { id: '__proto__', component: 'Text', text: 'proto id' },
        { id: 'n', component: 'Text', text: { path: '/name' } },
        { id: 'p', component: 'Text', text: { path: '/__proto__/polluted' } },
      ]),
    ]);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    expect(codes(result).filter((c) => c === 'unsafe_path')).to.have.length(2);
    expect(allValid(result)).to.equal(true);
    expect(Object.keys(result.blocks[0]!.elements)).to.include('e-__proto__');
  });

  it('bounds nested expressions and huge templates', () => {
    const nested = `${'${formatString(value: '.repeat(500)}x${')'.repeat(500)}`;
    const result = fromA2ui([
      create(),
      components([
        { id: 'root', component: 'Column', children: ['t', 'list'] },
        { id: 't', component: 'Text', text: { call: 'formatString', args: { value: nested } } },
        { id: 'list', component: 'List', children: { componentId: 'i', path: '/items' } },
        { id: 'i', component: 'Text', text: { path: 'n' } },
      ]),
      data({ items: Array.from({ length: 100_000 }, (_, n) => ({ n })) }),
    ]);
    expect(allValid(result)).to.equal(true);
    expect(result.notShown.some((n) => n.reason === 'cut_to_limit')).to.equal(true);
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.array(fc.anything()),
          fc.array(
            fc.record({
              version: fc.constantFrom('v0.9', 'v0.9.1'),
              updateComponents: fc.record({
                surfaceId: fc.constant('s'),
                components: fc.array(
                  fc.record({
                    id: fc.constantFrom('root', 'a', 'b'),
                    component: fc.constantFrom(
                      'Text',
                      'Column',
                      'Card',
                      'Button',
                      'TextField',
                      'List',
                    ),
                    text: fc.anything(),
                    child: fc.constantFrom('root', 'a', 'b'),
                    children: fc.anything(),
                  }),
                ),
              }),
            }),
          ),
        ),
        (input) => {
          const result = fromA2ui(Array.isArray(input) ? [create(), ...input] : input);
          expect(allValid(result)).to.equal(true);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
