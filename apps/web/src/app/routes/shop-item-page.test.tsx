import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAccountStore } from '../../lib/account-store.ts';
import { json, mockFetch } from '../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../test/render.tsx';
import ShopItemPage from './shop-item-page.tsx';

const item = {
  _id: 's1', name: 'Nova Lancer', element: 2, rarity: 3, image: '/images/v1/ship/2-3-7', description: 'A living hull.',
  element_name: 'Alien', rarity_name: 'Legendary', team_name: 'Xeno Swarm', team_description: 'Living vessels.',
  legendary_serial: 17, health: 900, healing: 41, gun_damage: 77, rocket_damage: 310, defense: 55, afterburner: 12,
  rocket_recharge_time: 4200, rocket_fire_rate: 6, rocket_re_time: 4200, attack: 77, defender: 55,
};

const shopItem = (over: Record<string, unknown> = {}) => ({
  _id: 'shop1', name: 'Nova Lancer', type: 2, element: 2, rarity: 3, image: '/images/v1/ship/2-3-7', kind: 'ship',
  object: 'spaceship', code: 'spaceship', price: 1000, sell_price: 480.25, price_micro: '1000000000', sell_price_micro: '480250000',
  stock: 3, soldout: false, created_at: '2026-11-01T00:00:00.000Z', item, cache: item, price_history: [], ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
  useAccountStore.setState({ status: { loggedIn: false }, user: null });
});

