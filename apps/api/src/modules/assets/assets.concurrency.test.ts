import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { addShip, addUser } from './assets.fixtures.ts';
import { creditDnc, creditLandCredit, debitDnc, debitLandCredit, dncBalance, grantShips, landCreditBalance, lockShip } from './index.ts';

// Always on real PostgreSQL: PGlite runs one transaction at a time and would hide these races.
describe('on PostgreSQL: holdings under concurrent writers', () => {
  let database: Database & { url?: string };
  let second: Database;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    second = await openDatabase({ url: database.url!, onConnectionError: () => {} });
  });
  afterAll(async () => {
    await second?.close();
    await database?.close();
  });

  it('two debits at once that each fit the balance but not both: one passes, the balance never goes below zero', async () => {
    const user = await addUser(database.db);
    await database.db.transaction((tx) => creditDnc(tx, { userId: user, amount: 100, reason: 'seed' }));
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all(
        [database.db, second.db].map((db) => db.transaction((tx) => debitDnc(tx, { userId: user, amount: 60, reason: `race ${round}` }))),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(round === 0 ? 1 : 0);
      expect(await dncBalance(database.db, user)).toBe(40);
    }
  });

  it('many land-credit debits at once spend exactly what there is', async () => {
    const user = await addUser(database.db);
    await database.db.transaction((tx) => creditLandCredit(tx, { userId: user, amount: 10, reason: 'seed' }));
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        (i % 2 ? second.db : database.db).transaction((tx) => debitLandCredit(tx, { userId: user, amount: 1, reason: `race ${i}` })),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(await landCreditBalance(database.db, user)).toBe(0);
  });

  it('two uses locking the same copy at once: one holds it', async () => {
    const user = await addUser(database.db);
    const ship = await addShip(database.db);
    const [copy] = await database.db.transaction((tx) =>
      grantShips(tx, { userId: user, source: 'grant', orderLineId: null, copies: [{ shipId: ship, copyIndex: 0 }] }),
    );
    const results = await Promise.all([
      database.db.transaction((tx) => lockShip(tx, { userId: user, ownedShipId: copy!.id, to: 'listed' })),
      second.db.transaction((tx) => lockShip(tx, { userId: user, ownedShipId: copy!.id, to: 'staked' })),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });
});
