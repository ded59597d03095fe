type Leaflet = typeof import('./leaflet.js');

let leafletModule: Promise<Leaflet> | undefined;

/** Loads Leaflet on first use; every map on the page shares the one chunk. */
export function loadLeaflet(): Promise<Leaflet> {
  return (leafletModule ??= import('./leaflet.js'));
}
