/*
 * The Python example (examples/python/): a back end that has only the
 * exported answer-ui-catalog.json and jsonschema refuses every conformance
 * case the TypeScript validator refuses for a reason it checks (the JSON,
 * the byte budget, the strict schema), with the same codes and paths, and
 * accepts the rest. Needs python3 with jsonschema (CI installs Debian's
 * python3-jsonschema, .ci/run).
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import corpus from '../../src/catalog/conformance/blocks.json' with { type: 'json' };
import contract from '../../answer-ui-catalog.json' with { type: 'json' };
import { validateBlock } from '../../src/catalog/index.js';
import { byRule } from '../../src/test-support/rules.js';

const SCRIPT = fileURLToPath(new URL('../../examples/python/check_block.py', import.meta.url));
/** The contract's rules the example checks; it leaves the others to the browser. */
const CHECKED_RULES = ['json', 'byte_budget'];

const { rules, error_codes: errorCodes } = contract.validation.present_answer;
const leftToTheBrowser = rules.filter((rule) => !CHECKED_RULES.includes(rule.name));
const isLeft = byRule(leftToTheBrowser);

const sorted = (errors: { code: string; path: string }[]) =>
  errors.map(({ code, path }) => `${code} ${path}`).sort();

const python = spawnSync('python3', ['-c', 'import jsonschema'], { encoding: 'utf8' });
const missing = python.error || python.status !== 0;
const title = 'the Python example, with only answer-ui-catalog.json and jsonschema';

if (missing) {
  it.skip(
    `${title} [skipped: python3 with jsonschema not found; apt-get install python3-jsonschema]`,
  );
} else {
  describe(title, () => {
    const cases = (corpus as { cases: { name: string; input: unknown }[] }).cases;
    let repairLists: { code: string; path: string; message: string }[][] = [];

    before(() => {
      // One block per line, each an object or its JSON text, as the example's main() reads them.
      const run = spawnSync('python3', [SCRIPT], {
        input: cases.map((c) => JSON.stringify(c.input)).join('\n') + '\n',
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      });
      expect(run.status, run.stderr).to.equal(0);
      repairLists = run.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(repairLists).to.have.length(cases.length);
    });

    it("jsonschema's Draft202012Validator.check_schema passes both strict schemas", () => {
      const run = spawnSync(
        'python3',
        [
          '-c',
          'import json, sys\n' +
            'from jsonschema import Draft202012Validator\n' +
            'validation = json.load(sys.stdin)["validation"]\n' +
            'for tool in ("present_answer", "final_answer"):\n' +
            '    Draft202012Validator.check_schema(validation[tool]["schema"])\n',
        ],
        { input: JSON.stringify(contract), encoding: 'utf8' },
      );
      expect(run.status, run.stderr).to.equal(0);
    });

    cases.forEach((c, i) => {
      it(`checks as the TypeScript validator does: ${c.name}`, () => {
        const result = validateBlock(c.input);
        const expected = result.ok ? [] : result.errors.filter((e) => !isLeft(e));
        expect(sorted(repairLists[i]!)).to.deep.equal(sorted(expected));
        for (const e of repairLists[i]!) expect(e.message).to.be.a('string').and.not.equal('');
      });
    });

    it('the corpus gives it every code a schema error or a checked rule can have', () => {
      const codes = new Set(repairLists.flat().map((e) => e.code));
      const checkable = [
        ...errorCodes.map((e) => e.code),
        ...rules.filter((r) => CHECKED_RULES.includes(r.name)).map((r) => r.code),
      ];
      expect([...codes].sort()).to.deep.equal([...new Set(checkable)].sort());
    });
  });
}
