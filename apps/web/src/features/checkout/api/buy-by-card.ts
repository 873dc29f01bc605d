import type { StripeBuyResponse } from '@starport/schemas';
import { api } from '../../../lib/api-client.ts';
import type { CheckoutListing } from '../model/checkout-purchase.ts';
import type { PaymentLine } from './validate-stock.ts';

/** Spec §4: payment status type 2 is the card provider. */
export const CARD_PAYMENT_TYPE = 2;

/** `{ error: false, msg, data: redirect address, order: order code }` */
export type BuyByCardResponse = StripeBuyResponse;

/**
 * A marketplace listing bought from its detail page: its marketplace `_id`, one item, alone,
 * with the price the buyer saw (`price_micro`): if the seller changed it since, the server
 * refuses with a 409 naming the new price instead of charging one the buyer never saw.
 */
export type ListingPaymentLine = { id: string; object: 'listing'; total: 1; price_micro: string };

/**
 * The two payload forms of the spec (§7): the shop cart's `ids`, a single item's `items`
 * (a shop item, or one marketplace listing — docs/api-payments.md).
 */
export type BuyByCardBody =
  | { ids: PaymentLine[]; type: typeof CARD_PAYMENT_TYPE }
  | { type: typeof CARD_PAYMENT_TYPE; items: PaymentLine[] | [ListingPaymentLine] };

/**
 * POST /api/stripe/buy (signed in): opens the order and the provider's checkout session.
 * Fails with 401 signed out, 403 sales closed, 409 out of stock, 502 provider failure.
 */
export const buyByCard = (body: BuyByCardBody, headers?: Record<string, string>) =>
  api.post<BuyByCardResponse>('/api/stripe/buy', body, { headers });

/** Buys one marketplace listing by card: 403 also for the player's own listing, 409 when it is no longer for sale. */
export const buyListingByCard = (listing: CheckoutListing, headers?: Record<string, string>) =>
  buyByCard(
    {
      type: CARD_PAYMENT_TYPE,
      items: [{ id: listing.id, object: 'listing', total: 1, price_micro: listing.sell_price_micro }],
    },
    headers,
  );

/**
 * POST /api/stripe/buyTopup (signed in): a land-credit top-up of `quantity` credits, priced by
 * the server. The provider sends the browser back to /assets?topup=success|cancel&order={code}.
 * 400 names the bounds when `quantity` is outside them.
 */
export const buyTopUpByCard = (quantity: number, headers?: Record<string, string>) =>
  api.post<BuyByCardResponse>('/api/stripe/buyTopup', { quantity }, { headers });
