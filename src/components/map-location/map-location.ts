import { msg, str } from '@lit/localize';
import { adoptStyles, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Map as LeafletMap } from 'leaflet';
import { answerUIOptions, onAnswerUIOptionsChange } from '../../base/config.js';
import { DrawingController } from '../shared/drawing-controller.js';
import { AnswerMapLocateEvent } from '../shared/events.js';
import { coordinatesPhrase } from '../shared/phrases.js';
import { swatchStyles } from '../shared/swatch.styles.js';
import { loadLeaflet, type Leaflet } from './load-leaflet.js';
import { mapLocationStyles } from './map-location.styles.js';
import type { PlaceMap, PlaceView } from './place-map.js';
import { AnswerElement } from '../../base/answer-element.js';

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
export class AnswerMapLocation extends AnswerElement {
  // Leaflet's own styles come with Leaflet, when the map is first shown.
  static override styles = [swatchStyles, mapLocationStyles];

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
    // As Lit's @query: no render root until the element is first connected.
    return this.renderRoot?.querySelector<HTMLElement>('.map');
  }

  private place?: PlaceMap;
  private unsubscribe?: () => void;
  // Shows the map when it first becomes visible, and keeps it sized to its box.
  private readonly drawing = new DrawingController(this, {
    load: loadLeaflet,
    box: () => this.mapBox,
    show: (L) => this.showMap(L),
    restyle: () => this.place?.recolour(this.markerColour()),
    resize: () => this.place?.map.invalidateSize(),
    destroy: () => {
      this.place?.remove();
      this.place = undefined;
    },
  });

  /** The Leaflet map once shown. */
  get leafletMap(): LeafletMap | undefined {
    return this.place?.map;
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
    this.place?.show(this.view());
  }

  private view(): PlaceView {
    return { lat: this.lat, lng: this.lng, zoom: this.zoom ?? 13, tiles: this.tileSource };
  }

  private showMap(L: Leaflet) {
    if (this.place) {
      this.place.map.invalidateSize();
      return;
    }
    const box = this.mapBox;
    if (!box) return;
    const [theme, ...own] = AnswerMapLocation.elementStyles;
    adoptStyles(this.renderRoot as ShadowRoot, [theme!, L.leafletStyles, ...own]);
    this.place = new L.PlaceMap(L, box, this.view(), this.markerColour());
  }

  private markerColour(): string {
    return this.drawing.colours()[0] ?? '#0b5cad';
  }

  private locate() {
    const detail = {
      lat: this.lat,
      lng: this.lng,
      zoom: this.zoom ?? 13,
      label: this.label,
      ...(this.featureId ? { featureId: this.featureId } : {}),
    };
    this.dispatchEvent(new AnswerMapLocateEvent(detail));
  }

  override render() {
    const coordinates = `${this.lat.toFixed(4)}, ${this.lng.toFixed(4)}`;
    // The digits for the eye; a screen reader hears the coordinates in words.
    const digits = html`<bdi dir="ltr" aria-hidden="true">${coordinates}</bdi>`;
    const spoken = coordinatesPhrase(this.lat, this.lng);
    // Without the host's tiles the map is a marker on a plain ground: the text says it all.
    const tiles = Boolean(this.tileSource?.tileUrl);
    return html`<figure class="card">
      <div class="map" part="map" role=${tiles ? 'img' : nothing}
        aria-label=${tiles ? msg(str`Map of ${this.label}`) : nothing}
        aria-hidden=${tiles ? nothing : 'true'}></div>
      <figcaption>
        <div class="text">
          <div class="label" dir="auto">${this.label}</div>
          <div class="coords muted"><span class="visually-hidden">${spoken}</span>${digits}</div>
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
