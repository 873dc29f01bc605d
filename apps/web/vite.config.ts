import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// By relative path: Vite bundles the config, and only a relative import of the TS source is bundled.
import { SERVER_PATH_PREFIXES } from '../../packages/schemas/src/web-routes.ts';
import { routePreload } from './vite-route-preload.ts';

// Pinned so `vite build --config apps/web/vite.config.ts` from the repo root behaves like `npm run build -w`.
const root = fileURLToPath(new URL('.', import.meta.url));
const api = 'http://127.0.0.1:3000';

export default defineConfig({
  root,
  // The first page's chunk and first API call start beside the entry script (decision 0064).
  plugins: [
    react(),
    routePreload([
      // The landing, the default home page (home_version 1).
      { path: '/', module: '/src/app/routes/home-page.tsx' },
      // The call MarketPage makes with no filters (features/marketplace/api/find-marketplace.ts).
      {
        path: '/market',
        module: '/src/app/routes/market-page.tsx',
        fetches: ['/api/marketplace/find?page=1&limit=20'],
      },
    ]),
  ],
  // Only VITE_* variables are exposed to browser code; everything else stays on the server.
  envPrefix: 'VITE_',
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // scripts/prerender.mjs reads which CSS each first page needs (decision 0073).
    manifest: true,
    // Two big chunks are lazy on purpose: three.js (≈600 kB raw), loaded only by Legendary
    // ships' 3D view (docs/decisions/0012), and maplibre (≈970 kB raw), loaded only by the land
    // pages (docs/decisions/0048). bench/bundle-size.ts checks no first page loads either.
    chunkSizeWarningLimit: 1000,
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    // Same-origin paths in dev, exactly as when the API serves the built SPA on :3000.
    proxy: Object.fromEntries(SERVER_PATH_PREFIXES.map((prefix) => [prefix, api])),
  },
});
