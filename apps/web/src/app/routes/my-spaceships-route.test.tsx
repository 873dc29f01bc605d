import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, type Call } from '../../test/fetch-mock.ts';
import { assetsPage, pathOf, queryOf, ship } from '../../test/my-assets-fixtures.ts';
import { page, renderRoutes } from '../../test/render.tsx';
import MySpaceshipsRoute from './my-spaceships-route.tsx';

const WAIT = { timeout: 30_000 };
const assetCalls = (calls: Call[]) => calls.filter((c) => pathOf(c.url) === '/api/my/assets');
const lastQuery = (calls: Call[]) => queryOf(assetCalls(calls).at(-1)!.url);

const renderAt = (path: string) => renderRoutes([page('/my-assets/spaceships', <MySpaceshipsRoute />)], path);

beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(() => vi.unstubAllGlobals());

describe('My spaceships: filters and pages in the URL', { timeout: 60_000 }, () => {
  it('turns element, rarity and price filters into the address and the API query', async () => {
    const { calls } = mockFetch(() => json(200, assetsPage([ship('1')])));
    const { router } = renderAt('/my-assets/spaceships');
    await screen.findAllByTestId('asset-card', undefined, WAIT);
    expect(lastQuery(calls)).toEqual({ page: '1', limit: '20' });

    const filters = screen.getByRole('complementary', { name: 'Filters' });
    fireEvent.click(within(filters).getByRole('checkbox', { name: 'Alien' }));
    await waitFor(() => expect(router.state.location.search).toBe('?element=alien'));
    fireEvent.click(within(filters).getByRole('checkbox', { name: 'Legendary' }));
    fireEvent.change(within(filters).getByLabelText('Price from'), { target: { value: '10' } });
    fireEvent.change(within(filters).getByLabelText('Price to'), { target: { value: '99.5' } });
    fireEvent.click(within(filters).getByRole('button', { name: 'Apply' }));

    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        element: 'alien',
        rarity: 'legendary',
        price_from: '10',
        price_to: '99.5',
      }),
    );
    await waitFor(() =>
      expect(lastQuery(calls)).toEqual({
        element: 'alien',
        rarity: 'legendary',
        price_from: '10',
        price_to: '99.5',
        page: '1',
        limit: '20',
      }),
    );
    // Human, AI and Alien only: ships of the game; no DNC pack filter on owned ships.
    expect(
      within(filters)
        .getAllByRole('checkbox')
        .slice(0, 3)
        .map((c) => c.parentElement?.textContent),
    ).toEqual(['Human', 'AI', 'Alien']);
  });

  it('shows pages 12 to 28 around page 20 of 50, and a page press goes to the address and the API', async () => {
    const { calls } = mockFetch((call) =>
      json(200, assetsPage([ship(queryOf(call.url).page ?? '1')], 1000, Number(queryOf(call.url).page))),
    );
    const { router } = renderAt('/my-assets/spaceships?rarity=epic&page=20');
    await screen.findAllByTestId('asset-card', undefined, WAIT);
    expect(lastQuery(calls)).toMatchObject({ rarity: 'epic', page: '20', limit: '20' });

    const pager = screen.getByRole('navigation', { name: 'Pages' });
    const numbers = within(pager)
      .getAllByRole('button', { name: /^Page / })
      .map((b) => Number(b.textContent));
    expect(numbers).toEqual(Array.from({ length: 17 }, (_, i) => 12 + i));
    expect(within(pager).getByRole('button', { name: 'Page 20' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(within(pager).getByRole('button', { name: 'Page 28' }));
    await waitFor(() => expect(router.state.location.search).toBe('?rarity=epic&page=28'));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ rarity: 'epic', page: '28' }), WAIT);
    const moved = screen.getByRole('navigation', { name: 'Pages' });
    await waitFor(() =>
      expect(
        within(moved)
          .getAllByRole('button', { name: /^Page / })
          .map((b) => Number(b.textContent)),
      ).toEqual(Array.from({ length: 17 }, (_, i) => 20 + i)),
    );
  });

  it('a filter change starts again at the first page', async () => {
    mockFetch(() => json(200, assetsPage([ship('1')], 100, 3)));
    const { router } = renderAt('/my-assets/spaceships?page=3');
    await screen.findAllByTestId('asset-card', undefined, WAIT);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Human' }));
    await waitFor(() => expect(router.state.location.search).toBe('?element=human'));
  });
});
