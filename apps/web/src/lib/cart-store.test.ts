import { CART_MAX_LINES, CART_MAX_QUANTITY } from '@starport/schemas/cart-constants';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CART_STORAGE_KEY,
  addToCart,
  clearCart,
  deleteFromCart,
  removeFromCart,
  selectTotalItems,
  selectTotalPrice,
  useCartStore,
  type NewCartItem,
} from './cart-store.ts';
import { emitSessionExpired } from './session-events.ts';
import { clearSession, saveSession } from './session-storage.ts';

const ship = (id: string, sell_price = 100): NewCartItem => ({
  _id: id, object: 'spaceship', code: 'spaceship', name: `Ship ${id}`, image: `/images/v1/ship/${id}`,
  rarity: 1, type: 0, sell_price, price: sell_price * 2, soldout: false,
});
const box: NewCartItem = {
  _id: 'blindbox-frontier', object: 'blindbox', code: 'blindbox', name: 'Frontier Blind Box',
  image: '/images/v1/blindbox/frontier', rarity: null, type: null, sell_price: 250, price: 1000, soldout: false,
};

const items = () => useCartStore.getState().itemsOnCart;
const stored = () => JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as { items: unknown[] } | null;

beforeEach(() => {
  clearCart();
  window.localStorage.clear();
});

describe('cart rules', () => {
  it('adding an item already in the cart raises its quantity instead of adding a line', () => {
    addToCart(ship('1'));
    addToCart(box);
    addToCart(ship('1'));
    expect(items().map((l) => [l._id, l.total])).toEqual([['1', 2], ['blindbox-frontier', 1]]);
    expect(selectTotalItems(useCartStore.getState())).toBe(2); // distinct lines (spec §3)
    expect(selectTotalPrice(useCartStore.getState())).toBe(2 * 100 + 250);
  });

  it('removing lowers the quantity and drops the line at zero; delete drops it whole', () => {
    addToCart(ship('1'));
    addToCart(ship('1'));
    addToCart(ship('2'));
    removeFromCart({ _id: '1', object: 'spaceship' });
    expect(items().find((l) => l._id === '1')?.total).toBe(1);
    removeFromCart({ _id: '1', object: 'spaceship' });
    expect(items().map((l) => l._id)).toEqual(['2']);
    addToCart(ship('2'));
    deleteFromCart({ _id: '2', object: 'spaceship' });
    expect(items()).toEqual([]);
  });

  it('the same id of another kind is another line', () => {
    addToCart(ship('7'));
    addToCart({ ...box, _id: '7' });
    expect(items()).toHaveLength(2);
  });

  it(`caps a line at ${CART_MAX_QUANTITY} and says why`, () => {
    for (let i = 0; i < CART_MAX_QUANTITY; i++) expect(addToCart(ship('1'))).toBeNull();
    const refused = addToCart(ship('1'));
    expect(items()[0]!.total).toBe(CART_MAX_QUANTITY);
    expect(refused?.title).toBe('Quantity limit reached');
    expect(useCartStore.getState().addCartException).toEqual(refused);
    // The next successful add clears the exception.
    addToCart(ship('2'));
    expect(useCartStore.getState().addCartException).toBeNull();
  });

  it(`holds at most ${CART_MAX_LINES} lines, but a line already in a full cart still goes up`, () => {
    for (let i = 1; i <= CART_MAX_LINES; i++) addToCart(ship(String(i)));
    const refused = addToCart(ship('999'));
    expect(refused).toMatchObject({ error: true, title: 'Your cart is full' });
    expect(refused?.msg).toContain(`${CART_MAX_LINES} different items`);
    expect(items()).toHaveLength(CART_MAX_LINES);
    expect(addToCart(ship('1'))).toBeNull();
    expect(items()[0]!.total).toBe(2);
  });

  it('refuses a sold-out item', () => {
    expect(addToCart({ ...ship('1'), soldout: true })?.title).toBe('Sold out');
    expect(items()).toEqual([]);
  });
});

describe('cart persistence', () => {
  it('survives a reload: a fresh copy of the module reads the stored lines', async () => {
    addToCart(ship('1'));
    addToCart(ship('1'));
    addToCart(box);
    expect(stored()?.items).toHaveLength(2);
    vi.resetModules();
    const reloaded = await import('./cart-store.ts');
    expect(reloaded.useCartStore.getState().itemsOnCart).toEqual(items());
    expect(reloaded.useCartStore.getState().itemsOnCart.map((l) => l.total)).toEqual([2, 1]);
  });

  it('drops malformed stored lines and clamps quantities', async () => {
    window.localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        version: 1,
        items: [{ ...ship('1'), total: 5000 }, { _id: 'x', object: 'car', total: 1 }, 'junk', { ...box, total: 0 }],
      }),
    );
    vi.resetModules();
    const reloaded = await import('./cart-store.ts');
    expect(reloaded.useCartStore.getState().itemsOnCart.map((l) => [l._id, l.total])).toEqual([['1', CART_MAX_QUANTITY]]);
  });

  it('follows another tab: its write replaces the lines, clearing storage empties the cart', () => {
    addToCart(ship('1'));
    const otherTab = JSON.stringify({ version: 1, items: [{ ...box, total: 3 }] });
    window.localStorage.setItem(CART_STORAGE_KEY, otherTab);
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY, newValue: otherTab, storageArea: window.localStorage }));
    expect(items().map((l) => [l._id, l.total])).toEqual([['blindbox-frontier', 3]]);
    window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: window.localStorage }));
    expect(items()).toEqual([]);
  });

  it('keeps the cart when a session merely expires (only an explicit logout empties it)', () => {
    saveSession({ user: { username: 'p' } as never, accessToken: 'a', refreshToken: 'r', remember: true });
    addToCart(ship('1'));
    clearSession();
    emitSessionExpired();
    expect(items()).toHaveLength(1);
    expect(stored()?.items).toHaveLength(1);
  });
});
