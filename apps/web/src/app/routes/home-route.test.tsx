import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, type Call } from '../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../test/render.tsx';
import { setHomeVersionHint } from '../../lib/home-hint.ts';
import HomeRoute from './home-route.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  setHomeVersionHint(undefined);
});

/** The first render loads lazy chunks; a busy two-core machine may need more than 1 s. */
const SLOW = { timeout: 60_000 };
vi.setConfig({ testTimeout: 15_000 });

/** /site/setting answers `setting`; the pages' own calls answer empty lists and zero totals. */
function siteApi(setting: (() => Response) | Promise<Response>) {
  return (call: Call) => {
    const path = new URL(call.url, 'http://x').pathname;
    if (path === '/site/setting') return typeof setting === 'function' ? setting() : setting;
    if (path === '/api/marketplace/find')
      return json(200, { error: false, data: [], total: 321, total_capped: false, page: 1, limit: 20 });
    if (path === '/api/marketplace/totalDeposit')
      return json(200, { error: false, count: 0, total: 0, total_micro: '0' });
    if (path === '/api/catalogue/house_types') return json(200, { error: false, data: [] });
    if (path === '/api/shop/blindbox') return json(503, { error: true, code: 'UNAVAILABLE', msg: 'Not in this test.' });
    return json(200, { error: false, data: [] });
  };
}
const setting = (home_version: number) => () => json(200, { error: false, sale_program: 1, home_version });

describe('home route', () => {
  it('home_version 1 is the landing page with its live counters', async () => {
    mockFetch(siteApi(setting(1)));
    renderRoutes([page('/', <HomeRoute />)], '/');
    expect(await screen.findByRole('heading', { name: 'Build your fleet at Starport' }, SLOW)).toBeTruthy();
    expect(await screen.findByText('321', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /^Marketplace/ })).toBeNull();
  });

  it('home_version 2 makes the marketplace list the home page', async () => {
    const { calls } = mockFetch(siteApi(setting(2)));
    renderRoutes([page('/', <HomeRoute />)], '/');
    expect(await screen.findByRole('heading', { name: 'Marketplace · 321 items' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Build your fleet at Starport' })).toBeNull();
    // The landing's calls are never made.
    expect(calls.some((c) => c.url.includes('totalDeposit'))).toBe(false);
  });

  it('shows a neutral placeholder, neither page, while the setting loads', async () => {
    mockFetch(siteApi(new Promise<Response>(() => {})));
    renderRoutes([page('/', <HomeRoute />)], '/');
    expect(await screen.findByTestId('home-pending', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('draws the page the prerendered / names while the setting loads (decision 0073)', async () => {
    setHomeVersionHint(1);
    mockFetch(siteApi(new Promise<Response>(() => {})));
    renderRoutes([page('/', <HomeRoute />)], '/');
    expect(await screen.findByRole('heading', { name: 'Build your fleet at Starport' }, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('home-pending')).toBeNull();
  });

  it('follows the setting once it answers, whatever the prerendered / named', async () => {
    setHomeVersionHint(1);
    mockFetch(siteApi(setting(2)));
    renderRoutes([page('/', <HomeRoute />)], '/');
    expect(await screen.findByRole('heading', { name: 'Marketplace · 321 items' }, SLOW)).toBeTruthy();
  });

  it("asks for the landing hero's ship while the setting loads, not after it", async () => {
    const { calls } = mockFetch(siteApi(new Promise<Response>(() => {})));
    renderRoutes([page('/', <HomeRoute />)], '/');
    expect(await screen.findByTestId('home-pending', {}, SLOW)).toBeTruthy();
    await vi.waitFor(() => expect(calls.some((c) => c.url.includes('rarity=legendary'))).toBe(true), SLOW);
  });

  it('falls back to the landing page when the setting cannot be read', async () => {
    mockFetch(siteApi(() => json(500, { error: true, code: 'INTERNAL', msg: 'Something went wrong.' })));
    renderRoutes([page('/', <HomeRoute />)], '/');
    expect(await screen.findByRole('heading', { name: 'Build your fleet at Starport' }, SLOW)).toBeTruthy();
  });
});
