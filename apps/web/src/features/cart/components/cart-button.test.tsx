import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addToCart, clearCart, useCartStore, type NewCartItem } from '../../../lib/cart-store.ts';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import { CartBar } from './cart-bar.tsx';
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

  it('gives focus back to the cart button when the drawer closes', async () => {
    mockFetch(() => json(503, { error: true, code: 'UNAVAILABLE', msg: 'later' }));
    renderRoutes([page('/', <CartButton />)], '/');
    addToCart(ship('1'));
    const button = await screen.findByRole('button', { name: 'Cart, 1 item' });
    button.focus();
    fireEvent.click(button);
    await screen.findByRole('dialog', { name: 'Your cart' });
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });
});

describe('phone cart bar', { timeout: 120_000 }, () => {
  it('gives focus back to the bar when its drawer closes', async () => {
    mockFetch(() => json(503, { error: true, code: 'UNAVAILABLE', msg: 'later' }));
    addToCart(ship('1'));
    renderRoutes([page('/', <CartBar />)], '/');
    const bar = screen.getByRole('button', { name: /^View cart · 1 item/ });
    bar.focus();
    fireEvent.click(bar);
    const dialog = await screen.findByRole('dialog', { name: 'Your cart' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close the cart' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(bar));
  });

  it('gives focus to the header cart button when the last line goes and the bar with it', async () => {
    mockFetch(() => json(503, { error: true, code: 'UNAVAILABLE', msg: 'later' }));
    addToCart(ship('1'));
    renderRoutes([page('/', <><CartButton /><CartBar /></>)], '/');
    const bar = screen.getByRole('button', { name: /^View cart · 1 item/ });
    bar.focus();
    fireEvent.click(bar);
    await screen.findByRole('dialog', { name: 'Your cart' });
    clearCart();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cart, empty' })));
  });
});
