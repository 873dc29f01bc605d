import type { CartObjectName } from '@starport/schemas/cart-constants';
import type { CartItem } from '../../lib/cart-store.ts';
import type { PricedLine } from '../cart/get-cart-price.ts';
import type { PaymentLine } from './api/validate-stock.ts';

/** One shop item bought from its own page. */
export type CheckoutItem = { id: string; object: CartObjectName; name: string; sell_price: number };

/** What is being paid for: the whole cart, or one item from its page. */
export type CheckoutPurchase = { kind: 'cart'; items: CartItem[] } | { kind: 'item'; item: CheckoutItem };

export const pricedLinesOf = (purchase: CheckoutPurchase): PricedLine[] =>
  purchase.kind === 'cart' ? purchase.items : [{ _id: purchase.item.id, object: purchase.item.object, total: 1 }];

export const paymentLinesOf = (purchase: CheckoutPurchase): PaymentLine[] =>
  pricedLinesOf(purchase).map(({ _id, object, total }) => ({ id: _id, total, object }));
