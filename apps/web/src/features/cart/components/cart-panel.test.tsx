import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addToCart, clearCart, useCartStore, type NewCartItem } from '../../../lib/cart-store.ts';
import { json, mockFetch, type Call } from '../../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import { CartPanel } from './cart-panel.tsx';

const WAIT = { timeout: 60_000 };

const ship: NewCartItem = {
  _id: '41', object: 'spaceship', code: 'spaceship', name: 'Nova Lancer', image: '/images/v1/ship/0-1-41',
  rarity: 1, type: 0, sell_price: 499.6, price: 600, soldout: false,
};
const box: NewCartItem = {
  _id: 'blindbox-frontier', object: 'blindbox', code: 'blindbox', name: 'Frontier Blind Box',
  image: '/images/v1/blindbox/frontier', rarity: null, type: null, sell_price: 250, price: 1000, soldout: false,
};

type Line = { id: string; object: string; total: number };

/** A summary shaped like the API's, with figures no browser arithmetic would produce. */
const summary = (lines: Line[], over: Record<string, unknown> = {}) => ({
  error: false,
  data: {
    totalsub: 1249.2, discount: 62.46, priceTotal: 1186.74, basePrice: 2200, discountPercent: 5,
    nextDiscount: 10, missingCount: 2, totalItems: lines.reduce((n, l) => n + l.total, 0),
    totalsub_micro: '1249200000', discount_micro: '62460000', priceTotal_micro: '1186740000', basePrice_micro: '2200000000',
    lines: lines.map((l) => ({
      ...l, name: l.object === 'blindbox' ? 'Frontier Blind Box' : 'Nova Lancer', sell_price: 1, price: 1,
      sell_price_micro: '1000000', stock: l.object === 'blindbox' ? null : 3, soldout: false,
    })),
    tiers: [{ min_items: 3, percent: 5 }, { min_items: 5, percent: 10 }],
    ...over,
  },
});

const priceCalls = (calls: Call[]) => calls.filter((c) => c.url.endsWith('/api/getprice'));
const bodyOf = (call: Call) => (call.body as { items: Line[] }).items;
const row = (name: string) => screen.getByTestId('cart-summary').querySelector(`[data-row="${name}"] dd`)?.textContent;
const renderPanel = () => renderRoutes([page('/', <CartPanel footer={<p>checkout slot</p>} />)], '/');

beforeEach(() => clearCart());
afterEach(() => vi.unstubAllGlobals());

describe('cart panel', { timeout: 120_000 }, () => {
  it('shows an empty cart without asking for prices', async () => {
    const { calls } = mockFetch(() => json(500, {}));
    renderPanel();
    await screen.findByText(/Your cart is empty/);
    expect(screen.queryByText('checkout slot')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('shows the server figures: subtotal, volume discount, total with the listed total struck, the nudge', async () => {
    const { calls } = mockFetch((call) => json(200, summary(bodyOf(call))));
    addToCart(ship);
    addToCart(ship);
    addToCart(box);
    renderPanel();
    await screen.findByTestId('cart-summary', undefined, WAIT);
    // Ids, kinds and quantities only: the server never reads a price from the browser.
    expect(bodyOf(priceCalls(calls)[0]!)).toEqual([
      { id: '41', object: 'spaceship', total: 2 },
      { id: 'blindbox-frontier', object: 'blindbox', total: 1 },
    ]);
    expect(screen.getByTestId('cart-summary').querySelector('[data-row="subtotal"] dt')?.textContent).toBe('Subtotal (3 items)');
    expect(row('subtotal')).toBe('$1,249.200');
    expect(row('discount')).toBe('−$62.460');
    expect(screen.getByText('Volume discount (5%)')).toBeTruthy();
    expect(row('total')).toBe('Listed total $2,200.000 $1,186.740');
    expect(screen.getByTestId('cart-nudge').textContent).toBe('Add 2 more items to get 10% off');
    expect(screen.getByText('checkout slot')).toBeTruthy();
  });

  it('leaves out the discount row, the struck total and the nudge when the server gives none', async () => {
    mockFetch((call) =>
      json(200, summary(bodyOf(call), {
        totalsub: 250, discount: 0, priceTotal: 250, basePrice: 250, discountPercent: 0, nextDiscount: 0, missingCount: 0,
      })),
    );
    addToCart(box);
    renderPanel();
    await screen.findByTestId('cart-summary', undefined, WAIT);
    expect(row('discount')).toBeUndefined();
    expect(row('total')).toBe(' $250.000');
    expect(screen.queryByTestId('cart-nudge')).toBeNull();
    expect(screen.getByTestId('cart-summary').querySelector('[data-row="subtotal"] dt')?.textContent).toBe('Subtotal (1 item)');
  });

  it('+ and − change the quantity and ask the server again; − on the last one drops the line', async () => {
    const { calls } = mockFetch((call) => json(200, summary(bodyOf(call))));
    addToCart(ship);
    addToCart(box);
    renderPanel();
    await screen.findByTestId('cart-summary', undefined, WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'One more Nova Lancer' }));
    const shipLine = () => screen.getAllByTestId('cart-line').find((l) => l.dataset.line === 'spaceship:41');
    expect(within(shipLine()!).getByTestId('cart-line-total').textContent).toBe('2');
    await waitFor(() => expect(priceCalls(calls).map((c) => bodyOf(c)[0]!.total)).toContain(2), WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'One fewer Nova Lancer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove the last Nova Lancer' }));
    expect(shipLine()).toBeUndefined();
    expect(useCartStore.getState().itemsOnCart.map((l) => l._id)).toEqual(['blindbox-frontier']);
    await waitFor(() => expect(bodyOf(priceCalls(calls).at(-1)!)).toEqual([{ id: 'blindbox-frontier', object: 'blindbox', total: 1 }]), WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Frontier Blind Box from your cart' }));
    await screen.findByText(/Your cart is empty/);
  });

  it('a 404 names a line no longer sold: the message shows and that line can be removed', async () => {
    const gone = 'An item in your cart (41) is no longer sold. Please remove it from your cart.';
    mockFetch((call) =>
      bodyOf(call).some((l) => l.id === '41')
        ? json(404, { error: true, code: 'NOT_FOUND', msg: gone })
        : json(200, summary(bodyOf(call))),
    );
    addToCart(box);
    addToCart(ship);
    renderPanel();
    const alert = await screen.findByRole('alert', undefined, WAIT);
    expect(alert.textContent).toContain('Sorry');
    expect(alert.textContent).toContain(gone);
    fireEvent.click(within(alert).getByRole('button', { name: 'Remove Nova Lancer' }));
    await screen.findByTestId('cart-summary', undefined, WAIT);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(useCartStore.getState().itemsOnCart.map((l) => l._id)).toEqual(['blindbox-frontier']);
  });

  it('any other failure says Sorry with the server message and offers to try again', async () => {
    let fail = true;
    mockFetch((call) =>
      fail ? json(503, { error: true, code: 'UNAVAILABLE', msg: 'Prices are being updated.' }) : json(200, summary(bodyOf(call))),
    );
    addToCart(box);
    renderPanel();
    const alert = await screen.findByRole('alert', undefined, WAIT);
    expect(alert.textContent).toContain('Sorry');
    expect(alert.textContent).toContain('Prices are being updated.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('cart-summary', undefined, WAIT);
    expect(row('total')).toContain('$1,186.740');
  });
});
