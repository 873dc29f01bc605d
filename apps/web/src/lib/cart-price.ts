import type { GetPriceResponse } from '@starport/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import type { CartItem } from './cart-store.ts';

// The one client of POST /api/getprice. The cart shows its price and checkout prices what it
// pays for with it; areas do not import each other, so it sits here, beside the cart store.

/** What pricing reads of a cart line; checkout prices a single shop item the same way. */
export type PricedLine = Pick<CartItem, '_id' | 'object' | 'total'>;

/** What the server prices: ids, kinds and quantities; it never reads a price from us. */
export const toPriceLines = (items: PricedLine[]) =>
  items.map(({ _id, object, total }) => ({ id: _id, object, total }));

// No sign-in needed (docs/api-cart.md); sending no token also spares a refresh on a stale one.
export const getCartPrice = (items: PricedLine[], signal?: AbortSignal) =>
  api.post<GetPriceResponse>('/api/getprice', { items: toPriceLines(items) }, { auth: false, signal });

export const cartPriceKeys = {
  all: ['cart', 'price'] as const,
  lines: (items: PricedLine[]) => [...cartPriceKeys.all, items.map((line) => `${line.object}:${line._id}:${line.total}`)] as const,
};

export const cartPriceQueryOptions = (items: PricedLine[]) =>
  queryOptions({
    queryKey: cartPriceKeys.lines(items),
    queryFn: ({ signal }) => getCartPrice(items, signal),
    enabled: items.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/**
 * The server's price summary of the cart. The last figures stay on screen while a changed
 * cart is priced again, so the summary does not blink at every − or +.
 */
export const useCartPrice = (items: PricedLine[]) => useQuery(cartPriceQueryOptions(items));

/**
 * A 404 from getprice names the line no longer sold inside its message: "(…id…)". Returns
 * that line, so the player can be offered its removal.
 */
export function lineNamedIn(msg: string, items: CartItem[]): CartItem | null {
  for (const match of msg.matchAll(/\(([^()]+)\)/g)) {
    const line = items.find((item) => item._id === match[1]);
    if (line) return line;
  }
  return null;
}
