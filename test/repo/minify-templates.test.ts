import { expect } from 'chai';
import { minifyCss, minifyTemplates } from '../../scripts/build/minify-templates.mjs';

/* The CDN build's template minifier: only the literal text of css/html/svg templates changes. */

describe('minifyTemplates', () => {
  it('drops CSS comments and the white space around punctuation, keeping what separates words', () => {
    expect(
      minifyCss(
        '/* why */\n  :host {\n    margin: 0 auto;\n    font: 1rem / 1.5 sans-serif;\n  }\n  a > b ,\n  c d { }\n',
      ),
    ).to.equal(' :host{margin:0 auto;font:1rem / 1.5 sans-serif}a>b,c d{}');
  });

  it('collapses markup white space and leaves expressions, other templates and strings alone', () => {
    const source = [
      "const label = 'keep   these   spaces';",
      'const view = html`<p   class="a">\n    ${cond ? html`<b>  x  </b>` : `plain   text`}\n  </p>`;',
      'const style = css`.a {\n  color: ${colour};\n}`;',
      'const other = tag`  untouched  `;',
    ].join('\n');
    expect(minifyTemplates(source)).to.equal(
      [
        "const label = 'keep   these   spaces';",
        'const view = html`<p class="a"> ${cond ? html`<b> x </b>` : `plain   text`} </p>`;',
        'const style = css`.a{color:${colour}}`;',
        'const other = tag`  untouched  `;',
      ].join('\n'),
    );
  });
});
