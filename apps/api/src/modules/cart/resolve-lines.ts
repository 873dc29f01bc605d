import type { CartLine, PriceSummary } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { queryNamed } from '../../lib/sql/query-shapes.ts';
import { notFound } from '../../lib/app-error.ts';
import { microToUsd, toMicro } from '../../lib/money.ts';

/**
 * Cart lines → our own names, prices and stock. Shared by the cart's price summary and by
 * orders, so what the cart shows and what an order charges come from one reading of the
 * catalogue. Nothing the browser sends besides ids, quantities and kinds is read.
 */

/** Cart ids of the blind box: 'blindbox-<code>' (the shop's blind-box item answers this _id). */
export const BOX_PREFIX = 'blindbox-';

export type ResolvedLine = PriceSummary['lines'][number] & {
  listPriceMicro: bigint;
  sellPriceMicro: bigint;
  /** the shop_stock row of a spaceship line, the blind box of a blindbox line */
  shopStockId: number | null;
  boxCode: string | null;
};

/** The four rarities a blind box draws from (blind_box_tiers.rarity 0..3). */
export const BOX_TIERS = 4;

type ShopLineRow = {
  id: string;
  name: string;
  price_micro: string;
  sell_price_micro: string;
  stock: number;
  active: boolean;
};
type BoxRow = { code: string; name: string; list_price_micro: string; sale_price_micro: string; boxes_left: number };

const gone = (id: string) =>
  notFound(`An item in your cart (${id}) is no longer sold. Please remove it from your cart.`);

/** The same item twice in a request is one line with both quantities. */
export function mergeLines(lines: CartLine[]): CartLine[] {
  const merged = new Map<string, CartLine>();
  for (const line of lines) {
    const key = `${line.object}:${line.id}`;
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, total: seen.total + line.total } : { ...line });
  }
  return [...merged.values()];
}

/** Each line with our name, prices and stock; an id we do not sell is a 404 naming it. */
export async function resolveCartLines(db: DbOrTx, lines: CartLine[]): Promise<ResolvedLine[]> {
  const merged = mergeLines(lines);
  const shipIds = merged
    .filter((l) => l.object === 'spaceship')
    .map((l) => {
      if (!/^[1-9]\d{0,9}$/.test(l.id) || Number(l.id) > 2_147_483_647) throw gone(l.id);
      return Number(l.id);
    });
  const boxCodes = merged
    .filter((l) => l.object === 'blindbox')
    .map((l) => {
      if (!l.id.startsWith(BOX_PREFIX)) throw gone(l.id);
      return l.id.slice(BOX_PREFIX.length);
    });
  // Sequential, not Promise.all: inside a transaction both queries share one connection.
  const ships = await shopLines(db, shipIds);
  const boxes = await blindBoxes(db, boxCodes);
  const shipById = new Map(ships.map((s) => [s.id, s]));
  const boxByCode = new Map(boxes.map((b) => [b.code, b]));
  return merged.map((line) => {
    if (line.object === 'spaceship') {
      const s = shipById.get(line.id);
      if (!s) throw gone(line.id);
      return {
        ...priced(line, s.name, s.price_micro, s.sell_price_micro, s.active ? s.stock : 0),
        shopStockId: Number(s.id),
        boxCode: null,
      };
    }
    const b = boxByCode.get(line.id.slice(BOX_PREFIX.length));
    if (!b) throw gone(line.id);
    return {
      ...priced(line, b.name, b.list_price_micro, b.sale_price_micro, Number(b.boxes_left)),
      shopStockId: null,
      boxCode: b.code,
    };
  });
}

function priced(line: CartLine, name: string, listMicro: string, sellMicro: string, stock: number | null) {
  const sell = toMicro(sellMicro);
  const list = toMicro(listMicro);
  return {
    id: line.id,
    object: line.object,
    name,
    total: line.total,
    sell_price: microToUsd(sell),
    price: microToUsd(list),
    sell_price_micro: sell,
    stock,
    soldout: stock !== null && stock <= 0,
    listPriceMicro: BigInt(list),
    sellPriceMicro: BigInt(sell),
  };
}

/**
 * The shop lines a cart names, in one query (withdrawn ones included: the caller says why they
 * fail). A named statement: every buy and every cart summary asks it, always with the same text.
 */
function shopLines(db: DbOrTx, ids: number[]): Promise<ShopLineRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return queryNamed<ShopLineRow>(
    db,
    'shop-lines-by-id',
    () =>
      sql`SELECT st.id::text AS id, s.name, st.price_micro::text AS price_micro, st.sell_price_micro::text AS sell_price_micro, st.stock, st.active
          FROM shop_stock st JOIN ships s ON s.id = st.ship_id
          WHERE st.id = ANY(${sql.placeholder('ids')}::int[])`,
    { ids },
  );
}

/**
 * The blind boxes a cart names, with how many can still be sold: each box holds one of every
 * tier (docs/decisions/0018), so the smallest tier's supply; a box without all four tier rows
 * (not seeded) has none to sell.
 */
function blindBoxes(db: DbOrTx, codes: string[]): Promise<BoxRow[]> {
  if (codes.length === 0) return Promise.resolve([]);
  return queryRows<BoxRow>(
    db,
    sql`SELECT b.code, b.name, b.list_price_micro::text AS list_price_micro, b.sale_price_micro::text AS sale_price_micro,
               (SELECT CASE WHEN count(*) = ${BOX_TIERS} THEN min(t.supply) ELSE 0 END
                  FROM blind_box_tiers t WHERE t.box_code = b.code)::int AS boxes_left
        FROM blind_boxes b WHERE b.code IN (${sql.join(
          codes.map((c) => sql`${c}`),
          sql`, `,
        )})`,
  );
}

/** A marketplace listing as an order line needs it: its name, its seller and whether it is listed. */
export type ResolvedListing = {
  listingId: number;
  name: string;
  sellerId: string | null;
  status: string;
};

const noListing = (id: string) => notFound(`There is no marketplace item with id ${id.slice(0, 64)}.`);

/**
 * The listing a marketplace purchase names (its marketplace `_id`), or a 404 as the item page
 * answers. Its price is not read here: the UPDATE that reserves it reads it (orders).
 * The name is what the player recognises: the ship, the DNC pack, or "Type N unit, apartment A".
 */
export async function resolveListing(db: DbOrTx, id: string): Promise<ResolvedListing> {
  if (!/^[1-9]\d{0,17}$/.test(id)) throw noListing(id);
  const [row] = await queryRows<{ id: string; name: string | null; seller_id: string | null; status: string }>(
    db,
    sql`SELECT l.id::text AS id, l.seller_id::text AS seller_id, l.status,
               CASE l.kind WHEN 'ship' THEN s.name WHEN 'dnc' THEN d.name
                           ELSE 'Type ' || u.type || ' unit, apartment ' || u.apartment END AS name
        FROM marketplace_listings l
        LEFT JOIN ships s ON s.id = l.ship_id
        LEFT JOIN dnc_packs d ON d.id = l.dnc_pack_id
        LEFT JOIN house_units u ON u.apartment = l.house_unit_id
        WHERE l.id = ${id}::bigint`,
  );
  if (!row) throw noListing(id);
  return {
    listingId: Number(row.id),
    name: row.name ?? 'Marketplace item',
    sellerId: row.seller_id,
    status: row.status,
  };
}
