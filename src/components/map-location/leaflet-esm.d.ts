// Leaflet's ES module build: the bare `leaflet` import is UMD and has no named exports in the browser.
declare module 'leaflet/dist/leaflet-src.esm.js' {
  export * from 'leaflet';
}
