import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser } from 'playwright';

/*
 * What a bench that measures the code beside an earlier commit's, in the
 * Chromium the browser tests use, needs.
 */

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

/** The Chromium the browser tests use (scripts/dev/chromium.mjs, a module without types). */
export async function launchChromium(): Promise<Browser> {
  const where: string = '../scripts/dev/chromium.mjs';
  const { chromiumPath, CHROMIUM_ARGS } = (await import(where)) as {
    chromiumPath(): string;
    CHROMIUM_ARGS: string[];
  };
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}
