import type { CartObjectName } from '@starport/schemas/cart-constants';
import type { CartItem } from '../../../lib/cart-store.ts';
import type { PricedLine } from '../../../lib/cart-price.ts';
import type { WidgetFlow } from '../api/report-payment-status.ts';
import type { PaymentLine } from '../api/validate-stock.ts';
import { topUpItemName } from './messages.ts';

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
 * A land-credit top-up (owned-assets.md §4.8, §7.6): `quantity` credits at the price per credit
 * the server's terms gave (GET /api/credit/topup). The server prices the order itself; the
 * price here is only what the dialog shows.
 */
export type LandCreditPurchase = { kind: 'land_credit'; quantity: number; usdPerCredit: number };

/**
 * What is being paid for: the whole cart, one shop item from its page, one marketplace
 * listing from its page, or land credit. A listing is priced at its sale price by the page (one
 * item: no volume discount, and the cart's pricing call does not take listings).
 */
export type CheckoutPurchase =
  | { kind: 'cart'; items: CartItem[] }
  | { kind: 'item'; item: CheckoutItem }
  | { kind: 'listing'; listing: CheckoutListing }
  | LandCreditPurchase;

/**
 * Converting a ship copy to an NFT (owned-assets.md §4.2, §4.4, §7.7): the mint fee, paid in
 * USDC from the linked wallet only (no card, no widget), so it is a crypto purchase and not a
 * checkout one. The server prices it; `feeUsd` is only what the dialogs show.
 */
export type ShipMintPurchase = { kind: 'ship_mint'; itemId: string; name: string; feeUsd: number };

/** What a crypto payment can pay for: any checkout purchase, or a ship's mint fee. */
export type CryptoPurchase = CheckoutPurchase | ShipMintPurchase;

/** A purchase the server prices (the cart's pricing call): the cart, or one shop item. */
export type PricedPurchase = Extract<CheckoutPurchase, { kind: 'cart' | 'item' }>;

export const isPricedPurchase = (purchase: CheckoutPurchase): purchase is PricedPurchase =>
  purchase.kind === 'cart' || purchase.kind === 'item';

/** A purchase from a detail page (the taller widget, the retry after it, the detail page's reports). */
export const isDetailPage = (purchase: CheckoutPurchase): boolean =>
  purchase.kind === 'item' || purchase.kind === 'listing';

/** Whose widget reports and height a purchase takes: a marketplace listing is bought from its detail page, as an item. */
export const widgetFlowOf = (purchase: CheckoutPurchase): WidgetFlow => {
  if (purchase.kind === 'land_credit') return 'land_credit';
  return isDetailPage(purchase) ? 'item' : 'cart';
};

/** What one thing bought is called in the dialog: the item's name, or "Buy {n} Land Credit" (spec §7.6). */
export const nameOf = (purchase: Exclude<CheckoutPurchase, { kind: 'cart' }>): string => {
  if (purchase.kind === 'land_credit') return topUpItemName(purchase.quantity);
  return purchase.kind === 'item' ? purchase.item.name : purchase.listing.name;
};

/**
 * A top-up's total as shown: credits × the price per credit, rounded to the tenth of a cent the
 * prices are shown in (§9), so binary fractions never show as $0.30000000004.
 */
export const topUpTotalOf = ({ quantity, usdPerCredit }: LandCreditPurchase): number =>
  Math.round(quantity * usdPerCredit * 1000) / 1000;

export const pricedLinesOf = (purchase: PricedPurchase): PricedLine[] =>
  purchase.kind === 'cart' ? purchase.items : [{ _id: purchase.item.id, object: purchase.item.object, total: 1 }];

export const paymentLinesOf = (purchase: PricedPurchase): PaymentLine[] =>
  pricedLinesOf(purchase).map(({ _id, object, total }) => ({ id: _id, total, object }));
