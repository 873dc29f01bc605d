import { eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { blindBoxes } from '../../db/schema/index.ts';
import { boundedCountOfShape, type BoundedTotal } from '../../lib/sql/bounded-count.ts';
import { SHIP_COLUMNS, type ShipColumns } from '../catalogue/index.ts';
import { queryShaped, type Values } from '../../lib/sql/query-shapes.ts';

export type ShopRow = ShipColumns & {
  id: string;
  price_micro: string;
  sell_price_micro: string;
  stock: number;
  created_at: Date | string;
};

export type ShopQuery = { elements: number[] | null; rarities: number[] | null; priceFromMicro: bigint | null; priceToMicro: bigint | null };

const SHOP_SELECT = sql`
  SELECT st.id::text AS id, st.price_micro::text AS price_micro, st.sell_price_micro::text AS sell_price_micro,
         st.stock, st.created_at, ${SHIP_COLUMNS}`;

const inList = (values: number[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** The list SQL is built once per shape (lib/sql/query-shapes.ts): the lists are text, prices, limit and offset placeholders. */
const shopShape = (q: ShopQuery) =>
  `shop|${q.elements?.join(',') ?? '*'}|${q.rarities?.join(',') ?? '*'}|${q.priceFromMicro === null ? '' : '>'}${q.priceToMicro === null ? '' : '<'}`;
const shopValues = (q: ShopQuery, limit = 0, offset = 0): Values => ({
  price_from: q.priceFromMicro?.toString(),
  price_to: q.priceToMicro?.toString(),
  limit,
  offset,
});

function activeWhere(q: ShopQuery): SQL {
  const parts: SQL[] = [sql`active`];
  if (q.elements) parts.push(sql`element IN (${inList(q.elements)})`);
  if (q.rarities) parts.push(sql`rarity IN (${inList(q.rarities)})`);
  if (q.priceFromMicro !== null) parts.push(sql`sell_price_micro >= ${sql.placeholder('price_from')}`);
  if (q.priceToMicro !== null) parts.push(sql`sell_price_micro <= ${sql.placeholder('price_to')}`);
  return sql.join(parts, sql` AND `);
}

/** One page of the shop, newest first then id; ids first from the index, then the rows. */
export function findActive(db: DbOrTx, q: ShopQuery, limit: number, offset: number): Promise<ShopRow[]> {
  const build = () => sql`${SHOP_SELECT}
      FROM (SELECT id FROM shop_stock WHERE ${activeWhere(q)} ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST
            LIMIT ${sql.placeholder('limit')} OFFSET ${sql.placeholder('offset')}) page
      JOIN shop_stock st ON st.id = page.id
      JOIN ships s ON s.id = st.ship_id
      ORDER BY st.created_at DESC NULLS LAST, st.id DESC NULLS LAST`;
  return queryShaped<ShopRow>(db, shopShape(q), build, shopValues(q, limit, offset));
}

/** The shop holds thousands of lines, not millions: a count that stops at the cap is enough. */
export function countActive(db: DbOrTx, q: ShopQuery): Promise<BoundedTotal> {
  return boundedCountOfShape(db, shopShape(q), () => sql`FROM shop_stock WHERE ${activeWhere(q)}`, shopValues(q));
}

/** An active shop line; a withdrawn one is gone from the shop. */
export async function getActive(db: DbOrTx, id: string): Promise<ShopRow | undefined> {
  const [row] = await queryRows<ShopRow>(db, sql`${SHOP_SELECT} FROM shop_stock st JOIN ships s ON s.id = st.ship_id WHERE st.id = ${id} AND st.active`);
  return row;
}

export async function getBlindBox(db: DbOrTx, code: string) {
  const [row] = await db.select().from(blindBoxes).where(eq(blindBoxes.code, code));
  return row;
}
