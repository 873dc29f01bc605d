import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../db/client.ts';
import { ships } from '../../db/schema/index.ts';

/** The constraint a failed statement hit, from the driver error under Drizzle's wrapper. */
async function violatedConstraint(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (err) {
    for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
      const c = (e as { constraint?: string }).constraint;
      if (c) return c;
    }
    throw err;
  }
  throw new Error('the statement succeeded');
}

const ship = (rarity: number, legendarySerial: number | null, n = 0) => ({
  element: n % 3,
  rarity,
  name: `Cap test ${n}`,
  description: 'test',
  health: 1,
  healing: 1,
  gunDamage: 1,
  rocketDamage: 1,
  defense: 1,
  afterburner: 1,
  rocketRechargeTime: 1,
  rocketFireRate: 1,
  artSeed: n,
  legendarySerial,
});

describe('only 150 Legendary ships can ever exist (a database constraint)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('stores 150 Legendary ships', async () => {
    await database.db.insert(ships).values(Array.from({ length: 150 }, (_, i) => ship(3, i + 1, i)));
    const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(ships).where(eq(ships.rarity, 3));
    expect(row?.n).toBe(150);
  });

  it('refuses the 151st, whichever serial it is given', async () => {
    const { db } = database;
    expect(await violatedConstraint(() => db.insert(ships).values(ship(3, 151)))).toBe('ships_legendary_serial_range_ck');
    expect(await violatedConstraint(() => db.insert(ships).values(ship(3, 1)))).toBe('ships_legendary_serial_key');
    expect(await violatedConstraint(() => db.insert(ships).values(ship(3, null)))).toBe('ships_legendary_serial_ck');
    expect(await violatedConstraint(() => db.insert(ships).values(ship(3, 0)))).toBe('ships_legendary_serial_range_ck');
  });

  it('cannot turn an existing ship Legendary either, nor give a serial to another rarity', async () => {
    const { db } = database;
    const [common] = await db.insert(ships).values(ship(0, null, 999)).returning({ id: ships.id });
    const where = eq(ships.id, common!.id);
    expect(await violatedConstraint(() => db.update(ships).set({ rarity: 3 }).where(where))).toBe('ships_legendary_serial_ck');
    expect(await violatedConstraint(() => db.update(ships).set({ rarity: 3, legendarySerial: 151 }).where(where))).toBe('ships_legendary_serial_range_ck');
    expect(await violatedConstraint(() => db.update(ships).set({ rarity: 3, legendarySerial: 42 }).where(where))).toBe('ships_legendary_serial_key');
    expect(await violatedConstraint(() => db.insert(ships).values(ship(2, 149)))).toBe('ships_legendary_serial_ck');
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(ships).where(eq(ships.rarity, 3));
    expect(row?.n).toBe(150);
  });
});
