import { expect } from 'chai';
import * as z from 'zod/mini';
import {
  BlockSchema,
  catalogDescriptions,
  catalogJsonSchema,
  catalogPrompt,
  componentJsonSchema,
  componentNames,
  contract,
  finalAnswerJsonSchema,
  LIMITS,
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

describe('exported contract', () => {
  for (const [name, make] of [
    ['present_answer', catalogJsonSchema],
    ['final_answer', finalAnswerJsonSchema],
  ] as const) {
    it(`${name}: draft 2020-12, every object closed, every property described`, () => {
      const schema = make();
      expect(schema.$schema).to.equal('https://json-schema.org/draft/2020-12/schema');
      const found = objects(schema);
      expect(found.length).to.be.above(name === 'present_answer' ? 20 : 0);
      for (const [path, object] of found) {
        expect(object.additionalProperties, path).to.equal(false);
        for (const [key, prop] of Object.entries(
          (object.properties ?? {}) as Record<string, JsonSchema>,
        )) {
          if (key === 'type') continue; // the element discriminator is a bare constant
          expect(prop.description, `${path}/properties/${key}`).to.be.a('string');
        }
      }
    });
  }

  it('bounds the element map by the node limit', () => {
    const elements = (catalogJsonSchema().properties as Record<string, JsonSchema>).elements!;
    expect(elements.maxProperties).to.equal(LIMITS.maxNodes);
  });

  it('the prompt names every component and every prop, with the limits', () => {
    const prompt = catalogPrompt();
    for (const name of componentNames) {
      expect(prompt).to.include(`### ${name}`);
      for (const prop of Object.keys(componentJsonSchema(name).properties as object))
        expect(prompt).to.match(new RegExp(`- ${prop}\\??: `));
    }
    expect(prompt).to.include(`At most ${LIMITS.maxNodes} elements`);
  });

  it('the contract bundles both schemas and the limits', () => {
    const c = contract();
    expect(c.limits).to.deep.equal(LIMITS);
    expect(c.present_answer).to.deep.equal(catalogJsonSchema());
    expect(c.final_answer).to.deep.equal(finalAnswerJsonSchema());
  });

  it("the Zod schemas with catalogDescriptions() give the same JSON Schema as the tool's, descriptions included", () => {
    const own = z.toJSONSchema(BlockSchema, {
      target: 'draft-2020-12',
      metadata: catalogDescriptions(),
      unrepresentable: 'any',
    }) as JsonSchema;
    const tool = catalogJsonSchema();
    expect(own.description).to.equal(tool.description);
    expect(own.description).to.be.a('string');
    const metric = (schema: JsonSchema) =>
      JSON.stringify(schema).match(/"description":"One key figure[^"]*"/)?.[0];
    expect(metric(own)).to.be.a('string');
    expect(metric(own)).to.equal(metric(tool));
    // Without the registry the schemas carry no text: a page that only validates does not load it.
    expect(
      JSON.stringify(
        z.toJSONSchema(BlockSchema, { target: 'draft-2020-12', unrepresentable: 'any' }),
      ),
    ).not.to.include('One key figure');
  });
});
