import { listingProceeds, type MyListing } from '@starport/schemas';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { iso, microToUsd } from '../../lib/money.ts';
import { dncBalance, proceedsOf, proceedsTotal, type AssetListing } from '../assets/index.ts';
import { DNC_COLUMNS, SHIP_COLUMNS, dncItem, shipItem, type DncColumns, type ShipColumns } from '../catalogue/index.ts';

/** Reads of a seller's listings, their DNC in escrow and their proceeds (My Assets). */

type Row = {
  id: string;
  kind: 'ship' | 'dnc';
  status: MyListing['status'];
  sell_price_micro: string;
  owned_ship_id: string | null;
  listed_at: Date | string;
  expires_at: Date | string | null;
  sold_at: Date | string | null;
} & Partial<ShipColumns & DncColumns>;

const STATUSES: Record<'active' | 'sold' | 'ended', SQL> = {
  active: sql`l.status IN ('listed', 'reserved')`,
  sold: sql`l.status = 'sold'`,
  ended: sql`l.status IN ('cancelled', 'expired')`,
};

/** A seller's listing with its ship or DNC pack, as My Assets shows it. */
const LISTING_SELECT = sql`
  SELECT l.id::text AS id, l.kind, l.status, l.sell_price_micro::text AS sell_price_micro, l.owned_ship_id::text AS owned_ship_id,
         l.listed_at, l.expires_at, l.sold_at, ${SHIP_COLUMNS}, ${DNC_COLUMNS}
  FROM marketplace_listings l
  LEFT JOIN ships s ON s.id = l.ship_id
  LEFT JOIN dnc_packs d ON d.id = l.dnc_pack_id`;

/** Until when a reserved listing is held (the orders area knows; app.ts hands it in). */
export type HeldUntil = (listingId: number) => Promise<string | null>;

export async function myListings(
  db: DbOrTx,
  sellerId: string,
  q: { status: 'active' | 'sold' | 'ended'; kind?: 'ship' | 'dnc'; page: number; limit: number },
  heldUntil: HeldUntil,
): Promise<{ data: MyListing[]; total: number }> {
  const where = sql`l.seller_id = ${sellerId} AND ${STATUSES[q.status]}${q.kind ? sql` AND l.kind = ${q.kind}` : sql``}`;
  const [count] = await queryRows<{ n: string | number }>(db, sql`SELECT count(*) AS n FROM marketplace_listings l WHERE ${where}`);
  const rows = await queryRows<Row>(
    db,
    sql`${LISTING_SELECT}
        WHERE ${where}
        ORDER BY l.listed_at DESC, l.id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
  );
  const data = await Promise.all(
    rows.map(async (r) => toMyListing(r, r.status === 'reserved' ? await heldUntil(Number(r.id)) : null)),
  );
  return { data, total: Number(count?.n ?? 0) };
}

/** One of the seller's listings (any status), or null. */
export async function myListing(db: DbOrTx, sellerId: string, listingId: number, heldUntil: HeldUntil): Promise<MyListing | null> {
  const [r] = await queryRows<Row>(
    db,
    sql`${LISTING_SELECT} WHERE l.id = ${listingId} AND l.seller_id = ${sellerId}`,
  );
  return r ? toMyListing(r, r.status === 'reserved' ? await heldUntil(listingId) : null) : null;
}

function toMyListing(r: Row, reservedUntil: string | null): MyListing {
  const item = r.kind === 'ship' ? shipItem(r as ShipColumns) : dncItem(r as DncColumns);
  const price = BigInt(r.sell_price_micro);
  const { feeMicro, netMicro } = listingProceeds(price);
  return {
    _id: r.id,
    kind: r.kind,
    name: item.name,
    image: item.image,
    status: r.status,
    price: microToUsd(r.sell_price_micro),
    price_micro: r.sell_price_micro,
    fee_micro: feeMicro.toString(),
    net_micro: netMicro.toString(),
    dnc_amount: r.kind === 'dnc' ? Number(r.dnc_amount) : null,
    asset_id: r.owned_ship_id,
    listed_at: iso(r.listed_at),
    expires_at: r.expires_at === null ? null : iso(r.expires_at),
    sold_at: r.sold_at === null ? null : iso(r.sold_at),
    reserved_until: reservedUntil,
  };
}

/** The open listings (listed or held by a checkout) of these ship copies, by copy id. */
export async function openListingsOf(db: DbOrTx, ownedShipIds: number[]): Promise<Map<number, AssetListing>> {
  if (ownedShipIds.length === 0) return new Map();
  const rows = await queryRows<{ id: string; owned_ship_id: string; status: 'listed' | 'reserved'; price: string; expires_at: Date | string | null }>(
    db,
    sql`SELECT id::text AS id, owned_ship_id::text AS owned_ship_id, status, sell_price_micro::text AS price, expires_at
        FROM marketplace_listings
        WHERE owned_ship_id IN (${sql.join(ownedShipIds.map((id) => sql`${id}`), sql`, `)}) AND status IN ('listed', 'reserved')`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.owned_ship_id),
      { _id: r.id, status: r.status, price: microToUsd(r.price), price_micro: r.price, expires_at: r.expires_at === null ? null : iso(r.expires_at) },
    ]),
  );
}

/** The seller's DNC balance (free to list) and the DNC in escrow in their open listings. */
export async function dncForListing(db: DbOrTx, sellerId: string): Promise<{ amount: number; listed: number }> {
  const [row] = await queryRows<{ listed: string | number | null }>(
    db,
    sql`SELECT sum(d.amount) AS listed FROM marketplace_listings l JOIN dnc_packs d ON d.id = l.dnc_pack_id
        WHERE l.seller_id = ${sellerId} AND l.kind = 'dnc' AND l.status IN ('listed', 'reserved')`,
  );
  return { amount: await dncBalance(db, sellerId), listed: Number(row?.listed ?? 0) };
}

/** The seller's proceeds: the totals and one page of sales with what each listing was. */
export async function proceedsPage(db: DbOrTx, sellerId: string, page: { page: number; limit: number }) {
  const total = await proceedsTotal(db, sellerId);
  const rows = await proceedsOf(db, sellerId, { limit: page.limit, offset: (page.page - 1) * page.limit });
  const names = new Map(
    (rows.length === 0
      ? []
      : await queryRows<{ id: string; kind: 'ship' | 'dnc'; name: string; dnc_amount: number | null }>(
          db,
          sql`SELECT l.id::text AS id, l.kind, coalesce(s.name, d.name) AS name, d.amount AS dnc_amount
              FROM marketplace_listings l LEFT JOIN ships s ON s.id = l.ship_id LEFT JOIN dnc_packs d ON d.id = l.dnc_pack_id
              WHERE l.id IN (${sql.join(rows.map((r) => sql`${r.listingId}`), sql`, `)})`,
        )
    ).map((r) => [Number(r.id), r]),
  );
  return {
    proceeds: microToUsd(total.netMicro.toString()),
    proceeds_micro: total.netMicro.toString(),
    fees_micro: total.feeMicro.toString(),
    total: total.sales,
    data: rows.map((r) => {
      const l = names.get(r.listingId);
      return {
        listing_id: String(r.listingId),
        name: l?.name ?? 'Marketplace item',
        kind: l?.kind ?? 'ship',
        dnc_amount: l?.dnc_amount === null || l?.dnc_amount === undefined ? null : Number(l.dnc_amount),
        price_micro: r.priceMicro.toString(),
        fee_micro: r.feeMicro.toString(),
        net_micro: r.netMicro.toString(),
        sold_at: r.createdAt.toISOString(),
      };
    }),
  };
}
