import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { creditDnc, grantHousePieces, grantShips } from '../modules/assets/index.ts';
import { listDnc, listShip } from '../modules/marketplace/index.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';

const USD = 1_000_000n;

/** What each demo account holds and sells, so My Assets and selling can be tried at once. */
const DEMO_HOLDINGS = {
  pilot: { ships: 6, dnc: 25_000, pieces: [{ apartment: 5, pieces: 3 }], listShips: [180, 95], listDnc: { dnc: 5_000, price: 40 } },
  captain: { ships: 3, dnc: 5_000, pieces: [{ apartment: 30, pieces: 2 }], listShips: [140], listDnc: null },
} as const;

/**
 * Gives the demo accounts ships (from the demo ships nobody sells), DNC and unit pieces, and
 * lists some of them on the marketplace as the players' own listings, through the same calls
 * a player's listing makes. Runs once: not when the demo accounts hold anything already.
 * Their listings are dated before the house's, so the marketplace still opens on the house's.
 */
export async function seedDemoHoldings(db: Db): Promise<boolean> {
  const accounts = await queryRows<{ id: string; username: string }>(
    db,
    sql`SELECT id::text AS id, username FROM users WHERE username IN (${sql.join(DEMO_ACCOUNTS.map((a) => sql`${a.username}`), sql`, `)})`,
  );
  if (accounts.length !== DEMO_ACCOUNTS.length) return false;
  const ids = accounts.map((a) => sql`${a.id}::uuid`);
  const [held] = await queryRows<{ any: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM owned_ships WHERE user_id IN (${sql.join(ids, sql`, `)}))
            OR EXISTS (SELECT 1 FROM dnc_ledger WHERE user_id IN (${sql.join(ids, sql`, `)})) AS any`,
  );
  if (held?.any) return false;

  const spare = await queryRows<{ id: number }>(
    db,
    sql`SELECT s.id FROM ships s
        WHERE s.rarity < 3
          AND NOT EXISTS (SELECT 1 FROM marketplace_listings l WHERE l.ship_id = s.id)
          AND NOT EXISTS (SELECT 1 FROM shop_stock k WHERE k.ship_id = s.id)
        ORDER BY s.id LIMIT 9`,
  );
  let next = 0;
  const listed: number[] = [];
  for (const account of accounts) {
    const plan = DEMO_HOLDINGS[account.username as keyof typeof DEMO_HOLDINGS];
    const copies = spare.slice(next, next + plan.ships);
    next += plan.ships;
    const owned = await db.transaction(async (tx) => {
      const granted = [];
      for (const ship of copies)
        granted.push(...(await grantShips(tx, { userId: account.id, source: 'grant', orderLineId: null, copies: [{ shipId: Number(ship.id), copyIndex: 0 }] })));
      await creditDnc(tx, { userId: account.id, amount: plan.dnc, reason: 'demo grant' });
      for (const p of plan.pieces) await grantHousePieces(tx, { userId: account.id, apartment: p.apartment, pieces: p.pieces });
      return granted;
    });
    for (const [i, price] of plan.listShips.entries())
      listed.push(await listShip(db, { sellerId: account.id, item: String(owned[i]!.id), priceMicro: BigInt(price) * USD, expiresInDays: null }));
    if (plan.listDnc)
      listed.push(await listDnc(db, { sellerId: account.id, dnc: plan.listDnc.dnc, priceMicro: BigInt(plan.listDnc.price) * USD, expiresInDays: null }));
  }
  await db.execute(
    sql`UPDATE marketplace_listings SET listed_at = (SELECT min(listed_at) FROM marketplace_listings) - interval '1 day'
        WHERE id IN (${sql.join(listed.map((id) => sql`${id}`), sql`, `)})`,
  );
  return true;
}
