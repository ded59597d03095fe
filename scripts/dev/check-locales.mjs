/**
 * Fails when any locale lacks a translation for a message in the source, or
 * when the generated locale modules in src/locales are stale. Works on copies:
 * the tree is never rewritten (run `npm run localize` to update it).
 */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';

const config = JSON.parse(readFileSync('lit-localize.json', 'utf8'));
const work = '.test-results/locale-check';
rmSync(work, { recursive: true, force: true });
mkdirSync(join(work, 'xliff'), { recursive: true });
if (existsSync('xliff')) cpSync('xliff', join(work, 'xliff'), { recursive: true });

// lit-localize resolves some paths against the config file and some against
// the working directory; absolute paths mean the same to both.
const checkConfig = {
  ...config,
  tsConfig: resolve(config.tsConfig),
  output: {
    ...config.output,
    outputDir: resolve(work, 'locales'),
    localeCodesModule: resolve(work, 'locales/locale-codes.ts'),
  },
  interchange: { ...config.interchange, xliffDir: resolve(work, 'xliff') },
};
writeFileSync(join(work, 'lit-localize.json'), JSON.stringify(checkConfig));
const cli = ['node_modules/@lit/localize-tools/bin/lit-localize.js'];
execFileSync('node', [...cli, 'extract', '--config', join(work, 'lit-localize.json')], {
  stdio: ['ignore', 'ignore', 'inherit'],
});

const problems = [];
for (const locale of config.targetLocales) {
  const file = join(work, 'xliff', `${locale}.xlf`);
  const xml = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const units = [...xml.matchAll(/<trans-unit id="([^"]+)">([\s\S]*?)<\/trans-unit>/g)];
  const missing = units
    .filter(([, , body]) => !/<target>[\s\S]*?<\/target>/.test(body))
    .map(([, id]) => id);
  if (missing.length)
    problems.push(
      `${locale}: ${missing.length} message(s) without a translation: ${missing.join(', ')}`,
    );
  else console.log(`${locale}: ${units.length} messages translated`);
}

if (problems.length === 0) {
  execFileSync('node', [...cli, 'build', '--config', join(work, 'lit-localize.json')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (const name of readdirSync(join(work, 'locales'))) {
    const fresh = readFileSync(join(work, 'locales', name), 'utf8');
    const committed = existsSync(join('src/locales', name))
      ? readFileSync(join('src/locales', name), 'utf8')
      : '';
    if (fresh !== committed) problems.push(`src/locales/${name} is stale: run npm run localize`);
  }
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('All locales complete.');
