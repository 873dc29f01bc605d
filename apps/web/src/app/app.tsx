import { StrictMode } from 'react';
import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { FirstData } from './first-data.ts';
import { AppProviders } from './providers.tsx';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * The whole app around a router: the browser's in main.tsx, a memory router at build time in
 * prerender.tsx. One tree for both, so the prerendered HTML is what the first render draws and
 * `hydrateRoot` can adopt it (decision 0073). `firstData`: what the server read for a page it
 * rendered at request time, for the cache (decision 0080).
 */
export function App({ router, firstData }: { router: Router; firstData?: FirstData }) {
  return (
    <StrictMode>
      <AppProviders firstData={firstData}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}
