import type { OrderLineRequest } from '@starport/schemas';
import type { ItemWidgetBody } from '@starport/schemas';
import { BOX_PREFIX } from '../cart/index.ts';

/**
 * The order lines of a purchase from a detail page (`POST /api/payment/wertio { id, object? }`):
 * one copy of the item the page shows. The one place that knows which kinds of item a detail
 * page sells. A marketplace listing is named (`object: 'listing'`): its _id looks like a shop
 * line's, so it cannot be told apart. Unnamed, blind-box ids carry their prefix and every
 * other id is a shop ship, which is what the call took before `object` existed.
 */
export function detailPageLines({ id, object, price_micro }: ItemWidgetBody): OrderLineRequest[] {
  if (object === 'listing') return [{ object: 'listing', id, total: 1, ...(price_micro === undefined ? {} : { priceMicro: price_micro }) }];
  return [{ id, total: 1, object: object ?? (id.startsWith(BOX_PREFIX) ? 'blindbox' : 'spaceship') }];
}
