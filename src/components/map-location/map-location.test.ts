import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { configureAnswerUI } from '../../base/config.js';
import { $, $$, requestedUrls } from '../../test-support/dom.js';
import { setAnswerLocale } from '../../base/localization.js';
import { press } from '../../test-support/engines.js';
import './define.js';
import type { AnswerMapLocation } from './map-location.js';

const place = () =>
  fixture<AnswerMapLocation>(
    html`<answer-map-location label="Pump 4" .lat=${39.1} .lng=${117.2} .zoom=${14} description="Pressure drop" feature-id="pump-4"></answer-map-location>`,
  );

describe('answer-map-location', () => {
  afterEach(() => configureAnswerUI({ map: {} }));

  it('without a tile source shows the marker, label and coordinates, and fetches no tiles', async () => {
    const el = await place();
    await waitUntil(() => el.leafletMap, 'Leaflet never showed the map', { timeout: 5000 });
    expect($(el, '.label').textContent).to.equal('Pump 4');
    expect($(el, '.coords').textContent).to.include('39.1000, 117.2000');
    expect($$(el, '.leaflet-tile')).to.have.length(0);
    expect($$(el, 'path.leaflet-interactive, svg path')).to.have.length(1);
    const center = el.leafletMap!.getCenter();
    expect([center.lat, center.lng]).to.deep.equal([39.1, 117.2]);
    const foreign = requestedUrls().filter((url) => new URL(url).origin !== location.origin);
    expect(foreign).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  it('gives the place in words: its name, its coordinates in the locale, its description', async () => {
    const el = await place();
    await waitUntil(() => el.leafletMap, 'Leaflet never showed the map', { timeout: 5000 });
    const spoken = () => $(el, '.coords .visually-hidden').textContent;
    expect(spoken()).to.equal('latitude 39.1, longitude 117.2');
    expect(
      $(el, '.coords bdi').getAttribute('aria-hidden'),
      'the digits are not read twice',
    ).to.equal('true');
    expect($(el, '.description').textContent).to.equal('Pressure drop');
    // Without tiles the map is a marker on a plain ground: the text is the content.
    expect($(el, '.map').getAttribute('aria-hidden')).to.equal('true');
    expect($(el, '.map').hasAttribute('role')).to.equal(false);
    await setAnswerLocale('de');
    try {
      await el.updateComplete;
      expect(spoken()).to.equal('Breitengrad 39,1, Längengrad 117,2');
    } finally {
      await setAnswerLocale('en');
    }
  });

  it('is a named picture of the place once the host gives it tiles', async () => {
    configureAnswerUI({ map: { tileUrl: '/src/test-support/tile.png?z={z}&x={x}&y={y}' } });
    const el = await place();
    expect($(el, '.map').getAttribute('role')).to.equal('img');
    expect($(el, '.map').getAttribute('aria-label')).to.equal('Map of Pump 4');
    expect($(el, '.map').hasAttribute('aria-hidden')).to.equal(false);
  });

  it('holds the keyboard nowhere: Tab goes from before the map to Locate, and on', async () => {
    const box = await fixture<HTMLElement>(
      html`<div>
        <button id="before">Before</button>
        <answer-map-location label="Pump 4" .lat=${39.1} .lng=${117.2}></answer-map-location>
        <button id="after">After</button>
      </div>`,
    );
    const el = box.querySelector('answer-map-location')!;
    await waitUntil(() => el.leafletMap, 'Leaflet never showed the map', { timeout: 5000 });
    box.querySelector<HTMLElement>('#before')!.focus();
    await press('Tab');
    expect(el.shadowRoot!.activeElement?.getAttribute('part')).to.equal('locate');
    await press('Tab');
    expect(document.activeElement?.id).to.equal('after');
  });

  it('loading Leaflet leaves document.createElement as it was', async () => {
    const el = await place();
    await waitUntil(() => el.leafletMap, 'Leaflet never showed the map', { timeout: 5000 });
    // Leaflet's load-time probe gets a stand-in div; afterwards the page's own method is back.
    expect(Object.prototype.hasOwnProperty.call(document, 'createElement')).to.equal(false);
    expect(document.createElement('div')).to.be.instanceOf(HTMLDivElement);
  });

  it('fires answer-map-locate for the host map', async () => {
    const el = await place();
    setTimeout(() => $(el, 'button').click());
    const event = await oneEvent(document, 'answer-map-locate');
    expect(event.detail).to.deep.equal({
      lat: 39.1,
      lng: 117.2,
      zoom: 14,
      label: 'Pump 4',
      featureId: 'pump-4',
    });
  });

  it('loads tiles only from the configured source and shows its attribution', async () => {
    configureAnswerUI({
      map: { tileUrl: '/src/test-support/tile.png?z={z}&x={x}&y={y}', attribution: '© Test tiles' },
    });
    const el = await place();
    await waitUntil(() => $$(el, 'img.leaflet-tile').length > 0, 'no tiles requested', {
      timeout: 5000,
    });
    for (const img of $$<HTMLImageElement>(el, 'img.leaflet-tile'))
      expect(img.src).to.match(/\/src\/test-support\/tile\.png\?z=14&/);
    expect($(el, '.attribution').textContent).to.equal('© Test tiles');
    await expect(el).to.be.accessible();
  });

  it('re-measures the map when its box is resized', async () => {
    const el = await place();
    await waitUntil(() => el.leafletMap, undefined, { timeout: 5000 });
    let calls = 0;
    const original = el.leafletMap!.invalidateSize.bind(el.leafletMap);
    el.leafletMap!.invalidateSize = (options?: unknown) => {
      calls++;
      return original(options as boolean);
    };
    el.style.width = '300px';
    await waitUntil(() => calls > 0, 'invalidateSize was not called on resize', { timeout: 5000 });
  });

  it('follows new coordinates in place', async () => {
    const el = await place();
    await waitUntil(() => el.leafletMap, undefined, { timeout: 5000 });
    const map = el.leafletMap;
    el.lat = 40;
    el.lng = 116;
    await el.updateComplete;
    expect(el.leafletMap).to.equal(map);
    expect(map!.getCenter().lat).to.be.closeTo(40, 1e-6);
  });
});
