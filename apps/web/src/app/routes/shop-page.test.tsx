import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCart, useCartStore } from '../../lib/cart-store.ts';
import { json, mockFetch, type Call } from '../../test/fetch-mock.ts';
import { headingSkips } from '../../test/heading-outline.ts';
import { expectDollarPricesOnly } from '../../test/money-words.ts';
import { page, renderRoutes } from '../../test/render.tsx';
import ShopPage from './shop-page.tsx';

const catalogueItem = (i: number) => ({
  _id: `s${i}`, name: `Ship ${i}`, element: 1, rarity: 2, image: `/images/v1/ship/1-2-${i}`, description: '',
  element_name: 'AI', rarity_name: 'Epic', health: 1, healing: 1, gun_damage: 1, rocket_damage: 1, rocket_re_time: 1,
  attack: 1, defender: 1,
});

const shopItem = (i: number) => ({
  _id: `shop${i}`,
  name: `Ship ${i}`,
  type: 1,
  element: 1,
  rarity: 2,
  image: `/images/v1/ship/1-2-${i}`,
  kind: 'ship',
  object: 'spaceship',
  code: 'spaceship',
  price: 600,
  sell_price: 499.6,
  price_micro: '600000000',
  sell_price_micro: '499600000',
  stock: i === 0 ? 0 : 7,
  soldout: i === 0,
  created_at: '2026-11-01T00:00:00.000Z',
  item: catalogueItem(i),
  cache: catalogueItem(i),
});

const blindBox = {
  _id: 'blindbox-frontier', code: 'blindbox', object: 'blindbox', name: 'Frontier Blind Box', description: 'One ship of any rarity.',
  image: '/images/v1/blindbox/frontier', price: 1000, sell_price: 250, price_micro: '1000000000', sell_price_micro: '250000000',
  odds_bps: { common: 6543, rare: 2500, epic: 857, legend: 100 },
};

type Line = { id: string; object: string; total: number };
/** A stand-in for POST /api/getprice: a summary whose figures the browser could not have made up. */
const priced = (lines: Line[]) => ({
  error: false,
  data: {
    totalsub: 749.6, discount: 37.48, priceTotal: 712.12, basePrice: 1600, discountPercent: 5, nextDiscount: 10, missingCount: 2,
    totalItems: lines.reduce((n, l) => n + l.total, 0), totalsub_micro: '749600000', discount_micro: '37480000',
    priceTotal_micro: '712120000', basePrice_micro: '1600000000', tiers: [],
    lines: lines.map((l) => ({ ...l, name: l.id, sell_price: 1, price: 1, sell_price_micro: '1000000', stock: null, soldout: false })),
  },
});

const api = (total: number, count: number) => (call: Call) => {
  const path = new URL(call.url, 'http://x').pathname;
  if (path === '/api/getprice') return json(200, priced((call.body as { items: Line[] }).items));
  if (path === '/api/shop/blindbox') return json(200, { error: false, item: blindBox });
  if (path === '/api/my/blindboxs/chance') return json(200, { error: false, chance: { common: 65.432, rare: 25, epic: 8.568, legend: 1 } });
  return json(200, { error: false, data: Array.from({ length: count }, (_, i) => shopItem(i)), total, total_capped: false, page: 1, limit: 16 });
};

const findCalls = (calls: Call[]) => calls.filter((c) => new URL(c.url, 'http://x').pathname === '/api/shop/find');

beforeEach(() => clearCart());
afterEach(() => vi.unstubAllGlobals());

