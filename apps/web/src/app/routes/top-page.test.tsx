import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../test/render.tsx';
import { soldItem } from '../../test/sold-fixtures.ts';
import TopPage from './top-page.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The first render loads lazy chunks; a busy two-core machine may need more than 1 s. */
const SLOW = { timeout: 60_000 };
vi.setConfig({ testTimeout: 15_000 });

const section = (name: string) => screen.getByRole('region', { name });

describe('top lists', () => {
  it('shows the three lists as cards that open the item pages', async () => {
    const { calls } = mockFetch((call) => {
      const path = new URL(call.url, 'http://x').pathname;
      if (path.endsWith('/top_nft'))
        return json(200, { error: false, data: [soldItem(1, 'ship', 9000), soldItem(2, 'house_unit', 8000)] });
      if (path.endsWith('/last_7_days')) return json(200, { error: false, data: [soldItem(3, 'dnc', 700)] });
      return json(200, { error: false, data: [soldItem(4), soldItem(5), soldItem(6)] });
    });
    renderRoutes([page('/top', <TopPage />)], '/top');
    const top = section('Top NFT sales of all time');
    expect((await within(top).findByRole('link', { name: 'Ship 1' }, SLOW)).getAttribute('href')).toBe('/detail/101');
    expect(within(top).getByRole('link', { name: 'Type 2' }).getAttribute('href')).toBe('/market/102');
    expect(within(top).getByText('#1')).toBeTruthy();
    expect(within(top).getByText('Sold for $9,000')).toBeTruthy();
    expect(within(top).getByText('Alien · Legendary')).toBeTruthy();

    const week = section('Top sales of the last 7 days');
    expect((await within(week).findByRole('link', { name: '500 DNC' }, SLOW)).getAttribute('href')).toBe('/detail/103');

    const recent = section('Recently sold');
    expect(await within(recent).findAllByRole('article', {}, SLOW)).toHaveLength(3);
    expect(within(recent).queryByText('#1')).toBeNull();

    const asked = calls
      .map((c) => new URL(c.url, 'http://x'))
      .map((u) => `${u.pathname}?${u.searchParams}`)
      .sort();
    expect(asked).toEqual([
      '/api/marketplace/last_7_days?limit=12',
      '/api/marketplace/recently_sold?limit=12',
      '/api/marketplace/top_nft?limit=12',
    ]);
  });

  it('has an empty state per list and reports a list that fails', async () => {
    mockFetch((call) =>
      call.url.includes('last_7_days')
        ? json(503, { error: true, code: 'UNAVAILABLE', msg: 'The service is busy.' })
        : json(200, { error: false, data: [] }),
    );
    renderRoutes([page('/top', <TopPage />)], '/top');
    expect(
      await within(section('Top NFT sales of all time')).findByText(/No NFT has been sold yet/, {}, SLOW),
    ).toBeTruthy();
    expect(
      await within(section('Recently sold')).findByText('No sales have been recorded yet.', {}, SLOW),
    ).toBeTruthy();
    const alert = await within(section('Top sales of the last 7 days')).findByRole('alert', {}, SLOW);
    expect(alert.textContent).toContain('The service is busy.');
  });
});
