// The fault suite's setup (bench/faults.ts): a scratch PostgreSQL database with cheap ships on
// sale and signed-in players, written straight into the database (no argon2 sign-ups).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows, type Database } from '../apps/api/src/db/client.ts';
import { writeSetting } from '../apps/api/src/db/settings.ts';
import { signAccessToken } from '../apps/api/src/lib/tokens.ts';

export const SHOP_LINES = 30;
export const STOCK_PER_LINE = 1000;
/** $12.00: whole cents, as card checkout requires. */
const PRICE_MICRO = 12_000_000;

export type Scratch = { url: string; control: Database; drop(): Promise<void> };

/** A new database on the server at adminUrl, migrated; drop() removes it (also mid-way). */
export async function scratchDatabase(adminUrl: string): Promise<Scratch> {
  const name = `starport_faults_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // The suite terminates connections on purpose; the control pool must shrug that off too.
  const control = await openDatabase({ url: url.toString(), onConnectionError: () => {} });
  return {
    url: url.toString(),
    control,
    async drop() {
      await control.close().catch(() => {});
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** SHOP_LINES ships on sale with STOCK_PER_LINE copies each; buying open. Returns the shop_stock ids. */
export async function seedShop(db: Database['db']): Promise<string[]> {
  await db.execute(sql`
    INSERT INTO ships (element, rarity, name, description, health, healing, gun_damage, rocket_damage, defense,
                       afterburner, rocket_recharge_time, rocket_fire_rate, art_seed)
    SELECT g % 3, 0, 'Fault Runner #' || g, 'A ship of the fault suite.',
           1000 + g, 50, 100, 200, 80, 150, 3000, 20, 900000 + g
    FROM generate_series(1, ${SHOP_LINES}) g`);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO shop_stock (ship_id, element, rarity, price_micro, sell_price_micro, stock)
        SELECT id, element, rarity, ${PRICE_MICRO}, ${PRICE_MICRO}, ${STOCK_PER_LINE} FROM ships ORDER BY id
        RETURNING id`,
  );
  await writeSetting(db, 'sale_program', 1);
  return rows.map((r) => String(r.id));
}

/**
 * `count` players with a live session and an access token each, signed as SessionService.start
 * signs them (same secret and claims). Tokens last 15 minutes: the suite signs new ones per scenario.
 */
export async function signedInPlayers(db: Database['db'], count: number, secret: Uint8Array): Promise<string[]> {
  const tag = randomBytes(3).toString('hex');
  await db.execute(sql`
    INSERT INTO users (username, email, email_verified_at)
    SELECT 'fault_' || ${tag} || '_' || g, 'fault_' || ${tag} || '_' || g || '@example.com', now()
    FROM generate_series(1, ${count}) g`);
  const sessions = await queryRows<{ id: string; user_id: string }>(
    db,
    sql`INSERT INTO sessions (user_id, remember, expires_at)
        SELECT id, true, now() + interval '1 day' FROM users WHERE username LIKE ${`fault_${tag}_%`}
        RETURNING id, user_id`,
  );
  return Promise.all(sessions.map((s) => signAccessToken(secret, { userId: s.user_id, sessionId: s.id })));
}
