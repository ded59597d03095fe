/**
 * Writes the agent-side contract (present_answer and final_answer: their
 * descriptions, input schemas and strict validation schemas with the named
 * rules; the limits) to the given file, default answer-ui-catalog.json.
 *   npm run export:contract [target-file]
 */
import { realpathSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contract } from '../../src/catalog/index.js';

export const contractText = () => `${JSON.stringify(contract(), null, 2)}\n`;

/** Whether this module is the script node was asked to run (compared as real paths: a URL escapes spaces and non-ASCII letters). */
const isMain = () =>
  Boolean(process.argv[1]) &&
  realpathSync(fileURLToPath(import.meta.url)) === realpathSync(resolve(process.argv[1]!));

if (isMain()) {
  const target = resolve(process.argv[2] ?? 'answer-ui-catalog.json');
  writeFileSync(target, contractText());
  console.log(`wrote ${target}`);
}
