/**
 * Browser configuration. Only VITE_* variables reach the bundle (vite `envPrefix`).
 * VITE_API_URL is empty by default: the API serves the SPA, and the dev server proxies /api.
 */
export const env = {
  apiUrl: (import.meta.env.VITE_API_URL ?? '').replace(/\/$/, ''),
  /** the land map's satellite imagery, a raster tile URL template; checked by the map */
  satelliteTiles: import.meta.env.VITE_SATELLITE_TILES,
  satelliteAttribution: import.meta.env.VITE_SATELLITE_ATTRIBUTION,
} as const;
