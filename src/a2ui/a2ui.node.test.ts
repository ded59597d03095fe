import { expect } from 'chai';
import fc from 'fast-check';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { componentNames, validateBlock, type Block } from '../catalog/index.js';
import { validBlock } from '../test-support/arbitraries.js';
import { messageValidator, readSpec, specExamples } from '../test-support/a2ui.js';
import {
  ANSWER_UI_CATALOG_ID,
  BASIC_CATALOG_ID,
  a2uiCatalog,
  fromA2ui,
  toA2ui,
  type FromA2uiResult,
} from './index.js';

const RUNS = Number(process.env.FUZZ_RUNS || 200);

/** One surface's messages: created, its components, then its data. */
function surface(
  components: Record<string, unknown>[],
  data?: unknown,
  catalogId = BASIC_CATALOG_ID,
  surfaceId = 'card',
) {
  return [
    { version: 'v0.9', createSurface: { surfaceId, catalogId } },
    { version: 'v0.9', updateComponents: { surfaceId, components } },
    ...(data === undefined
      ? []
      : [{ version: 'v0.9', updateDataModel: { surfaceId, value: data } }]),
  ];
}

const only = (result: FromA2uiResult): Block => {
  expect(result.blocks, JSON.stringify(result.errors)).to.have.length(1);
  return result.blocks[0]!;
};
const elements = (block: Block) => Object.values(block.elements);
const texts = (block: Block) =>
  elements(block).flatMap((e) => (e.type === 'Text' ? [e.props.text] : []));
const left = (result: FromA2uiResult) => result.notShown.map((n) => `${n.component}:${n.reason}`);

