import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { contractText } from './export-contract.js';

describe('answer-ui-catalog.json', () => {
  it('is current with the catalog (run `npm run export:contract` after changing a schema)', () => {
    const committed = readFileSync(new URL('../answer-ui-catalog.json', import.meta.url), 'utf8');
    expect(committed).to.equal(contractText());
  });
});
