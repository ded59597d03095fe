/**
 * Installs the examples against the package as npm packs it (run
 * `npm run build` in the repository first):
 *
 *   node examples/setup.mjs                 the toolchains if needed, then answer-ui
 *   node examples/setup.mjs --toolchains    the toolchains only
 *
 * The four toolchains come from examples/package-lock.json with `npm ci`,
 * once for each version of that lockfile (a stamp in examples/node_modules
 * remembers which). answer-ui itself is packed from the repository on every
 * run (`npm pack`: only the files the package ships) and unpacked where
 * `npm ci` put it, so the examples always use the current build.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const EXAMPLES = fileURLToPath(new URL('.', import.meta.url));
const ROOT = join(EXAMPLES, '..');
const STAMP = join(EXAMPLES, 'node_modules', '.answer-ui-examples.json');

const quiet = { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' };

/** What the installed toolchains were installed from. */
function installKey() {
  const lock = readFileSync(join(EXAMPLES, 'package-lock.json'));
  return {
    lock: createHash('sha256').update(lock).digest('hex'),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
  };
}

function readStamp() {
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Runs `npm ci` in examples/ unless it already ran for this lockfile; whether it ran. */
export function installToolchains({ log = () => undefined } = {}) {
  const key = installKey();
  const stamp = readStamp();
  if (
    stamp &&
    stamp.lock === key.lock &&
    stamp.node === key.node &&
    stamp.platform === key.platform
  ) {
    return false;
  }
  log('npm ci in examples/ (its lockfile changed, or nothing is installed yet)…');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    ...quiet,
    cwd: EXAMPLES,
  });
  writeFileSync(STAMP, JSON.stringify(key, null, 2));
  return true;
}

/**
 * Makes examples/node_modules current. Returns `{ installed, version, files }`:
 * whether `npm ci` ran, and the version and files of the answer-ui it unpacked.
 */
export function setupExamples({ log = () => undefined } = {}) {
  const installed = installToolchains({ log });

  const scratch = mkdtempSync(join(tmpdir(), 'answer-ui-pack-'));
  const [pack] = JSON.parse(
    execFileSync(
      'npm',
      ['pack', '--json', '--ignore-scripts', '--loglevel=error', '--pack-destination', scratch],
      { ...quiet, cwd: ROOT },
    ),
  );
  const tarball = join(scratch, pack.filename);
  const target = join(EXAMPLES, 'node_modules', 'answer-ui');
  // npm ci put the package's own dependencies beside it; a nested node_modules stays too.
  const nested = join(target, 'node_modules');
  const keep = existsSync(nested) ? join(scratch, 'nested') : undefined;
  if (keep) execFileSync('mv', [nested, keep]);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
  if (keep) execFileSync('mv', [keep, nested]);

  const shipped = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'));
  const locked = JSON.parse(readFileSync(join(EXAMPLES, 'package-lock.json'), 'utf8')).packages[
    'node_modules/answer-ui'
  ];
  const same = (a = {}, b = {}) => JSON.stringify(a) === JSON.stringify(b);
  if (
    locked?.version !== shipped.version ||
    !same(locked?.dependencies, shipped.dependencies) ||
    !same(locked?.peerDependencies, shipped.peerDependencies)
  ) {
    throw new Error(
      'examples/package-lock.json records another version or other dependencies of answer-ui ' +
        'than package.json has: run `npm install` in examples/ and commit its lockfile.',
    );
  }
  rmSync(scratch, { recursive: true, force: true });
  return { installed, version: shipped.version, files: pack.files.map((file) => file.path) };
}

// `--toolchains`: only `npm ci` (CI installs them before the build; the test unpacks the package).
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--toolchains')) {
  const installed = installToolchains({ log: console.log });
  console.log(installed ? 'Installed the examples.' : 'The examples are installed.');
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { installed, version, files } = setupExamples({ log: console.log });
  console.log(
    `${installed ? 'Installed the examples; ' : ''}answer-ui ${version} (${files.length} files) unpacked`,
  );
}
