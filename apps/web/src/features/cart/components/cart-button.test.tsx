import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addToCart, clearCart, useCartStore, type NewCartItem } from '../../../lib/cart-store.ts';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import { CartButton } from './cart-button.tsx';

const ship = (id: string): NewCartItem => ({
  _id: id, object: 'spaceship', code: 'spaceship', name: `Ship ${id}`, image: `/i/${id}`,
  rarity: 0, type: 0, sell_price: 10, price: 10, soldout: false,
});

beforeEach(() => clearCart());
afterEach(() => vi.unstubAllGlobals());

describe('header cart button', { timeout: 120_000 }, () => {
  it('counts distinct lines and opens the cart in a dialog', async () => {
    mockFetch(() => json(503, { error: true, code: 'UNAVAILABLE', msg: 'later' }));
    renderRoutes([page('/', <CartButton />)], '/');
    const button = screen.getByTestId('cart-button');
    expect(button.getAttribute('aria-label')).toBe('Cart, empty');
    addToCart(ship('1'));
    addToCart(ship('1'));
    addToCart(ship('2'));
    await screen.findByRole('button', { name: 'Cart, 2 items' });
    expect(button.textContent).toBe('2');
    fireEvent.click(button);
    expect(useCartStore.getState().cartIsOpen).toBe(true);
    const dialog = await screen.findByRole('dialog', { name: 'Your cart' }, { timeout: 60_000 });
    expect(within(dialog).getAllByTestId('cart-line')).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close the cart' }));
    expect(useCartStore.getState().cartIsOpen).toBe(false);
  });
});
