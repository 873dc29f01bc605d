// The setup of bench/drop.ts, outside the measured window: the 150 Legendary ships on sale,
// buying open, and players who are signed in. Everything is written straight into the scratch
// database; a sign-up through the API would spend ~3,000 argon2 hashes on setup.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../apps/api/src/db/client.ts';
import { writeSetting } from '../apps/api/src/db/settings.ts';
import { signAccessToken } from '../apps/api/src/lib/tokens.ts';

/** The most Legendary ships that can exist (ships_legendary_serial_range_ck). */
export const LEGENDARY_SHIPS = 150;
/** $2,500.00 (list $3,000.00): whole cents, which card checkout requires. */
const SELL_MICRO = 2_500_000_000;
const LIST_MICRO = 3_000_000_000;

/**
 * One ships row per Legendary serial 1..150 and one shop_stock row per ship with stock 1 (a
 * Legendary ship is unique, and shop_stock holds one row per ship); sale_program = 1.
 * Returns the shop_stock ids in serial order: the ids a cart names.
 */
export async function seedLegendaryDrop(db: Db): Promise<number[]> {
  await db.execute(sql`
    INSERT INTO ships (element, rarity, name, description, health, healing, gun_damage, rocket_damage, defense,
                       afterburner, rocket_recharge_time, rocket_fire_rate, art_seed, legendary_serial)
    SELECT g % 3, 3, 'Drop Legendary #' || g, 'A Legendary ship of the drop benchmark.',
           2500 + g, 70 + g % 10, 140 + g % 20, 400 + g % 40, 100 + g % 15, 250 + g % 30, 3000, 20, 700000 + g, g
    FROM generate_series(1, ${LEGENDARY_SHIPS}) g`);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO shop_stock (ship_id, element, rarity, price_micro, sell_price_micro, stock)
        SELECT id, element, rarity, ${LIST_MICRO}, ${SELL_MICRO}, 1 FROM ships WHERE rarity = 3 ORDER BY legendary_serial
        RETURNING id`,
  );
  await writeSetting(db, 'sale_program', 1);
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/**
 * `count` verified players, each with a live remembered session and an access token for it,
 * signed the way SessionService.start signs them (same secret, claims and 15-minute lifetime).
 * No refresh tokens: the buyers never refresh. The tokens are valid for 15 minutes, so the
 * measured run must start within that.
 */
export async function signedInPlayers(db: Db, count: number, secret: Uint8Array): Promise<string[]> {
  await db.execute(sql`
    INSERT INTO users (username, email, email_verified_at)
    SELECT 'drop_buyer_' || g, 'drop_buyer_' || g || '@example.com', now() FROM generate_series(1, ${count}) g`);
  const sessions = await queryRows<{ id: string; user_id: string }>(
    db,
    sql`INSERT INTO sessions (user_id, remember, expires_at)
        SELECT id, true, now() + interval '30 days' FROM users ORDER BY username
        RETURNING id, user_id`,
  );
  if (sessions.length !== count) throw new Error(`expected ${count} sessions, made ${sessions.length}`);
  return Promise.all(sessions.map((s) => signAccessToken(secret, { userId: s.user_id, sessionId: s.id })));
}
