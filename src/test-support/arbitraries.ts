import fc from 'fast-check';
import type { Block, BlockElement } from '../catalog/index.js';
import type { AssistantTurn, ThreadMessage } from '../conversation/index.js';

/*
 * fast-check arbitraries for catalog-valid blocks, shared by the catalog,
 * component and store tests. They produce only blocks the catalog accepts, so
 * a failure always points at the code under test, not at the generator.
 */

const shortText = fc.string({ maxLength: 40 });
/** JSON has no -0 (it reads back as 0), and neither does any block a model sends. */
const json = (v: number) => (Object.is(v, -0) ? 0 : v);
const finite = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }).map(json);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
/** Drops undefined keys so generated props look like parsed JSON. */
const compact = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

const metric = fc
  .record({
    label: shortText,
    value: fc.oneof(finite, fc.string({ maxLength: 64 })),
    format: maybe(
      fc.constantFrom(
        'number' as const,
        'percent' as const,
        'compact' as const,
        'currency' as const,
      ),
    ),
    unit: maybe(fc.string({ maxLength: 24 })),
    delta: maybe(finite),
    good_direction: maybe(fc.constantFrom('up' as const, 'down' as const)),
    caption: maybe(shortText),
  })
  .map((p) => compact({ ...p, currency: p.format === 'currency' ? 'EUR' : undefined }));

const cell = fc.oneof(fc.string({ maxLength: 20 }), finite, fc.boolean(), fc.constant(null));
const table = fc.integer({ min: 1, max: 5 }).chain((width) =>
  fc
    .record({
      caption: maybe(shortText),
      columns: fc.array(
        fc
          .record({
            label: shortText,
            align: maybe(fc.constantFrom('start' as const, 'center' as const, 'end' as const)),
            format: maybe(
              fc.constantFrom(
                'text' as const,
                'number' as const,
                'percent' as const,
                'date' as const,
              ),
            ),
          })
          .map(compact),
        { minLength: width, maxLength: width },
      ),
      rows: fc.array(fc.array(cell, { minLength: width, maxLength: width }), { maxLength: 6 }),
    })
    .map(compact),
);

const chart = fc.integer({ min: 1, max: 8 }).chain((length) =>
  fc
    .record({
      title: shortText,
      kind: maybe(fc.constantFrom('line' as const, 'bar' as const)),
      labels: fc.array(shortText, { minLength: length, maxLength: length }),
      series: fc.array(
        fc.record({
          name: shortText,
          values: fc.array(finite, { minLength: length, maxLength: length }),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      x_label: maybe(shortText),
      y_label: maybe(shortText),
      unit: maybe(fc.string({ maxLength: 24 })),
      stacked: maybe(fc.boolean()),
    })
    .map(compact),
);

const evidence = fc
  .record({
    title: shortText,
    summary: maybe(shortText),
    items: fc.array(
      fc
        .record({
          source: shortText,
          excerpt: maybe(shortText),
          locator: maybe(shortText),
          published: maybe(fc.constant('2025-06-01')),
          ref: maybe(fc.string({ maxLength: 20 })),
        })
        .map(compact),
      { minLength: 1, maxLength: 3 },
    ),
  })
  .map(compact);

const mapLocation = fc
  .record({
    label: shortText,
    lat: fc.double({ min: -90, max: 90, noNaN: true }).map(json),
    lng: fc.double({ min: -180, max: 180, noNaN: true }).map(json),
    zoom: maybe(fc.integer({ min: 0, max: 19 })),
    description: maybe(shortText),
    feature_id: maybe(fc.string({ maxLength: 20 })),
  })
  .map(compact);

const fieldKind = fc.constantFrom(
  'text',
  'textarea',
  'number',
  'select',
  'radio',
  'checkbox',
  'date',
) as fc.Arbitrary<'text' | 'textarea' | 'number' | 'select' | 'radio' | 'checkbox' | 'date'>;
const form = fc
  .record({
    title: shortText,
    description: maybe(shortText),
    fields: fc
      .uniqueArray(
        fc.record({
          name: fc.stringMatching(/^[a-z][a-z0-9_]{0,10}$/),
          label: shortText,
          kind: fieldKind,
          required: maybe(fc.boolean()),
        }),
        {
          minLength: 1,
          maxLength: 4,
          selector: (f) => f.name,
        },
      )
      .map((fields) =>
        fields.map((f) =>
          compact({
            ...f,
            options: f.kind === 'select' || f.kind === 'radio' ? ['Yes', 'No'] : undefined,
            min: f.kind === 'number' ? 0 : undefined,
            max: f.kind === 'number' ? 100 : undefined,
          }),
        ),
      ),
    submit_label: maybe(fc.string({ maxLength: 40 })),
  })
  .map(compact);

export const leafElement: fc.Arbitrary<BlockElement> = fc.oneof(
  fc.record({
    type: fc.constant('Text' as const),
    props: fc
      .record({
        text: fc.string({ maxLength: 200 }),
        variant: maybe(
          fc.constantFrom(
            'body' as const,
            'heading' as const,
            'caption' as const,
            'note' as const,
            'code' as const,
          ),
        ),
      })
      .map(compact),
  }),
  fc.record({ type: fc.constant('Metric' as const), props: metric }),
  fc.record({ type: fc.constant('Table' as const), props: table }),
  fc.record({ type: fc.constant('Chart' as const), props: chart }),
  fc.record({ type: fc.constant('Evidence' as const), props: evidence }),
  fc.record({ type: fc.constant('MapLocation' as const), props: mapLocation }),
  fc.record({ type: fc.constant('FollowUpForm' as const), props: form }),
);

const container: fc.Arbitrary<BlockElement> = fc.oneof(
  fc.record({
    type: fc.constant('Stack' as const),
    props: fc
      .record({
        direction: maybe(fc.constantFrom('vertical' as const, 'horizontal' as const)),
        gap: maybe(fc.constantFrom('none' as const, 'sm' as const, 'md' as const, 'lg' as const)),
      })
      .map(compact),
  }),
  fc.record({
    type: fc.constant('Section' as const),
    props: fc.record({ title: shortText, subtitle: maybe(shortText) }).map(compact),
  }),
);

type Tree = { element: BlockElement; children: Tree[] };
const tree = fc.letrec<{ node: Tree }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', maxDepth: 8, withCrossShrink: true },
    leafElement.map((element) => ({ element, children: [] })),
    fc.record({ element: container, children: fc.array(tie('node'), { maxLength: 4 }) }),
  ),
})).node;

