interface ImportMetaEnv {
  /** Base URL of the API; empty means same origin. */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