describe('shop list', { timeout: 120_000 }, () => {
  it('asks the API with the URL filters and limit 16, and shows cards linking to /shop/{id}', async () => {
    const { calls } = mockFetch(api(40, 16));
    renderRoutes([page('/shop', <ShopPage />)], '/shop?element=ai,human&rarity=epic&price_from=10&price_to=900&page=2');
    await screen.findByRole('heading', { name: 'Shop · 40 items' });
    const url = new URL(findCalls(calls)[0]!.url, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      element: 'ai,human', rarity: 'epic', price_from: '10', price_to: '900', page: '2', limit: '16',
    });
    const cards = screen.getAllByTestId('shop-card');
    expect(cards).toHaveLength(16);
    expect(within(cards[1]!).getByRole('link').getAttribute('href')).toBe('/shop/shop1');
    expect(within(cards[1]!).getByText('AI · Epic')).toBeTruthy();
    expect(within(cards[1]!).getByText('$500')).toBeTruthy();
    expect(within(cards[1]!).getByText('7 left')).toBeTruthy();
    expect(within(cards[0]!).getByText('Sold out')).toBeTruthy();
    expect(cards[0]!.querySelector('img')?.getAttribute('src')).toBe('/images/v1/ship/1-2-0?resize=300x300');
    // 40 items at 16 a page: three pages, page 2 current.
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Page 4' })).toBeNull();
    expectDollarPricesOnly(document.body.textContent);
  });

  it('offers AI, Alien and Human, never DNC, and writes a filter change into the URL', async () => {
    mockFetch(api(40, 16));
    const { router } = renderRoutes([page('/shop', <ShopPage />)], '/shop?page=3');
    await screen.findByRole('heading', { name: /40 items/ });
    const elements = within(screen.getByRole('group', { name: 'Element' })).getAllByRole('checkbox');
    expect(elements.map((e) => e.parentElement?.textContent)).toEqual(['AI', 'Alien', 'Human']);
    expect(screen.queryByRole('checkbox', { name: /DNC/i })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Alien' }));
    expect(router.state.location.search).toBe('?element=alien');
  });

  it('shows the blind box promo at $250, listed $1,000 struck through, and the odds to two decimals', async () => {
    const { calls } = mockFetch(api(0, 0));
    renderRoutes([page('/shop', <ShopPage />)], '/shop');
    const promo = await screen.findByTestId('blind-box-promo');
    const price = await within(promo).findByTestId('blind-box-price');
    expect(within(price).getByText('$250')).toBeTruthy();
    expect(price.querySelector('s')?.textContent).toBe('Listed price $1,000');
    expectDollarPricesOnly(promo.textContent);
    expect(calls.some((c) => c.url.includes('/api/my/blindboxs/chance'))).toBe(false);
    fireEvent.click(within(promo).getByRole('button', { name: 'View probability' }));
    const dialog = await screen.findByRole('dialog', { name: 'Blind box probability' });
    await within(dialog).findByText('65.43%');
    const odds = (key: string) => dialog.querySelector(`[data-odds="${key}"]`)?.textContent;
    expect(odds('common')).toBe('Common65.43%');
    expect(odds('rare')).toBe('Rare25.00%');
    expect(odds('epic')).toBe('Epic8.57%');
    expect(odds('legend')).toBe('Legendary1.00%');
  });

  it('tells the player when nothing matches, and when the call fails', async () => {
    mockFetch(api(0, 0));
    renderRoutes([page('/shop', <ShopPage />)], '/shop');
    await screen.findByText(/No ships in the shop match these filters/);
    vi.unstubAllGlobals();
    mockFetch((call) =>
      call.url.includes('/api/shop/find')
        ? json(400, { error: true, code: 'BAD_REQUEST', msg: 'price_from must be an amount of US dollars, like 25 or 19.99.' })
        : api(0, 0)(call),
    );
    renderRoutes([page('/shop', <ShopPage />)], '/shop?price_from=abc');
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes('price_from must be an amount'))).toBe(true),
    );
  });
  it('a card adds its ship to the cart; a sold-out card cannot', async () => {
    mockFetch(api(40, 16));
    renderRoutes([page('/shop', <ShopPage />)], '/shop');
    const cards = await screen.findAllByTestId('shop-card', undefined, { timeout: 60_000 });
    const soldOut = within(cards[0]!).getByRole('button', { name: 'Add to cart: Ship 0' }) as HTMLButtonElement;
    const available = within(cards[1]!).getByRole('button', { name: 'Add to cart: Ship 1' }) as HTMLButtonElement;
    expect(soldOut.disabled).toBe(true);
    expect(available.disabled).toBe(false);
    fireEvent.click(soldOut);
    fireEvent.click(available);
    fireEvent.click(available);
    expect(useCartStore.getState().itemsOnCart).toEqual([
      {
        _id: 'shop1', object: 'spaceship', code: 'spaceship', name: 'Ship 1', image: '/images/v1/ship/1-2-1',
        rarity: 2, type: 1, sell_price: 499.6, price: 600, soldout: false, total: 2,
      },
    ]);
    expect(within(cards[1]!).getByText('2 in your cart')).toBeTruthy();
  });

  it('the promo adds the blind box as the API names it, and the cart panel beside it shows the server total', async () => {
    const { calls } = mockFetch(api(0, 0));
    renderRoutes([page('/shop', <ShopPage />)], '/shop');
    const promo = await screen.findByTestId('blind-box-promo');
    const add = (await within(promo).findByRole('button', { name: 'Add to cart: Frontier Blind Box' }, { timeout: 60_000 })) as HTMLButtonElement;
    await waitFor(() => expect(add.disabled).toBe(false), { timeout: 60_000 });
    fireEvent.click(add);
    expect(useCartStore.getState().itemsOnCart).toEqual([
      {
        _id: 'blindbox-frontier', object: 'blindbox', code: 'blindbox', name: 'Frontier Blind Box',
        image: '/images/v1/blindbox/frontier', rarity: null, type: null, sell_price: 250, price: 1000, soldout: false, total: 1,
      },
    ]);
    const panel = screen.getAllByTestId('cart-panel')[0]!;
    await within(panel).findByText('$712.120', undefined, { timeout: 60_000 });
    const getprice = calls.filter((c) => c.url.endsWith('/api/getprice'));
    expect(getprice.at(-1)!.body).toEqual({ items: [{ id: 'blindbox-frontier', object: 'blindbox', total: 1 }] });
    // The folded bar for phones says the same.
    expect(screen.getByRole('button', { name: /View cart · 1 item/ }).textContent).toContain('$712.120');
  });
});

describe('shop list structure', { timeout: 120_000 }, () => {
  it('never skips a heading level, and names each ship, and the blind box, once', async () => {
    mockFetch(api(40, 16));
    renderRoutes([page('/shop', <ShopPage />)], '/shop');
    await screen.findByRole('heading', { name: 'Shop · 40 items' });
    await screen.findByRole('heading', { name: 'Frontier Blind Box' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(headingSkips()).toEqual([]);
    // The ships are not part of the promo or the cart beside them: their names are not under those headings.
    expect(screen.getByRole('heading', { name: 'Ship 3' }).tagName).toBe('H2');
    expect(screen.getByRole('link', { name: 'Ship 3' }).getAttribute('href')).toBe('/shop/shop3');
    expect(within(screen.getByTestId('blind-box-promo')).queryByRole('img', { name: 'Frontier Blind Box' })).toBeNull();
  });
});
