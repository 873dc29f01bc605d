import { describe, expect, it } from 'vitest';
import { usePostgresPair } from '../../../test/postgres-pair.ts';
import { addShip, addUser } from './assets.fixtures.ts';
import {
  creditDnc,
  creditLandCredit,
  debitDnc,
  debitLandCredit,
  dncBalance,
  grantShips,
  landCreditBalance,
  lockShip,
} from './index.ts';

// Always on real PostgreSQL: PGlite runs one transaction at a time and would hide these races.
describe('on PostgreSQL: holdings under concurrent writers', () => {
  const pools = usePostgresPair();

  it('two debits at once that each fit the balance but not both: one passes, the balance never goes below zero', async () => {
    const user = await addUser(pools.first);
    await pools.first.transaction((tx) => creditDnc(tx, { userId: user, amount: 100, reason: 'seed' }));
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all(
        [pools.first, pools.second].map((db) =>
          db.transaction((tx) => debitDnc(tx, { userId: user, amount: 60, reason: `race ${round}` })),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(round === 0 ? 1 : 0);
      expect(await dncBalance(pools.first, user)).toBe(40);
    }
  });

  it('many land-credit debits at once spend exactly what there is', async () => {
    const user = await addUser(pools.first);
    await pools.first.transaction((tx) => creditLandCredit(tx, { userId: user, amount: 10, reason: 'seed' }));
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        (i % 2 ? pools.second : pools.first).transaction((tx) =>
          debitLandCredit(tx, { userId: user, amount: 1, reason: `race ${i}` }),
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(await landCreditBalance(pools.first, user)).toBe(0);
  });

  it('two uses locking the same copy at once: one holds it', async () => {
    const user = await addUser(pools.first);
    const ship = await addShip(pools.first);
    const [copy] = await pools.first.transaction((tx) =>
      grantShips(tx, { userId: user, source: 'grant', orderLineId: null, copies: [{ shipId: ship, copyIndex: 0 }] }),
    );
    const results = await Promise.all([
      pools.first.transaction((tx) => lockShip(tx, { userId: user, ownedShipId: copy!.id, to: 'listed' })),
      pools.second.transaction((tx) => lockShip(tx, { userId: user, ownedShipId: copy!.id, to: 'staked' })),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });
});