/** Flattens a generated tree breadth first, stopping at the node limit. */
function toBlock(root: Tree, blockId: string): Block {
  const elements: Record<string, BlockElement> = {};
  let next = 0;
  const queue: { tree: Tree; id: string }[] = [{ tree: root, id: `n${next++}` }];
  for (let i = 0; i < queue.length; i++) {
    const { tree: t, id } = queue[i]!;
    const children: string[] = [];
    for (const child of t.children) {
      if (next >= 48) break;
      const childId = `n${next++}`;
      children.push(childId);
      queue.push({ tree: child, id: childId });
    }
    const isContainer = t.element.type === 'Stack' || t.element.type === 'Section';
    elements[id] = (isContainer ? { ...t.element, children } : t.element) as BlockElement;
  }
  return { block_id: blockId, fallback_text: 'Generated block', root: 'n0', elements };
}

/** Any block the catalog accepts (up to 48 nodes; depth stays under 12). */
export const validBlock: fc.Arbitrary<Block> = fc
  .tuple(tree, fc.stringMatching(/^[A-Za-z0-9_-]{1,16}$/))
  .map(([t, id]) => toBlock(t, id));

const word = fc.string({ minLength: 1, maxLength: 30 });
const fileUrl = fc.constantFrom(
  'data:image/png;base64,iVBORw0KGgo=',
  'https://example.com/a.pdf',
  '',
);
const file = fc.record(
  { url: fileUrl, mediaType: fc.constantFrom('image/png', 'application/pdf'), filename: word },
  { requiredKeys: ['url', 'mediaType'] },
);
const user = fc.record(
  {
    role: fc.constant('user' as const),
    id: fc.uuid(),
    text: fc.string({ maxLength: 200 }),
    files: fc.array(file, { minLength: 1, maxLength: 2 }),
  },
  { requiredKeys: ['role', 'id', 'text'] },
);
/** JSON a host might send (as it reads back from JSON: no -0). */
const hostJson = fc
  .jsonValue({ maxDepth: 2 })
  .filter((value) => value !== null)
  .map((value) => JSON.parse(JSON.stringify(value)) as unknown);