describe('shop item', () => {
  it('shows breadcrumbs, element, rarity, stock, every stat from its own field and the price', async () => {
    const { calls } = mockFetch(() => json(200, { error: false, item: shopItem() }));
    renderRoutes([page('/shop/:id', <ShopItemPage />)], '/shop/shop1');
    await screen.findByRole('heading', { name: 'Nova Lancer', level: 1 });
    expect(calls[0]!.url).toContain('/api/shop/item/shop1');
    expect(screen.getByRole('navigation', { name: 'Breadcrumbs' }).textContent).toBe('Home › Shop › Nova Lancer');
    expect(screen.getByRole('img', { name: 'Nova Lancer' }).getAttribute('src')).toBe('/images/v1/ship/2-3-7?resize=800x800');
    expect(screen.getByTestId('ship-element').textContent).toBe('Alien');
    expect(screen.getByTestId('ship-rarity').textContent).toBe('Legendary');
    expect(screen.getByTestId('shop-item-stock').textContent).toBe('3 left');
    const stat = (key: string) => document.querySelector(`[data-stat="${key}"] dd`)?.textContent;
    expect(stat('health')).toBe('900');
    expect(stat('healing')).toBe('41');
    expect(stat('gun_damage')).toBe('77');
    expect(stat('rocket_damage')).toBe('310');
    expect(stat('defense')).toBe('55');
    expect(stat('afterburner')).toBe('12');
    expect(stat('rocket_recharge_time')).toBe('4,200 ms');
    expect(stat('rocket_fire_rate')).toBe('6 /min');
    expect(screen.getByText('No sales recorded yet for this item.')).toBeTruthy();
    expect(screen.getByText('$480.250')).toBeTruthy();
  });

  it('a Legendary ship has the Legendary section with its serial and, without WebGL (jsdom), the honest 3D fallback', async () => {
    mockFetch(() => json(200, { error: false, item: shopItem() }));
    renderRoutes([page('/shop/:id', <ShopItemPage />)], '/shop/shop1');
    const section = await screen.findByRole('region', { name: 'Legendary #17 of 150' });
    expect(section.textContent).toContain('Only 150 Legendary ships will ever exist');
    expect(within(section).getByText('3D view unavailable')).toBeTruthy();
    expect(section.querySelector('.ship-viewer')?.getAttribute('data-state')).toBe('unsupported');
  });

  it('a Common ship shows neither the Legendary section nor a 3D view', async () => {
    const common = { ...item, rarity: 0, rarity_name: 'Common', legendary_serial: null };
    mockFetch(() => json(200, { error: false, item: shopItem({ rarity: 0, item: common, cache: common }) }));
    renderRoutes([page('/shop/:id', <ShopItemPage />)], '/shop/shop1');
    await screen.findByRole('heading', { name: 'Nova Lancer', level: 1 });
    expect(screen.queryByTestId('legendary-section')).toBeNull();
    expect(screen.queryByText(/Legendary #/)).toBeNull();
    expect(document.querySelector('.ship-viewer')).toBeNull();
  });

  it('BUY NOW signed out shows the sign-in message', async () => {
    mockFetch(() => json(200, { error: false, item: shopItem() }));
    renderRoutes([page('/shop/:id', <ShopItemPage />)], '/shop/shop1');
    fireEvent.click(await screen.findByRole('button', { name: 'BUY NOW' }));
    expect(screen.getByText('To initiate payment process, please log into your account.')).toBeTruthy();
  });

  it('signed in, BUY NOW opens the checkout dialog for this ship at the server price', async () => {
    useAccountStore.setState({ status: { loggedIn: true } });
    const { calls } = mockFetch((call) => {
      if (call.url.endsWith('/site/setting')) return json(200, { error: false, sale_program: 1, home_version: 1 });
      if (call.url.endsWith('/api/getprice')) {
        return json(200, {
          error: false,
          data: {
            totalsub: 480.25, discount: 0, priceTotal: 480.25, basePrice: 1000, discountPercent: 0, nextDiscount: 5,
            missingCount: 2, totalItems: 1, totalsub_micro: '480250000', discount_micro: '0', priceTotal_micro: '480250000',
            basePrice_micro: '1000000000', lines: [], tiers: [],
          },
        });
      }
      return json(200, { error: false, item: shopItem() });
    });
    renderRoutes([page('/shop/:id', <ShopItemPage />)], '/shop/shop1');
    const buy = await screen.findByRole('button', { name: 'BUY NOW' });
    await waitFor(() => expect((buy as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(buy);
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' }, { timeout: 60_000 });
    await waitFor(() => expect(within(dialog).getByTestId('checkout-price').textContent).toBe('Listed price $1,000.000 $480.250'));
    expect(calls.filter((c) => c.url.endsWith('/api/getprice')).map((c) => c.body)).toEqual([
      { items: [{ id: 'shop1', object: 'spaceship', total: 1 }] },
    ]);
  }, 20_000);

  it('signed in with sales closed, BUY NOW is disabled and says why', async () => {
    useAccountStore.setState({ status: { loggedIn: true } });
    mockFetch((call) =>
      call.url.endsWith('/site/setting')
        ? json(200, { error: false, sale_program: 0, home_version: 1 })
        : json(200, { error: false, item: shopItem() }),
    );
    renderRoutes([page('/shop/:id', <ShopItemPage />)], '/shop/shop1');
    expect((await screen.findByTestId('sale-notice')).textContent).toBe('Sales are closed right now. Please come back later to buy.');
    expect((screen.getByRole('button', { name: 'BUY NOW' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a sold-out ship says so and cannot be bought', async () => {
    mockFetch(() => json(200, { error: false, item: shopItem({ stock: 0, soldout: true }) }));
    renderRoutes([page('/shop/:id', <ShopItemPage />)], '/shop/shop1');
    expect((await screen.findByTestId('shop-item-stock')).textContent).toBe('Sold out');
    expect((screen.getByRole('button', { name: 'BUY NOW' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('an unknown item shows the server message', async () => {
    mockFetch(() => json(404, { error: true, code: 'NOT_FOUND', msg: 'There is no shop item with this id.' }));
    renderRoutes([page('/shop/:id', <ShopItemPage />)], '/shop/nope');
    expect((await screen.findByRole('alert')).textContent).toContain('There is no shop item with this id.');
  });
});
