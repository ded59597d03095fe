import { expect } from 'chai';
import * as z from 'zod/mini';
import {
  BlockSchema,
  catalogDescriptions,
  catalogJsonSchema,
  catalogPrompt,
  componentJsonSchema,
  componentNames,
  componentProps,
  contract,
  ERROR_CODES,
  finalAnswerJsonSchema,
  finalAnswerPrompt,
  LIMITS,
  presentAnswerPrompt,
  type JsonSchema,
} from './index.js';

/** Every object schema reachable from `schema`, with its JSON Pointer. */
function objects(schema: unknown, path = ''): [string, JsonSchema][] {
  if (!schema || typeof schema !== 'object') return [];
  const node = schema as JsonSchema;
  const own: [string, JsonSchema][] = node.type === 'object' ? [[path, node]] : [];
  return own.concat(
    Object.entries(node).flatMap(([key, value]) =>
      Array.isArray(value)
        ? value.flatMap((v, i) => objects(v, `${path}/${key}/${i}`))
        : objects(value, `${path}/${key}`),
    ),
  );
}

/** Every schema keyword anywhere in `schema` (not property names), with the JSON Pointer of its object. */
function keywords(schema: unknown, path = ''): [string, string][] {
  if (!schema || typeof schema !== 'object') return [];
  const node = schema as JsonSchema;
  const properties = (node.properties ?? {}) as Record<string, unknown>;
  return Object.entries(node).flatMap(([key, value]) => [
    [path, key] as [string, string],
    ...(key === 'properties'
      ? Object.entries(properties).flatMap(([name, v]) => keywords(v, `${path}/properties/${name}`))
      : Array.isArray(value)
        ? value.flatMap((v, i) => keywords(v, `${path}/${key}/${i}`))
        : keywords(value, `${path}/${key}`)),
  ]);
}

describe('exported contract', () => {
  for (const [name, make] of [
    ['present_answer', catalogJsonSchema],
    ['final_answer', finalAnswerJsonSchema],
  ] as const) {
    it(`${name}: every object closed, and nothing said that the description says`, () => {
      const schema = make();
      const found = objects(schema);
      expect(found.length).to.be.above(name === 'present_answer' ? 20 : 0);
      for (const [path, object] of found) {
        // The element map is closed by its value schema: an id is any key the validator allows.
        if (path === '/properties/elements') continue;
        expect(object.additionalProperties, path).to.equal(false);
      }
      // Meanings are in the tool description, bounds in its limits: neither is repeated per field.
      const repeated = keywords(schema).filter(([, key]) =>
        ['description', 'maxLength', 'maxItems', 'pattern', '$schema'].includes(key),
      );
      expect(repeated).to.deep.equal([]);
    });
  }

  it('the element map takes only catalog elements', () => {
    const elements = (catalogJsonSchema().properties as Record<string, JsonSchema>).elements!;
    const union = (elements.additionalProperties as JsonSchema).oneOf as JsonSchema[];
    expect(
      union.map((e) => (e.properties as Record<string, JsonSchema>).type!.const),
    ).to.deep.equal([...componentNames]);
  });

  it('the prompt names every component, each note once, and the limits', () => {
    const prompt = catalogPrompt();
    const lines = prompt.split('\n');
    for (const name of componentNames) {
      const line = lines.filter((l) => l.startsWith(`- ${name}: `));
      expect(line, name).to.have.length(1);
      const schema = componentJsonSchema(name);
      for (const [key, prop] of Object.entries(schema.properties as Record<string, JsonSchema>))
        if (prop.description)
          expect(line[0]!.split(`${key}: ${String(prop.description)}`)).to.have.length(2);
    }
    expect(prompt).to.include(`${LIMITS.maxNodes} elements, depth ${LIMITS.maxDepth}`);
    expect(prompt).to.include(`${LIMITS.maxTableRows} rows of ${LIMITS.maxTableColumns} cells`);
    expect(presentAnswerPrompt()).to.include(prompt);
    expect(finalAnswerPrompt()).to.include('in one step');
  });

  it('the contract bundles both tools, as descriptions and schemas, and the limits', () => {
    const c = contract();
    expect(c.limits).to.deep.equal(LIMITS);
    expect(c.descriptions).to.deep.equal({
      present_answer: presentAnswerPrompt(),
      final_answer: finalAnswerPrompt(),
    });
    expect(c.present_answer).to.deep.equal(catalogJsonSchema());
    expect(c.final_answer).to.deep.equal(finalAnswerJsonSchema());
  });

  it('the contract gives a back end the strict schemas and a name for every error code', () => {
    const { validation } = contract();
    expect(validation.present_answer.schema).to.deep.equal(catalogJsonSchema({ strict: true }));
    expect(validation.final_answer.schema).to.deep.equal(finalAnswerJsonSchema({ strict: true }));
    // Each code the validator gives comes from the schema or from a named rule, none from nowhere.
    const { error_codes: named, rules } = validation.present_answer;
    const codes = new Set([...named, ...rules].map((entry) => entry.code));
    expect([...codes].sort()).to.deep.equal([...ERROR_CODES].sort());
    const names = rules.map((rule) => rule.name);
    expect(names).to.deep.equal([...new Set(names)]);
  });

  it('the Zod schemas with catalogDescriptions() carry the notes; without it, no text', () => {
    const own = z.toJSONSchema(componentProps.Metric, {
      target: 'draft-2020-12',
      metadata: catalogDescriptions(),
    }) as JsonSchema;
    expect(own.description).to.equal('One key figure.');
    expect(own.description).to.equal(componentJsonSchema('Metric').description);
    // Without the registry the schemas carry no text: a page that only validates does not load it.
    expect(
      JSON.stringify(
        z.toJSONSchema(BlockSchema, { target: 'draft-2020-12', unrepresentable: 'any' }),
      ),
    ).not.to.include('One key figure');
  });
});