const item = fc.oneof(
  fc.record({
    kind: fc.constantFrom('text' as const, 'reasoning' as const),
    key: fc.uuid(),
    parts: fc.array(word, { minLength: 1, maxLength: 4 }),
    done: fc.constant(true),
  }),
  fc.record({
    kind: fc.constant('tool' as const),
    key: fc.uuid(),
    name: word,
    status: fc.constantFrom('done' as const, 'failed' as const),
    summary: fc.string({ maxLength: 100 }),
  }),
  fc.record({
    kind: fc.constant('tool' as const),
    key: fc.uuid(),
    name: word,
    status: fc.constantFrom('awaiting_approval' as const, 'denied' as const, 'done' as const),
    summary: fc.string({ maxLength: 100 }),
    input: fc.dictionary(fc.stringMatching(/^[a-z]{1,8}$/), fc.string({ maxLength: 20 }), {
      maxKeys: 3,
    }),
    approval: fc.record(
      { id: fc.uuid(), approved: fc.boolean(), reason: word },
      { requiredKeys: ['id'] },
    ),
  }),
  fc.record(
    {
      kind: fc.constant('source' as const),
      key: fc.uuid(),
      sourceId: word,
      url: fc.webUrl(),
      title: word,
      mediaType: fc.constant('application/pdf'),
      filename: word,
    },
    { requiredKeys: ['kind', 'key', 'sourceId'] },
  ),
  file.chain((f) =>
    fc.record({ kind: fc.constant('file' as const), key: fc.uuid() }).map((r) => ({ ...r, ...f })),
  ),
  fc.record({ kind: fc.constant('step' as const), key: fc.uuid() }),
  fc.record(
    {
      kind: fc.constant('data' as const),
      key: fc.uuid(),
      type: fc.constantFrom('data-weather', 'data-chart'),
      id: word,
      data: hostJson,
    },
    { requiredKeys: ['kind', 'key', 'type', 'data'] },
  ),
  fc.record({
    kind: fc.constant('notice' as const),
    key: fc.uuid(),
    code: fc.constantFrom('connection_lost' as const, 'stream_error' as const),
    detail: fc.string({ maxLength: 100 }),
  }),
  validBlock.map((block) => ({
    kind: 'block' as const,
    key: `block:${block.block_id}`,
    blockId: block.block_id,
    block,
    valid: true,
    submissions: {},
  })),
);
const turn: fc.Arbitrary<AssistantTurn> = fc
  .record(
    {
      role: fc.constant('assistant' as const),
      id: fc.uuid(),
      items: fc.uniqueArray(item, { maxLength: 6, selector: (i) => i.key }),
      status: fc.constantFrom(
        'complete' as const,
        'stopped' as const,
        'error' as const,
        'interrupted' as const,
      ),
      closed: fc.constant(true),
      metadata: hostJson,
    },
    { requiredKeys: ['role', 'id', 'items', 'status', 'closed'] },
  )
  .chain((t) => {
    const ids = t.items
      .filter((i) => i.kind === 'block')
      .map((i) => (i as { blockId: string }).blockId);
    return fc
      .option(fc.record({ text: fc.string({ maxLength: 100 }), blockIds: fc.subarray(ids) }), {
        nil: undefined,
      })
      .map((final) => (final ? { ...t, final } : t));
  });
/** Conversations as the thread holds them once every turn has ended. */
export const threadMessages = fc.array(fc.oneof(user, turn), { maxLength: 8 }) as fc.Arbitrary<
  ThreadMessage[]
>;

/** Random edits a model might make to a valid block. */
export const mutation = fc.oneof(
  fc.record({
    kind: fc.constant('set' as const),
    path: fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.nat(6)), {
      minLength: 1,
      maxLength: 5,
    }),
    value: fc.jsonValue({ maxDepth: 3 }),
  }),
  fc.record({
    kind: fc.constant('delete' as const),
    path: fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.nat(6)), {
      minLength: 1,
      maxLength: 5,
    }),
  }),
);

export function applyMutation(
  target: unknown,
  m: { kind: 'set' | 'delete'; path: (string | number)[]; value?: unknown },
) {
  // Follow existing keys where possible so edits land inside the block, not beside it.
  let node = target as Record<string, unknown>;
  for (let i = 0; i < m.path.length - 1; i++) {
    const keys = node && typeof node === 'object' ? Object.keys(node) : [];
    if (keys.length === 0) return;
    const step = m.path[i]!;
    const key =
      typeof step === 'number' ? keys[step % keys.length]! : keys.includes(step) ? step : keys[0]!;
    const next = node[key];
    if (!next || typeof next !== 'object') return;
    node = next as Record<string, unknown>;
  }
  const last = String(m.path.at(-1));
  const keys = Object.keys(node);
  const key = /^\d+$/.test(last) && keys.length > 0 ? keys[Number(last) % keys.length]! : last;
  if (m.kind === 'delete') delete node[key];
  else node[key] = m.value;
}
