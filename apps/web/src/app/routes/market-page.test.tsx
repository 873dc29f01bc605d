import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock.ts';
import { expectDollarPricesOnly } from '../../test/money-words.ts';
import { page, renderRoutes } from '../../test/render.tsx';
import MarketPage from './market-page.tsx';

const listing = (i: number) => ({
  _id: `l${i}`,
  name: `Ship ${i}`,
  type: 'spaceship',
  kind: 'ship',
  price: 1000,
  sell_price: 249.6,
  price_micro: '1000000000',
  sell_price_micro: '249600000',
  minted: false,
  status: 'listed',
  listed_at: '2026-11-01T00:00:00.000Z',
  sold_at: null,
  item: { _id: `s${i}`, name: `Ship ${i}`, element: 1, rarity: 3, image: `/images/v1/ship/1-3-${i}`, description: '' },
});

const answer = (total: number, count: number) =>
  json(200, { error: false, data: Array.from({ length: count }, (_, i) => listing(i)), total, total_capped: false, page: 1, limit: 20 });

afterEach(() => vi.unstubAllGlobals());

describe('marketplace list', () => {
  it('shows the total, cards with whole-dollar prices, and asks the API with the URL filters', async () => {
    const { calls } = mockFetch(() => answer(45, 20));
    renderRoutes([page('/market', <MarketPage />)], '/market?element=ai&rarity=legendary&page=2');
    await screen.findByRole('heading', { name: 'Marketplace · 45 items' });
    expect(screen.getAllByText('$250')).toHaveLength(20);
    expectDollarPricesOnly(document.body.textContent);
    const url = new URL(calls[0]!.url, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ element: 'ai', rarity: 'legendary', page: '2', limit: '20' });
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeTruthy();
  });

  it('writes a filter change into the URL and starts again at page 1', async () => {
    mockFetch(() => answer(45, 20));
    const { router } = renderRoutes([page('/market', <MarketPage />)], '/market?page=3');
    await screen.findByRole('heading', { name: /45 items/ });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Alien' }));
    expect(router.state.location.search).toBe('?element=alien');
    fireEvent.change(screen.getByRole('textbox', { name: 'Price from' }), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(router.state.location.search).toBe('?element=alien&price_from=10');
  });

  it('tells the player when nothing matches, and when the call fails', async () => {
    mockFetch(() => answer(0, 0));
    renderRoutes([page('/market', <MarketPage />)], '/market');
    await screen.findByText(/No items match these filters/);
    vi.unstubAllGlobals();
    mockFetch(() => json(400, { error: true, code: 'BAD_REQUEST', msg: 'price_from must be a number of US dollars.' }));
    renderRoutes([page('/market', <MarketPage />)], '/market?price_from=abc');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('price_from must be a number'));
  });
});
