import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { readListFilters, useListFilters, writeListFilters, type ListFilters } from './list-filters.ts';

describe('list filters in the URL', () => {
  it('reads comma lists, prices and the page; bad pages fall back to 1', () => {
    const f = readListFilters(new URLSearchParams('element=AI,alien&rarity=epic&price_from=10&price_to=99.5&page=3'));
    expect(f).toEqual({ element: ['ai', 'alien'], rarity: ['epic'], priceFrom: '10', priceTo: '99.5', page: 3 });
    expect(readListFilters(new URLSearchParams('page=-2')).page).toBe(1);
    expect(readListFilters(new URLSearchParams('page=abc')).page).toBe(1);
  });

  it('writes only what is set, with the API names', () => {
    const params = writeListFilters({ element: ['human'], rarity: [], priceFrom: ' 5 ', priceTo: '', page: 1 });
    expect(params.toString()).toBe('element=human&price_from=5');
  });

  it('a filter change goes back to page 1 and each change is a history entry', () => {
    let api: { filters: ListFilters; update: (c: Partial<ListFilters>) => void } | undefined;
    function Probe() {
      api = useListFilters();
      return null;
    }
    const router = createMemoryRouter([{ path: '/market', element: <Probe /> }], { initialEntries: ['/market?page=4'] });
    render(<RouterProvider router={router} />);
    act(() => api!.update({ rarity: ['legendary'] }));
    expect(router.state.location.search).toBe('?rarity=legendary');
    act(() => api!.update({ page: 2 }));
    expect(router.state.location.search).toBe('?rarity=legendary&page=2');
    act(() => {
      void router.navigate(-1);
    });
    expect(api!.filters).toMatchObject({ rarity: ['legendary'], page: 1 });
  });
});
