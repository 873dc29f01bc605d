/**
 * Which order paid for the cart. The result page empties the cart only when that order is
 * paid: a ship bought on its own page must not take the cart with it. localStorage, like the
 * cart itself, survives the trip to the provider and back. Checkout writes it and the shop's
 * result page reads it; areas do not import each other, so it sits in the shared layer.
 */
const KEY = 'checkout-cart-order';

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

export function rememberCartOrder(code: string): void {
  try {
    storage()?.setItem(KEY, code);
  } catch {
    // blocked storage: the cart then stays after paying, which the player can empty by hand
  }
}

export const isCartOrder = (code: string): boolean => storage()?.getItem(KEY)?.toUpperCase() === code.toUpperCase();

export function forgetCartOrder(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}
