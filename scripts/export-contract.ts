/**
 * Writes the agent-side contract (present_answer and final_answer input
 * schemas plus the limits) to the given file, default answer-ui-catalog.json.
 *   npm run export:contract [target-file]
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { contract } from '../src/catalog/index.js';

export const contractText = () => `${JSON.stringify(contract(), null, 2)}\n`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const target = resolve(process.argv[2] ?? 'answer-ui-catalog.json');
  writeFileSync(target, contractText());
  console.log(`wrote ${target}`);
}
