/**
 * `npm run test:soak`: the property tests with at least 10,000 runs each
 * (FUZZ_RUNS), and the whole injection corpus (SOAK). Takes tens of minutes;
 * `npm test` runs the same checks with fewer cases.
 */
import { spawnSync } from 'node:child_process';

const env = { ...process.env, FUZZ_RUNS: process.env.FUZZ_RUNS || '10000', SOAK: '1' };
const steps = [
  ['npm', ['run', 'build', '--silent']],
  [
    'npx',
    [
      'mocha',
      '--no-config',
      '--node-option',
      'import=tsx',
      '--timeout',
      '3600000',
      'src/catalog/properties.node.test.ts',
      'security/injection.test.ts',
    ],
  ],
  [
    'npx',
    [
      'wtr',
      '--files',
      'src/**/*.fuzz.test.ts',
      'src/thread/elements/thread.test.ts',
      'src/conversation/sse.test.ts',
      'src/store/*.test.ts',
      '!src/store/*.node.test.ts',
    ],
  ],
];
for (const [command, args] of steps) {
  console.log(`\n── ${command} ${args.join(' ')} (FUZZ_RUNS=${env.FUZZ_RUNS}) ──`);
  const { status } = spawnSync(command, args, { stdio: 'inherit', env });
  if (status !== 0) process.exit(status ?? 1);
}
console.log('\nSoak passed.');