describe('fromA2ui: the basic catalog', () => {
  it('reads layout with its direction, a card as a section titled by its heading', () => {
    const block = only(
      fromA2ui(
        surface([
          { id: 'root', component: 'Card', child: 'col' },
          { id: 'col', component: 'Column', children: ['title', 'row', 'list'] },
          { id: 'title', component: 'Text', text: 'Order 1042', variant: 'h2' },
          { id: 'row', component: 'Row', children: ['a', 'b'], align: 'center' },
          { id: 'a', component: 'Text', text: 'Status' },
          { id: 'b', component: 'Text', text: 'Shipped', variant: 'caption' },
          { id: 'list', component: 'List', children: ['c', 'd'], direction: 'horizontal' },
          { id: 'c', component: 'Text', text: 'one' },
          { id: 'd', component: 'Text', text: 'two' },
        ]),
      ),
    );
    expect(block.block_id).to.equal('card');
    expect(block.elements.root).to.deep.equal({
      type: 'Section',
      props: { title: 'Order 1042' },
      children: ['col'],
    });
    expect(block.elements.row).to.deep.include({
      type: 'Stack',
      props: { direction: 'horizontal', wrap: true, align: 'center' },
    });
    expect(block.elements.list!.props).to.deep.include({ direction: 'horizontal' });
    expect(block.elements.b!.props).to.deep.equal({ text: 'Shipped', variant: 'caption' });
    expect(block.fallback_text).to.equal('Order 1042\nStatus\nShipped\none\ntwo');
  });

  it('reads tabs as sections in order', () => {
    const block = only(
      fromA2ui(
        surface([
          {
            id: 'root',
            component: 'Tabs',
            tabs: [
              { title: 'Specs', child: 's' },
              { title: 'Reviews', child: 'r' },
            ],
          },
          { id: 's', component: 'Text', text: '8 GB' },
          { id: 'r', component: 'Text', text: '4.5 stars' },
        ]),
      ),
    );
    const sections = elements(block).filter((e) => e.type === 'Section');
    expect(sections.map((s) => s.props.title)).to.deep.equal(['Specs', 'Reviews']);
    expect(texts(block)).to.deep.equal(['8 GB', '4.5 stars']);
  });

  it('makes one form of the inputs and the button that sends them', () => {
    const result = fromA2ui(
      surface(
        [
          {
            id: 'root',
            component: 'Column',
            children: ['h', 'name', 'notes', 'agree', 'size', 'when', 'qty', 'tops', 'go'],
          },
          { id: 'h', component: 'Text', text: 'Book a table', variant: 'h3' },
          {
            id: 'name',
            component: 'TextField',
            label: 'Name',
            value: { path: '/guest/name' },
            checks: [
              {
                condition: { call: 'required', args: { value: { path: '/guest/name' } } },
                message: 'Required',
              },
            ],
          },
          { id: 'notes', component: 'TextField', label: 'Notes', variant: 'longText', value: '' },
          { id: 'agree', component: 'CheckBox', label: 'Window seat', value: false },
          {
            id: 'size',
            component: 'ChoicePicker',
            label: 'Party',
            variant: 'mutuallyExclusive',
            options: [
              { label: 'Two', value: '2' },
              { label: 'Four', value: '4' },
            ],
            value: [],
          },
          { id: 'when', component: 'DateTimeInput', label: 'Date', value: '', enableDate: true },
          { id: 'qty', component: 'Slider', label: 'Budget', min: 10, max: 90, value: 20 },
          {
            id: 'tops',
            component: 'ChoicePicker',
            label: 'Extras',
            variant: 'multipleSelection',
            options: [
              { label: 'Cake', value: 'c' },
              { label: 'Wine', value: 'w' },
            ],
            value: [],
          },
          { id: 'go', component: 'Button', child: 'go-text', action: { event: { name: 'book' } } },
          { id: 'go-text', component: 'Text', text: 'Book' },
        ],
        { guest: {} },
      ),
    );
    const block = only(result);
    const forms = elements(block).filter((e) => e.type === 'FollowUpForm');
    expect(forms).to.have.length(1);
    expect(forms[0]!.props).to.deep.equal({
      title: 'Book a table',
      submit_label: 'Book',
      fields: [
        { name: 'name', label: 'Name', kind: 'text', required: true },
        { name: 'notes', label: 'Notes', kind: 'textarea' },
        { name: 'agree', label: 'Window seat', kind: 'checkbox' },
        { name: 'size', label: 'Party', kind: 'radio', options: ['Two', 'Four'] },
        { name: 'when', label: 'Date', kind: 'date' },
        { name: 'qty', label: 'Budget', kind: 'number', min: 10, max: 90 },
        { name: 'tops_1', label: 'Cake', kind: 'checkbox' },
        { name: 'tops_2', label: 'Wine', kind: 'checkbox' },
      ],
    });
    // The heading titles the form; nothing else is left beside it.
    expect(texts(block)).to.deep.equal([]);
    expect(result.notShown).to.deep.equal([]);
  });

  it('leaves out media, modals, dividers, passwords and lone buttons, and names each', () => {
    const result = fromA2ui(
      surface([
        {
          id: 'root',
          component: 'Column',
          children: ['t', 'img', 'ico', 'vid', 'aud', 'div', 'modal', 'pw', 'buy', 'x'],
        },
        { id: 't', component: 'Text', text: 'Headphones' },
        { id: 'img', component: 'Image', url: 'https://example.com/a.png' },
        { id: 'ico', component: 'Icon', name: 'star' },
        { id: 'vid', component: 'Video', url: 'https://example.com/a.mp4' },
        { id: 'aud', component: 'AudioPlayer', url: 'https://example.com/a.mp3' },
        { id: 'div', component: 'Divider' },
        { id: 'modal', component: 'Modal', trigger: 't', content: 't' },
        { id: 'pw', component: 'TextField', label: 'Password', variant: 'obscured' },
        { id: 'buy', component: 'Button', child: 't', action: { event: { name: 'buy' } } },
        { id: 'x', component: 'Carousel', items: [] },
      ]),
    );
    const block = only(result);
    expect(texts(block)).to.deep.equal(['Headphones']);
    expect(left(result)).to.deep.equal([
      'Image:media',
      'Icon:media',
      'Video:media',
      'AudioPlayer:media',
      'Divider:unsupported',
      'Modal:unsupported',
      'TextField:unsupported',
      'Carousel:unknown_component',
      'Button:action',
    ]);
    expect(JSON.stringify(block)).not.to.include('example.com');
  });

  it('resolves bindings, templates and relative paths once, against the data as sent', () => {
    const block = only(
      fromA2ui(
        surface(
          [
            { id: 'root', component: 'List', children: { componentId: 'item', path: '/items' } },
            { id: 'item', component: 'Text', text: { path: 'name' } },
          ],
          { items: [{ name: 'Oslo' }, { name: 'Lima' }] },
        ),
      ),
    );
    expect(texts(block)).to.deep.equal(['Oslo', 'Lima']);
    expect(Object.keys(block.elements)).to.include.members(['item-0', 'item-1']);
  });

  it('runs the formatting functions with the reader locale, and no other', () => {
    const text = (value: unknown, locale = 'en-US') =>
      fromA2ui(
        surface(
          [
            { id: 'root', component: 'Column', children: ['t'] },
            { id: 't', component: 'Text', text: value },
          ],
          { n: 2847, one: 1, price: 199.5, when: '2026-03-04T15:30:00Z', name: 'ada' },
        ),
        { locale },
      );
    const first = (value: unknown, locale?: string) => texts(only(text(value, locale)))[0];
    expect(first({ call: 'formatNumber', args: { value: { path: '/n' } } })).to.equal('2,847');
    expect(first({ call: 'formatNumber', args: { value: { path: '/n' } } }, 'de-DE')).to.equal(
      '2.847',
    );
    expect(
      first({ call: 'formatNumber', args: { value: 3.14159, decimals: 2, grouping: false } }),
    ).to.equal('3.14');
    expect(
      first(
        { call: 'formatCurrency', args: { value: { path: '/price' }, currency: 'EUR' } },
        'fr-FR',
      ),
    ).to.equal(
      new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(199.5),
    );
    expect(
      first({ call: 'formatDate', args: { value: { path: '/when' }, format: 'yyyy-MM-dd' } }),
    ).to.equal(
      new Intl.DateTimeFormat('en-US', {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(new Date('2026-03-04T15:30:00Z')),
    );
    expect(
      first({ call: 'formatDate', args: { value: { path: '/when' }, format: 'ISO' } }),
    ).to.equal('2026-03-04T15:30:00.000Z');
    expect(
      first({ call: 'pluralize', args: { value: { path: '/one' }, one: 'item', other: 'items' } }),
    ).to.equal('item');
    expect(first({ call: 'capitalize', args: { value: { path: '/name' } } })).to.equal('Ada');
    expect(
      first({
        call: 'formatString',
        args: {
          value:
            "(${formatNumber(value: ${/n})} ${pluralize(value: ${/n}, one: 'review', other: 'reviews')}) for ${/name} \\${x}",
        },
      }),
    ).to.equal('(2,847 reviews) for ada ${x}');
    // A template that does not parse stays as written.
    expect(
      first({ call: 'formatString', args: { value: 'Total: ${formatNumber(value: }' } }),
    ).to.equal('Total: ${formatNumber(value: }');
    // Any other function is never run: the value is left out and named.
    for (const call of ['openUrl', 'sum', 'regex', 'toString', '__proto__']) {
      const result = text({ call, args: { url: 'https://example.com', value: 1 } });
      expect(result.blocks, call).to.deep.equal([]);
      expect(result.notShown, call).to.deep.equal([
        {
          surfaceId: 'card',
          componentId: 't',
          component: 'Text',
          reason: 'function_not_run',
          detail: call,
        },
      ]);
    }
  });
});

describe('fromA2ui: the spec examples', () => {
  const examples = specExamples();

  it('reads every basic and minimal example as valid blocks, or names what it leaves out', () => {
    const validators = {
      basic: messageValidator(readSpec('catalogs/basic/catalog.json')),
      minimal: messageValidator(readSpec('catalogs/minimal/catalog.json')),
    };
    let withContent = 0;
    for (const example of examples) {
      const validate = validators[example.catalog];
      // Each example is what A2UI's own schema accepts, and so does the reader here.
      for (const message of example.messages)
        expect(validate(message), example.file).to.equal(true);
      const result = fromA2ui(example.messages);
      expect(result.errors, example.file).to.deep.equal([]);
      for (const block of result.blocks)
        expect(validateBlock(block).ok, example.file).to.equal(true);
      if (result.blocks.some((b) => Object.keys(b.elements).length > 1 || texts(b).length))
        withContent++;
    }
    expect(examples.length).to.be.at.least(45);
    expect(withContent / examples.length).to.be.at.least(0.9);
  });
});

describe('toA2ui and the catalog document', () => {
  const catalog = a2uiCatalog();
  const validate = messageValidator(catalog);

  it('round-trips every valid block exactly, in messages A2UI and the catalog accept', () => {
    fc.assert(
      fc.property(validBlock, (block) => {
        const messages = toA2ui(block);
        for (const message of messages)
          expect(validate(message), JSON.stringify(validate.errors)).to.equal(true);
        const result = fromA2ui(messages);
        expect(result.errors).to.deep.equal([]);
        expect(result.notShown).to.deep.equal([]);
        expect(result.blocks).to.deep.equal([block]);
      }),
      { numRuns: RUNS },
    );
  });

  it('keeps an element called root apart from the root', () => {
    const block = validateBlock({
      block_id: 'kpi',
      fallback_text: 'Revenue',
      root: 'main',
      elements: {
        main: { type: 'Stack', props: {}, children: ['root'] },
        root: { type: 'Text', props: { text: 'Revenue' } },
      },
    });
    if (!block.ok) throw new Error('fixture');
    const [, update] = toA2ui(block.block) as {
      updateComponents?: { components: { id: string }[] };
    }[];
    expect(update!.updateComponents!.components.map((c) => c.id)).to.deep.equal(['root', 'main']);
    expect(fromA2ui(toA2ui(block.block)).blocks).to.deep.equal([block.block]);
  });

  it('is a catalog A2UI accepts, with a schema per component and the agent instructions', () => {
    const capabilities = readSpec('client_capabilities.json') as { $defs: Record<string, object> };
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema(readSpec('common_types.json'));
    const inline = ajv.compile({ ...capabilities.$defs.Catalog, $defs: capabilities.$defs });
    const { catalogId, components } = catalog as { catalogId: string; components: object };
    expect(
      inline({ catalogId, components, functions: [] }),
      JSON.stringify(inline.errors),
    ).to.equal(true);
    expect(Object.keys(components)).to.deep.equal([...componentNames]);
    expect(catalog.catalogId).to.equal(ANSWER_UI_CATALOG_ID);
    expect(catalog.instructions).to.be.a('string').and.include(ANSWER_UI_CATALOG_ID);
    // A component with a prop the element does not have is refused, as the block validator refuses it.
    const bad = surface(
      [{ id: 'root', component: 'Text', text: 'Hi', onClick: 'x' }],
      undefined,
      ANSWER_UI_CATALOG_ID,
    );
    expect(validate(bad[1])).to.equal(false);
  });

  it('reads bindings in answer-ui surfaces an A2UI agent writes', () => {
    const block = only(
      fromA2ui(
        surface(
          [
            {
              id: 'root',
              component: 'Metric',
              label: 'Revenue',
              value: { path: '/revenue' },
              format: 'currency',
              currency: 'USD',
            },
          ],
          { revenue: 1200 },
          ANSWER_UI_CATALOG_ID,
          'kpi',
        ),
      ),
    );
    expect(block.elements.root).to.deep.equal({
      type: 'Metric',
      props: { label: 'Revenue', value: 1200, format: 'currency', currency: 'USD' },
    });
    expect(block.fallback_text).to.equal('Revenue');
  });
});
