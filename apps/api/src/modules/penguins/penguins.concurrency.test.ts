import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addPlayer, addShip } from '../../../test/catalogue-fixtures.ts';
import { attempt, usePostgresPair } from '../../../test/postgres-pair.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { dncBalance, grantPenguins, grantShips } from '../assets/index.ts';
import { PENGUIN_COLLECTION, seedPenguinCollection } from './penguin-collection.ts';
import { assignShip, collect } from './penguins.service.ts';

// Always on real PostgreSQL: PGlite runs one transaction at a time and would hide these races.
describe('on PostgreSQL: penguins raced on two connection pools', () => {
  const pools = usePostgresPair();
  let dbA: Db;
  let dbB: Db;
  let seq = 0;
  let nextPenguin = 0;

  beforeAll(async () => {
    dbA = pools.first;
    dbB = pools.second;
    await seedPenguinCollection(dbA);
  });

  /** A new player with `penguins` penguins of the collection and `ships` ships. */
  async function player(penguins: number, ships: number) {
    const id = await addPlayer(dbA, `racer${++seq}`);
    const penguinIds = PENGUIN_COLLECTION.slice(nextPenguin, nextPenguin + penguins).map((p) => p.id);
    nextPenguin += penguins;
    const shipId = await addShip(dbA);
    const copies = await dbA.transaction(async (tx) => {
      await grantPenguins(tx, { userId: id, penguinIds });
      return grantShips(tx, {
        userId: id,
        source: 'grant',
        orderLineId: null,
        copies: Array.from({ length: ships }, (_, i) => ({ shipId, copyIndex: i })),
      });
    });
    return { id, penguinIds, ships: copies.map((c) => c.id) };
  }

  it('one ship assigned to two penguins at once: one wins, the other gets 409, the ship sits on one penguin', async () => {
    for (let round = 0; round < 8; round++) {
      const p = await player(2, 1);
      const [first, secondTry] = await Promise.all([
        attempt(assignShip(dbA, { userId: p.id, penguinId: p.penguinIds[0]!, ownedShipId: p.ships[0]! })),
        attempt(assignShip(dbB, { userId: p.id, penguinId: p.penguinIds[1]!, ownedShipId: p.ships[0]! })),
      ]);
      expect([first.ok, secondTry.ok].filter(Boolean), `round ${round}`).toHaveLength(1);
      const loser = first.ok ? secondTry : first;
      expect(!loser.ok && loser.error.status).toBe(409);
      expect(!loser.ok && loser.error.message).toBe('This ship is already assigned to a penguin.');
      const rows = await queryRows<{ n: number }>(
        dbA,
        sql`SELECT count(*)::int AS n FROM penguin_assignments WHERE owned_ship_id = ${p.ships[0]!}`,
      );
      expect(rows[0]!.n).toBe(1);
    }
  });

  it('two ships onto one penguin at once: one wins, the loser ship stays available', async () => {
    const p = await player(1, 2);
    const [a, b] = await Promise.all([
      attempt(assignShip(dbA, { userId: p.id, penguinId: p.penguinIds[0]!, ownedShipId: p.ships[0]! })),
      attempt(assignShip(dbB, { userId: p.id, penguinId: p.penguinIds[0]!, ownedShipId: p.ships[1]! })),
    ]);
    expect([a.ok, b.ok].filter(Boolean)).toHaveLength(1);
    const states = await queryRows<{ state: string }>(
      dbA,
      sql`SELECT state FROM owned_ships WHERE user_id = ${p.id} ORDER BY state`,
    );
    expect(states.map((s) => s.state)).toEqual(['available', 'penguin']);
  });

  it('a daily collect sent twice at once is credited once', async () => {
    for (let round = 0; round < 6; round++) {
      const p = await player(1, 1);
      await assignShip(dbA, { userId: p.id, penguinId: p.penguinIds[0]!, ownedShipId: p.ships[0]! });
      await dbA.execute(
        sql`UPDATE penguin_assignments SET accrued_from = accrued_from - interval '2 days' WHERE user_id = ${p.id}`,
      );
      const [a, b] = await Promise.all([attempt(collect(dbA, p.id)), attempt(collect(dbB, p.id))]);
      expect([a.ok, b.ok].filter(Boolean), `round ${round}`).toHaveLength(1);
      const winner = a.ok ? a : b;
      const loser = a.ok ? b : a;
      expect(!loser.ok && loser.error.status).toBe(409);
      expect(!loser.ok && loser.error.message).toBe('You have already collected today. Come back tomorrow (UTC).');
      const credited = winner.ok ? winner.value.amount : 0;
      expect(credited).toBeGreaterThan(0);
      expect(await dncBalance(dbA, p.id)).toBe(credited);
      const entries = await queryRows<{ n: number }>(
        dbA,
        sql`SELECT count(*)::int AS n FROM dnc_ledger WHERE user_id = ${p.id}`,
      );
      expect(entries[0]!.n).toBe(1);
    }
  });
});
