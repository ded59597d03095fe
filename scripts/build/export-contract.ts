/**
 * Writes the agent-side contract (present_answer and final_answer: their
 * descriptions, input schemas and strict validation schemas with the named
 * rules; the limits) to the given file, default answer-ui-catalog.json, and
 * beside it answer-ui's catalog as an A2UI catalog, answer-ui-a2ui-catalog.json.
 *   npm run export:contract [target-file]
 */
import { realpathSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { a2uiCatalog } from '../../src/a2ui/index.js';
import { contract } from '../../src/catalog/index.js';

export const A2UI_CATALOG_FILE = 'answer-ui-a2ui-catalog.json';
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
export const contractText = () => json(contract());
export const a2uiCatalogText = () => json(a2uiCatalog());

/** Whether this module is the script node was asked to run (compared as real paths: a URL escapes spaces and non-ASCII letters). */
const isMain = () =>
  Boolean(process.argv[1]) &&
  realpathSync(fileURLToPath(import.meta.url)) === realpathSync(resolve(process.argv[1]!));

if (isMain()) {
  const target = resolve(process.argv[2] ?? 'answer-ui-catalog.json');
  const a2ui = join(dirname(target), A2UI_CATALOG_FILE);
  writeFileSync(target, contractText());
  writeFileSync(a2ui, a2uiCatalogText());
  console.log(`wrote ${target} and ${a2ui}`);
}
