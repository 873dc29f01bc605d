interface ImportMetaEnv {
  /** Base URL of the API; empty means same origin. */
  readonly VITE_API_URL?: string;
  /** WalletConnect Cloud project id; unset, the WalletConnect choice says it is not set up. */
  readonly VITE_WALLETCONNECT_PROJECT_ID?: string;
  /** Raster tile URL template ({z}/{x}/{y}) of the land map's satellite style; unset, that choice says why it is off. */
  readonly VITE_SATELLITE_TILES?: string;
  /** The credit the imagery's provider asks to be shown on the map, e.g. "© Imagery Co". */
  readonly VITE_SATELLITE_ATTRIBUTION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
