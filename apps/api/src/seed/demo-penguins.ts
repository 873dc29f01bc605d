import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { assignShipToPenguin, grantPenguins } from '../modules/assets/index.ts';
import { seedPenguinCollection } from '../modules/penguins/index.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';

/** Which penguins of the collection each demo account owns: every rarity but the 1 of 1. */
const DEMO_PENGUINS = { pilot: [1, 2, 25, 35], captain: [3, 26] } as const;

/** Captain's Rare penguin has held a ship for three days, so the page shows DNC to collect at once. */
const DEMO_ASSIGNMENT = { username: 'captain', penguinId: 26, daysAgo: 3 } as const;

/**
 * Writes the penguin collection and gives the demo accounts their penguins, so the penguin
 * page can be tried at once. Runs once: not when the demo accounts own a penguin already.
 */
export async function seedDemoPenguins(db: Db): Promise<boolean> {
  await seedPenguinCollection(db);
  const accounts = await queryRows<{ id: string; username: string }>(
    db,
    sql`SELECT id::text AS id, username FROM users WHERE username IN (${sql.join(DEMO_ACCOUNTS.map((a) => sql`${a.username}`), sql`, `)})`,
  );
  if (accounts.length !== DEMO_ACCOUNTS.length) return false;
  const [held] = await queryRows<{ any: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM owned_penguins WHERE user_id IN (${sql.join(accounts.map((a) => sql`${a.id}::uuid`), sql`, `)})) AS any`,
  );
  if (held?.any) return false;
  await db.transaction(async (tx) => {
    for (const a of accounts)
      await grantPenguins(tx, { userId: a.id, penguinIds: [...DEMO_PENGUINS[a.username as keyof typeof DEMO_PENGUINS]] });
    const captain = accounts.find((a) => a.username === DEMO_ASSIGNMENT.username)!;
    // The demo holdings run first and give captain ships; without them (no demo catalogue) the penguin stays free.
    const [ship] = await queryRows<{ id: string | number }>(
      tx,
      sql`SELECT id FROM owned_ships WHERE user_id = ${captain.id} AND state = 'available' ORDER BY id LIMIT 1`,
    );
    if (!ship) return;
    const assigned = await assignShipToPenguin(tx, { userId: captain.id, penguinId: DEMO_ASSIGNMENT.penguinId, ownedShipId: Number(ship.id) });
    if (!assigned.ok) throw new Error(`the demo penguin assignment failed: ${assigned.reason}`);
    const since = sql`now() - make_interval(days => ${DEMO_ASSIGNMENT.daysAgo})`;
    await tx.execute(sql`UPDATE penguin_assignments SET assigned_at = ${since}, accrued_from = ${since} WHERE owned_ship_id = ${ship.id}`);
  });
  return true;
}
