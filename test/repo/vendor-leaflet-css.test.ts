import { expect } from 'chai';
import { readFileSync } from 'node:fs';
// @ts-expect-error plain ES module without types
import { leafletStylesModule } from '../../scripts/build/vendor-leaflet-css.mjs';

describe('vendored Leaflet styles', () => {
  it('match the installed leaflet (run node scripts/build/vendor-leaflet-css.mjs after an upgrade)', () => {
    const committed = readFileSync(
      new URL('../../src/components/map-location/leaflet.styles.ts', import.meta.url),
      'utf8',
    );
    expect(committed).to.equal(leafletStylesModule());
    expect(committed).not.to.match(/url\(/);
  });
});
