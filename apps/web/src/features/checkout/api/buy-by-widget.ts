import type { ItemWidgetResponse, ShopWidgetResponse, WidgetSession } from '@starport/schemas';
import { api } from '../../../lib/api-client.ts';
import type { PaymentLine } from './validate-stock.ts';

// A WidgetSession is one payment session of the fiat-to-crypto widget. `tid` is the order code
// (GET /api/orders/{tid} tells the order's real state); with no provider keys the server answers
// with its sandbox widget's `origin`, which the initializer loads just the same.

/**
 * POST /api/shop_payment/wertio (the shop cart): opens the order and signs the widget's
 * purchase. 401 signed out, 403 sales closed, 409 sold out, 502 provider failure.
 */
export const openCartWidgetPayment = async (
  ids: PaymentLine[],
  headers?: Record<string, string>,
): Promise<WidgetSession> => {
  const answer = await api.post<ShopWidgetResponse>('/api/shop_payment/wertio', { ids }, { headers });
  return { ...answer.data, tid: answer.data.tid || answer.tid };
};

/**
 * POST /api/payment/wertio (one item from its detail page): the same session, flat in the
 * answer. A shop item goes by its id alone (the server reads a blind box from its prefix); a
 * marketplace listing must be named, `object: 'listing'`, its _id looking like a shop line's.
 * A listing also answers 403 (the player's own) and 409 (no longer for sale, or its price
 * changed since the buyer saw `price_micro`: the sentence names the new price).
 */
export const openItemWidgetPayment = async (
  id: string,
  listing?: { price_micro: string },
  headers?: Record<string, string>,
): Promise<WidgetSession> => {
  const body = listing ? { id, object: 'listing', price_micro: listing.price_micro } : { id };
  const { tid, partnerID, commodity, network, origin, signedData, totalUSD, click_id, item_name } =
    await api.post<ItemWidgetResponse>('/api/payment/wertio', body, { headers });
  return { tid, partnerID, commodity, network, origin, signedData, totalUSD, click_id, item_name };
};

/**
 * POST /api/credit/payment/wertio: a land-credit top-up of `quantity` credits through the
 * widget. It answers as the shop cart's call does (the session under `data`).
 */
export const openTopUpWidgetPayment = async (
  quantity: number,
  headers?: Record<string, string>,
): Promise<WidgetSession> => {
  const answer = await api.post<ShopWidgetResponse>('/api/credit/payment/wertio', { quantity }, { headers });
  return { ...answer.data, tid: answer.data.tid || answer.tid };
};
