// The CSP build has the same API as the package's main file; only its worker is loaded apart.
declare module 'maplibre-gl/dist/maplibre-gl-csp.js' {
  export * from 'maplibre-gl';
}
