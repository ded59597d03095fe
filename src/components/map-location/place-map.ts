import type { CircleMarker, Map as LeafletMap, TileLayer } from 'leaflet';
import type { MapOptions } from '../../base/config.js';
import type { Leaflet } from './load-leaflet.js';

/** Where the map looks, and the host's tile source, if any. */
export interface PlaceView {
  lat: number;
  lng: number;
  zoom: number;
  tiles?: MapOptions;
}

/**
 * The Leaflet map of one `<answer-map-location>`: a picture of the place
 * with a marker, and the host's tiles when it set a source. It travels with
 * Leaflet in the map chunk: a page without maps loads neither.
 */
export class PlaceMap {
  readonly map: LeafletMap;
  private readonly marker: CircleMarker;
  private tiles?: TileLayer;
  /** The tile source the layer above was made for. */
  private tilesUrl?: string;

  constructor(
    private readonly L: Leaflet,
    box: HTMLElement,
    view: PlaceView,
    colour: string,
  ) {
    this.map = L.map(box, {
      attributionControl: false,
      scrollWheelZoom: false,
      // A picture of the place, not a second map widget: the host's own map
      // (through "Locate") is where the reader explores. No controls means
      // nothing focusable hides inside the labelled image.
      keyboard: false,
      zoomControl: false,
      // A reader who asks for less motion gets no fading tiles and no animated zoom.
      ...(window.matchMedia('(prefers-reduced-motion: reduce)').matches
        ? { fadeAnimation: false, zoomAnimation: false, markerZoomAnimation: false }
        : {}),
    });
    this.marker = L.circleMarker([view.lat, view.lng], {
      radius: 9,
      color: colour,
      weight: 3,
      fillColor: colour,
      fillOpacity: 0.35,
      interactive: false,
    }).addTo(this.map);
    this.show(view);
  }

  /** Moves the view and the marker, and swaps the tile layer when the host's source changed. */
  show({ lat, lng, zoom, tiles }: PlaceView): void {
    this.map.setView([lat, lng], zoom);
    this.marker.setLatLng([lat, lng]);
    const url = tiles?.tileUrl;
    if (this.tiles && this.tilesUrl !== url) {
      this.tiles.remove();
      this.tiles = undefined;
    }
    if (url && !this.tiles) {
      this.tiles = this.L.tileLayer(url, { maxZoom: tiles?.maxZoom ?? 19 }).addTo(this.map);
      this.tilesUrl = url;
    }
  }

  recolour(colour: string): void {
    this.marker.setStyle({ color: colour, fillColor: colour });
  }

  remove(): void {
    this.map.remove();
  }
}
