import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import type { CircleMarker, Map as LeafletMap, TileLayer } from 'leaflet';
import { answerUIOptions, onAnswerUIOptionsChange } from '../../config.js';
import { AnswerMapLocateEvent } from '../shared/events.js';
import { themeStyles } from '../shared/theme.styles.js';
import { leafletStyles } from './leaflet.styles.js';

import { loadLeaflet } from './load-leaflet.js';

type Leaflet = Awaited<ReturnType<typeof loadLeaflet>>;

/**
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
  static override styles = [
    themeStyles,
    leafletStyles,
    css`
      :host {
        display: block;
      }
      figure {
        margin: 0;
        padding: 0;
        overflow: hidden;
      }
      .map {
        height: var(--answer-map-height, 220px);
        background: var(--_raised);
        z-index: 0;
      }
      figcaption {
        display: flex;
        flex-wrap: wrap;
        gap: 0.25rem var(--_space-md);
        align-items: center;
        padding: var(--_space-sm) var(--_space-md);
      }
      .text {
        flex: 1 1 12rem;
        min-width: 0;
      }
      .label {
        font-weight: 600;
        overflow-wrap: anywhere;
      }
      .coords,
      .attribution {
        font-size: 0.8125rem;
      }
      .description {
        margin: 0.25rem 0 0;
        overflow-wrap: anywhere;
      }
      .attribution {
        flex-basis: 100%;
      }
      /* The marker's colour, for Leaflet. Not display: none, so that a theme switch transitions it and the marker follows. */
      .swatch {
        position: absolute;
        width: 0;
        height: 0;
        overflow: hidden;
        visibility: hidden;
        color: var(--_accent);
        transition: color 1ms;
      }
    `,
  ];

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

  @query('.map') private mapBox?: HTMLElement;
  @query('.swatch') private swatch?: HTMLElement;

  private map?: LeafletMap;
  private marker?: CircleMarker;
  private tiles?: TileLayer;
  /** The tile source the layer above was made for. */
  private tilesUrl?: string;
  private unsubscribe?: () => void;
  private visibility?: IntersectionObserver;
  private resize?: ResizeObserver;

  /** The Leaflet map once shown. */
  get leafletMap(): LeafletMap | undefined {
    return this.map;
  }

  override connectedCallback() {
    super.connectedCallback();
    this.unsubscribe = onAnswerUIOptionsChange(() => (this.tileSource = answerUIOptions().map));
    if (this.hasUpdated) this.observe();
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.unsubscribe?.();
    this.visibility?.disconnect();
    this.resize?.disconnect();
    queueMicrotask(() => {
      if (!this.isConnected) {
        this.map?.remove();
        this.map = this.marker = this.tiles = undefined;
      }
    });
  }

  protected override firstUpdated() {
    this.observe();
  }

  /** Shows the map when it first becomes visible, and keeps it sized to its box. */
  private observe() {
    const box = this.mapBox;
    if (!box) return;
    this.visibility = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void this.showMap();
    });
    this.visibility.observe(box);
    this.resize = new ResizeObserver(() => this.map?.invalidateSize());
    this.resize.observe(box);
  }

  protected override updated(changed: PropertyValues<this>) {
    super.updated(changed);
    if (this.map) this.syncMap();
  }

  private async showMap() {
    if (this.map) {
      this.map.invalidateSize();
      return;
    }
    const L = await loadLeaflet();
    const box = this.mapBox;
    if (!box || this.map || !this.isConnected) return;
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
    this.marker = L.circleMarker([this.lat, this.lng], { radius: 9, color: colour, weight: 3, fillColor: colour, fillOpacity: 0.35, interactive: false }).addTo(this.map);
    this.syncMap(L);
  }

  private markerColour(): string {
    return this.swatch ? getComputedStyle(this.swatch).color : '#0b5cad';
  }

  private recolourMarker = () => {
    const colour = this.markerColour();
    this.marker?.setStyle({ color: colour, fillColor: colour });
  };

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
      <span class="swatch" @transitionend=${this.recolourMarker}></span>
    </figure>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'answer-map-location': AnswerMapLocation;
  }
}
