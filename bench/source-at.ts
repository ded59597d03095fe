import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The project's src/ as it was at commit `rev`, extracted into
 * `.test-results/<name>` beside node_modules so its imports resolve, for a
 * bench to build and measure beside the current one. Returns the folder.
 */
export function sourceAt(rev: string, name: string): string {
  const dir = resolve('.test-results', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const archive = execFileSync('git', ['archive', rev, 'src'], { maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  // Its own package.json, so that its define.ts modules count as having side effects.
  writeFileSync(resolve(dir, 'package.json'), '{ "sideEffects": true }\n');
  return dir;
}
