import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addToCart, useCartStore } from '../../../lib/cart-store.ts';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { useLogout } from './logout.ts';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>{children}</QueryClientProvider>
);

afterEach(() => vi.unstubAllGlobals());

describe('logout', () => {
  it.each([
    ['the server answers', 200],
    ['the server fails', 500],
  ])('empties the cart, here and in storage, when %s', async (_case, status) => {
    mockFetch(() => json(status, status === 200 ? { error: false, msg: 'Logged out.' } : { error: true, code: 'X', msg: 'down' }));
    addToCart({
      _id: 'blindbox-frontier', object: 'blindbox', code: 'blindbox', name: 'Frontier Blind Box', image: '/i',
      rarity: null, type: null, sell_price: 250, price: 1000, soldout: false,
    });
    const { result } = renderHook(() => useLogout(), { wrapper });
    act(() => result.current.mutate());
    await waitFor(() => expect(useCartStore.getState().itemsOnCart).toEqual([]), { timeout: 60_000 });
    expect(JSON.parse(window.localStorage.getItem('cart') ?? '{}').items).toEqual([]);
  }, 15_000);
});
