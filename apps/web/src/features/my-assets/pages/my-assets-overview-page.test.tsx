import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import {
  assetsPage,
  dncInfo,
  listingsPage,
  myListing,
  pathOf,
  proceedsPage,
  ship,
} from '../../../test/my-assets-fixtures.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import MyAssetsOverviewPage from './my-assets-overview-page.tsx';

const WAIT = { timeout: 30_000 };

type Holdings = { assets?: readonly unknown[]; dnc?: number; listed?: number; listings?: readonly unknown[] };

function renderOverview(h: Holdings = {}) {
  mockFetch((call) => {
    switch (pathOf(call.url)) {
      case '/api/my/assets':
        return json(200, assetsPage(h.assets ?? []));
      case '/api/marketplace/dnc/listing':
        return json(200, dncInfo(h.dnc ?? 0, h.listed ?? 0));
      case '/api/my/listings':
        return json(200, listingsPage(h.listings ?? []));
      default:
        return json(200, proceedsPage([], '1234500000'));
    }
  });
  return renderRoutes([page('/my-assets', <MyAssetsOverviewPage />)], '/my-assets');
}

afterEach(() => vi.unstubAllGlobals());

describe('My Assets overview', { timeout: 60_000 }, () => {
  it('a player who owns nothing reads the empty state, with links to the Shop and the Marketplace', async () => {
    renderOverview();
    const empty = await screen.findByTestId('my-assets-empty', undefined, WAIT);
    expect(empty.textContent).toContain('You do not own any ships, units or DNC yet');
    expect(within(empty).getByRole('link', { name: 'Visit the Shop' }).getAttribute('href')).toBe('/shop');
    expect(within(empty).getByRole('link', { name: 'Browse the Marketplace' }).getAttribute('href')).toBe('/market');
    expect(screen.queryAllByTestId('my-assets-summary')).toHaveLength(0);
  });

  for (const [what, holdings] of [
    ['a ship', { assets: [ship('1')] }],
    ['DNC', { dnc: 10 }],
    ['DNC held in a listing', { listed: 10 }],
    ['a listing', { listings: [myListing('L1')] }],
  ] as const) {
    it(`a player with only ${what} is not told they own nothing`, async () => {
      renderOverview(holdings);
      await screen.findAllByTestId('my-assets-summary', undefined, WAIT);
      expect(screen.queryByTestId('my-assets-empty')).toBeNull();
    });
  }

  it('shows the DNC balance, the counts and the proceeds total, each linking to its page', async () => {
    renderOverview({ assets: [ship('1'), ship('2')], dnc: 1500, listed: 300, listings: [myListing('L1')] });
    await screen.findAllByTestId('my-assets-summary', undefined, WAIT);
    const summary = screen
      .getAllByTestId('my-assets-summary')
      .map((item) => [
        item.querySelector('.my-assets-summary__label')?.textContent,
        item.querySelector('.my-assets-summary__value')?.textContent,
        within(item).getByRole('link').getAttribute('href'),
      ]);
    expect(summary).toEqual([
      ['Ships and units', '2', '/my-assets/spaceships'],
      ['DNC balance', '1,500 DNC', '/my-assets/dnc-listing'],
      ['DNC in your listings', '300 DNC', '/my-assets/dnc-listing'],
      ['On sale now', '1', '/my-assets/spaceships-selling'],
      ['Proceeds from sales', '$1,234.500', '/my-assets/spaceships-selling?view=proceeds'],
    ]);
    const nav = screen.getByRole('navigation', { name: 'My Assets' });
    expect(within(nav).getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['My Assets']);
  });
});
