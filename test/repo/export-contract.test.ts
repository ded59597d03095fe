import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  A2UI_CATALOG_FILE,
  a2uiCatalogText,
  contractText,
} from '../../scripts/build/export-contract.js';

describe('answer-ui-catalog.json', () => {
  it('is current with the catalog (run `npm run export:contract` after changing a schema)', () => {
    const committed = readFileSync(
      new URL('../../answer-ui-catalog.json', import.meta.url),
      'utf8',
    );
    expect(committed).to.equal(contractText());
  });
});

describe(A2UI_CATALOG_FILE, () => {
  it('is current with the catalog (run `npm run export:contract` after changing a schema)', () => {
    const committed = readFileSync(new URL(`../../${A2UI_CATALOG_FILE}`, import.meta.url), 'utf8');
    expect(committed).to.equal(a2uiCatalogText());
  });
});

describe('npm run export:contract', () => {
  it('writes the contract from a project path with a space and a Chinese folder name', function () {
    this.timeout(60_000);
    const project = mkdtempSync(join(tmpdir(), 'answer ui 项目 '));
    try {
      // A copy of the script and the catalog it imports, run the way npm runs it.
      cpSync(
        fileURLToPath(new URL('../../scripts/build/export-contract.ts', import.meta.url)),
        join(project, 'scripts', 'build', 'export-contract.ts'),
      );
      for (const layer of ['catalog', 'a2ui', 'conversation'])
        cpSync(
          fileURLToPath(new URL(`../../src/${layer}`, import.meta.url)),
          join(project, 'src', layer),
          { recursive: true },
        );
      symlinkSync(
        fileURLToPath(new URL('../../node_modules', import.meta.url)),
        join(project, 'node_modules'),
      );
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'scripts/build/export-contract.ts', 'out.json'],
        { cwd: project, encoding: 'utf8' },
      );
      expect(run.status, run.stderr).to.equal(0);
      expect(readFileSync(join(project, 'out.json'), 'utf8')).to.equal(contractText());
      expect(readFileSync(join(project, A2UI_CATALOG_FILE), 'utf8')).to.equal(a2uiCatalogText());
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
