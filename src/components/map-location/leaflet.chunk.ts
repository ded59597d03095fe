/*
 * Leaflet, evaluated without touching an HTML sink. ES modules evaluate
 * their imports in order, then their own body: the guard first, then
 * Leaflet, then the line below that removes the guard.
 */
import { endLeafletEvaluation } from './leaflet-probe-guard.js';

export * from 'leaflet/dist/leaflet-src.esm.js';
/** Leaflet's stylesheet, adopted by a map's shadow root when the map is first shown. */
export { leafletStyles } from './leaflet.styles.js';
/** The map an element shows, made with the Leaflet above. */
export { PlaceMap } from './place-map.js';

endLeafletEvaluation();
