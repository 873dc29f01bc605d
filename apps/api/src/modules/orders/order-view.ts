import { TOP_UP_LINE_ID, type Order, type OrderStatus, type PaymentMethod, type PublicOpening } from '@starport/schemas';
import { iso, microToUsd } from '../../lib/money.ts';
import { BOX_PREFIX } from '../cart/index.ts';
import type { OrderLineRow, OrderRow } from './orders.repo.ts';

const usd = (micro: bigint) => microToUsd(micro.toString());

/** The id a player knows the line by: the cart id, the listing's marketplace _id, 'land_credit', or the ship copy's _id. */
function lineId(l: OrderLineRow): string {
  if (l.object === 'spaceship') return String(l.shopStockId);
  if (l.object === 'listing') return String(l.listingId);
  if (l.object === 'land_credit') return TOP_UP_LINE_ID;
  if (l.object === 'ship_mint') return String(l.ownedShipId);
  return `${BOX_PREFIX}${l.blindBoxCode}`;
}

/**
 * An order as its owner sees it: no internal ids, no provider session, no review flag. A
 * blind-box line carries its boxes' openings (`openings`, by order line id) when given.
 */
export function orderView(row: OrderRow, lines: OrderLineRow[], openings?: Map<number, PublicOpening[]>): Order {
  return {
    code: row.code,
    status: row.status as OrderStatus,
    method: row.method as PaymentMethod,
    currency: 'USD',
    totalsub: usd(row.totalsubMicro),
    discount: usd(row.discountMicro),
    total: usd(row.totalMicro),
    totalsub_micro: row.totalsubMicro.toString(),
    discount_micro: row.discountMicro.toString(),
    total_micro: row.totalMicro.toString(),
    discount_percent: row.discountBps / 100,
    expires_at: iso(row.expiresAt),
    created_at: iso(row.createdAt),
    paid_at: row.paidAt ? iso(row.paidAt) : null,
    fulfilled_at: row.fulfilledAt ? iso(row.fulfilledAt) : null,
    lines: lines.map((l) => ({
      object: l.object as Order['lines'][number]['object'],
      id: lineId(l),
      name: l.name,
      total: l.quantity,
      sell_price: usd(l.unitSellPriceMicro),
      sell_price_micro: l.unitSellPriceMicro.toString(),
      ...(l.object === 'blindbox' && openings ? { openings: openings.get(l.id) ?? [] } : {}),
    })),
  };
}
