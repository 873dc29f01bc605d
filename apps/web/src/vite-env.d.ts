interface ImportMetaEnv {
  /** Base URL of the API; empty means same origin. */
  readonly VITE_API_URL?: string;
  /** WalletConnect Cloud project id; unset, the WalletConnect choice says it is not set up. */
  readonly VITE_WALLETCONNECT_PROJECT_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
