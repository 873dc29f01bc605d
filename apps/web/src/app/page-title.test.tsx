import { WEB_ROUTE_PATTERNS } from '@starport/schemas';
import { cleanup, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../test/fetch-mock.ts';
import { SITE_NAME } from './page-title.ts';
import { AppProviders } from './providers.tsx';
import { routes } from './routes/route-table.tsx';

/** A concrete address for a route pattern (`:id` → 1, `:result` → success). */
const addressOf = (pattern: string) => pattern.replace(':result', 'success').replace(/:\w+/g, '1');

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.scrollTo = () => {};
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function titleAt(path: string): Promise<string> {
  document.title = SITE_NAME;
  mockFetch(() => json(404, { error: true, code: 'NOT_FOUND', msg: 'Not found.' }));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  await waitFor(() => expect(document.title).not.toBe(SITE_NAME));
  return document.title;
}

describe('page titles', { timeout: 60_000 }, () => {
  // Every page route names itself in the tab: "<Page> · Starport", never the bare site name.
  it.each([...WEB_ROUTE_PATTERNS, '/no/such/page'])('%s has its own title', async (pattern) => {
    expect(await titleAt(addressOf(pattern))).toMatch(new RegExp(`^\\S.* · ${SITE_NAME}$`));
  });

  it('names pages after what they are, and tells them apart', async () => {
    expect(await titleAt('/market')).toBe('Marketplace · Starport');
    cleanup();
    expect(await titleAt('/no/such/page')).toBe('Page not found · Starport');
    cleanup();
    expect(await titleAt('/registry')).toBe('Sign up · Starport');
  });
});
