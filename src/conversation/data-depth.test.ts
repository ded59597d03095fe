import { expect } from 'chai';
import { nestsDeeper } from './data-depth.js';

describe('nestsDeeper', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestsDeeper('[[{"a":[1]}]]', 4)).to.equal(false);
    expect(nestsDeeper('[[{"a":[1]}]]', 3)).to.equal(true);
    expect(nestsDeeper('[[[[', 3), 'one level past the bound, unclosed').to.equal(true);
    expect(nestsDeeper('[[[', 3)).to.equal(false);
    expect(nestsDeeper('{"text":"[[[[[[[[[[{{{{{{"}', 1)).to.equal(false);
    expect(nestsDeeper('{"text":"an escaped quote \\" then [[[["}', 1)).to.equal(false);
    expect(nestsDeeper('{"a":"\\\\"}', 1), 'an escaped backslash ends before the quote').to.equal(
      false,
    );
  });

  it('scans 100,000 levels without recursion', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(nestsDeeper(deep, 200)).to.equal(true);
    expect(nestsDeeper(deep, 100_000)).to.equal(false);
  });
});
