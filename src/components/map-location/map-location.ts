import { localized, msg, str } from '@lit/localize';
import { adoptStyles, html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { CircleMarker, Map as LeafletMap, TileLayer } from 'leaflet';
import { answerUIOptions, onAnswerUIOptionsChange } from '../../config.js';
import { DrawingController } from '../shared/drawing-controller.js';
import { AnswerMapLocateEvent } from '../shared/events.js';
import { swatchStyles } from '../shared/swatch.styles.js';
import { themeStyles } from '../shared/theme.styles.js';
import { loadLeaflet, type Leaflet } from './load-leaflet.js';
import { mapLocationStyles } from './map-location.styles.js';

/**
 * @tag answer-map-location
 * @summary One place on a map, with a "locate" action for the host's own map.
 *
 * Leaflet is fetched only when the element first scrolls into view. Tiles
 * come only from the source the host set with `configureAnswerUI({ map })`;
 * without one the map shows the marker on a plain background, and the label
 * and coordinates are always shown as text.
 *
 * @fires answer-map-locate - The reader pressed "Locate"; `detail: { lat, lng, zoom, label, featureId? }`.
 * @csspart map - The map box.
 * @csspart locate - The locate button.
 * @cssprop --answer-map-height - Height of the map (default 220px).
 */
@localized()
export class AnswerMapLocation extends LitElement {
  // Leaflet's own styles come with Leaflet, when the map is first shown.
  static override styles = [themeStyles, swatchStyles, mapLocationStyles];

  /** Name of the place. */
  @property() label = '';

  /** Latitude in degrees. */
  @property({ type: Number }) lat = 0;

  /** Longitude in degrees. */
  @property({ type: Number }) lng = 0;

  /** Zoom level, 0-19 (default 13). */
  @property({ type: Number }) zoom = 13;

  /** What is at this place. */
  @property() description?: string;

  /** Id of the feature in the host's own map, passed on with `answer-map-locate`. */
  @property({ attribute: 'feature-id' }) featureId?: string;

  @state() private tileSource = answerUIOptions().map;

  private get mapBox() {
    return this.renderRoot.querySelector<HTMLElement>('.map');
  }

  private map?: LeafletMap;
  private marker?: CircleMarker;
  private tiles?: TileLayer;
  /** The tile source the layer above was made for. */
  private tilesUrl?: string;
  private unsubscribe?: () => void;
  // Shows the map when it first becomes visible, and keeps it sized to its box.
  private readonly drawing = new DrawingController(this, {
    load: loadLeaflet,
    box: () => this.mapBox,
    show: (L) => this.showMap(L),
    restyle: () => this.recolourMarker(),
    resize: () => this.map?.invalidateSize(),
    destroy: () => {
      this.map?.remove();
      this.map = this.marker = this.tiles = undefined;
    },
  });

  /** The Leaflet map once shown. */
  get leafletMap(): LeafletMap | undefined {
    return this.map;
  }

  override connectedCallback() {
    super.connectedCallback();
    this.unsubscribe = onAnswerUIOptionsChange(() => (this.tileSource = answerUIOptions().map));
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.unsubscribe?.();
  }

  protected override updated(changed: PropertyValues<this>) {
    super.updated(changed);
    if (this.map) this.syncMap();
  }

  private showMap(L: Leaflet) {
    if (this.map) {
      this.map.invalidateSize();
      return;
    }
    const box = this.mapBox;
    if (!box) return;
    const [theme, ...own] = AnswerMapLocation.elementStyles;
    adoptStyles(this.renderRoot as ShadowRoot, [theme!, L.leafletStyles, ...own]);
    this.map = L.map(box, {
      attributionControl: false,
      scrollWheelZoom: false,
      // A picture of the place, not a second map widget: the host's own map
      // (through "Locate") is where the reader explores. No controls means
      // nothing focusable hides inside the labelled image.
      keyboard: false,
      zoomControl: false,
      // A reader who asks for less motion gets no fading tiles and no animated zoom.
      ...(window.matchMedia('(prefers-reduced-motion: reduce)').matches ? { fadeAnimation: false, zoomAnimation: false, markerZoomAnimation: false } : {}),
    });
    const colour = this.markerColour();
    this.marker = L.circleMarker([this.lat, this.lng], { radius: 9, color: colour, weight: 3, fillColor: colour, fillOpacity: 0.35, interactive: false }).addTo(
      this.map,
    );
    this.syncMap(L);
  }

  private markerColour(): string {
    return this.drawing.colours()[0] ?? '#0b5cad';
  }

  private recolourMarker() {
    const colour = this.markerColour();
    this.marker?.setStyle({ color: colour, fillColor: colour });
  }

  private syncMap(L?: Leaflet) {
    const map = this.map!;
    map.setView([this.lat, this.lng], this.zoom ?? 13);
    this.marker?.setLatLng([this.lat, this.lng]);
    const url = this.tileSource?.tileUrl;
    if (this.tiles && this.tilesUrl !== url) {
      this.tiles.remove();
      this.tiles = undefined;
    }
    if (url && !this.tiles) {
      const add = (lib: Leaflet) => {
        this.tiles = lib.tileLayer(url, { maxZoom: this.tileSource?.maxZoom ?? 19 }).addTo(map);
        this.tilesUrl = url;
      };
      if (L) add(L);
      else void loadLeaflet().then(add);
    }
  }

  private locate() {
    const detail = { lat: this.lat, lng: this.lng, zoom: this.zoom ?? 13, label: this.label, ...(this.featureId ? { featureId: this.featureId } : {}) };
    this.dispatchEvent(new AnswerMapLocateEvent(detail));
  }

  override render() {
    const coordinates = `${this.lat.toFixed(4)}, ${this.lng.toFixed(4)}`;
    return html`<figure class="card">
      <div class="map" part="map" role="img" aria-label=${msg(str`Map of ${this.label}`)}></div>
      <figcaption>
        <div class="text">
          <div class="label" dir="auto">${this.label}</div>
          <div class="coords muted"><span class="visually-hidden">${msg('Coordinates')}: </span><bdi dir="ltr">${coordinates}</bdi></div>
          ${this.description ? html`<p class="description" dir="auto">${this.description}</p>` : nothing}
        </div>
        <button type="button" class="button" part="locate" aria-label=${msg(str`Locate ${this.label} on the map`)} @click=${this.locate}>
          ${msg('Locate')}
        </button>
        ${this.tileSource?.attribution ? html`<div class="attribution muted" dir="auto">${this.tileSource.attribution}</div>` : nothing}
      </figcaption>
      ${this.drawing.swatches(['marker'])}
    </figure>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'answer-map-location': AnswerMapLocation;
  }
}
