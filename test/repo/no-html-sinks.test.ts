import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/* The spec allows no HTML or code sinks anywhere in the library. */
const SINKS =
  /\binnerHTML\b|\bouterHTML\b|insertAdjacentHTML|unsafeHTML|unsafeSVG|document\.write|\beval\s*\(|new Function\s*\(|srcdoc/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) && !path.includes('test-support')
      ? [path]
      : [];
  });
}

describe('source scan', () => {
  it('finds no HTML or code sink in src/', () => {
    const files = sources('src');
    expect(files.length).to.be.above(20);
    const hits = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ file, line: i + 1, text: line }))
        .filter(({ text }) => SINKS.test(text)),
    );
    expect(hits).to.deep.equal([]);
  });
});
