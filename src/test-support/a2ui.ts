import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

/*
 * A2UI's own v0.9 specification files, as `@a2ui/web_core` ships them: the
 * message and common-type schemas, the basic and minimal catalogs, and
 * their examples. What answer-ui writes is checked against these, and what
 * it reads is measured on these.
 */

const SCHEMAS = join(
  dirname(createRequire(import.meta.url).resolve('@a2ui/web_core/v0_9')),
  'schemas',
);

export const readSpec = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(SCHEMAS, path), 'utf8')) as Record<string, unknown>;

export interface Example {
  catalog: 'basic' | 'minimal';
  file: string;
  name: string;
  messages: unknown[];
}

/** Every example of the basic and minimal catalogs. */
export function specExamples(): Example[] {
  return (['basic', 'minimal'] as const).flatMap((catalog) => {
    const dir = `catalogs/${catalog}/examples`;
    return readdirSync(join(SCHEMAS, dir)).map((file) => {
      const example = readSpec(`${dir}/${file}`) as { name: string; messages: unknown[] };
      return { catalog, file, name: example.name, messages: example.messages };
    });
  });
}

/**
 * A2UI's `server_to_client.json` for surfaces of `catalog` (a catalog
 * document): A2UI resolves its components by the name `catalog.json`.
 */
export function messageValidator(catalog: Record<string, unknown>): ValidateFunction {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema(readSpec('common_types.json'));
  ajv.addSchema({ ...catalog, $id: 'https://a2ui.org/specification/v0_9/catalog.json' });
  return ajv.compile(readSpec('server_to_client.json'));
}
