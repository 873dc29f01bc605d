import type { CartObjectName } from '@starport/schemas/cart-constants';
import type { CartItem } from '../../../lib/cart-store.ts';
import type { PricedLine } from '../../../lib/cart-price.ts';
import type { PaymentLine } from '../api/validate-stock.ts';

/** One shop item bought from its own page. */
export type CheckoutItem = { id: string; object: CartObjectName; name: string; sell_price: number };

/** A marketplace listing bought from its detail page (docs/decisions/0018): what the page shows of it. */
export type CheckoutListing = {
  id: string;
  name: string;
  sell_price: number;
  /** the price the buyer sees, sent back as `price_micro`: a price changed since is refused (409) */
  sell_price_micro: string;
};

/**
 * What is being paid for: the whole cart, one shop item from its page, or one marketplace
 * listing from its page. A listing is priced at its sale price by the page (one item: no
 * volume discount, and the cart's pricing call does not take listings).
 */
export type CheckoutPurchase =
  | { kind: 'cart'; items: CartItem[] }
  | { kind: 'item'; item: CheckoutItem }
  | { kind: 'listing'; listing: CheckoutListing };

/** A purchase the server prices (the cart's pricing call): the cart, or one shop item. */
export type PricedPurchase = Exclude<CheckoutPurchase, { kind: 'listing' }>;

/** A purchase from a detail page (the taller widget, the retry after it, the detail page's reports). */
export const isDetailPage = (purchase: CheckoutPurchase): boolean => purchase.kind !== 'cart';

export const pricedLinesOf = (purchase: PricedPurchase): PricedLine[] =>
  purchase.kind === 'cart' ? purchase.items : [{ _id: purchase.item.id, object: purchase.item.object, total: 1 }];

export const paymentLinesOf = (purchase: PricedPurchase): PaymentLine[] =>
  pricedLinesOf(purchase).map(({ _id, object, total }) => ({ id: _id, total, object }));
