import { loadOnce } from '../../base/lazy.js';

export type Leaflet = typeof import('./leaflet.chunk.js');

/** Loads Leaflet on first use; every map on the page shares the one chunk. */
export const loadLeaflet: () => Promise<Leaflet> = loadOnce(() => import('./leaflet.chunk.js'));
