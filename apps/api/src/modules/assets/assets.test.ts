import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { addOrderLine, addShip, addUser } from './assets.fixtures.ts';
import {
  creditDnc,
  creditLandCredit,
  debitDnc,
  debitLandCredit,
  dncBalance,
  grantHousePieces,
  grantShips,
  housePiecesOf,
  landCreditBalance,
  lockShip,
  releaseShip,
  shipsOf,
  transferShip,
  ListedCopyMissing,
} from './index.ts';

describe('assets: holdings written through the front door, in the caller’s transaction', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('granting the copies of an order line twice grants them once, and reports the same rows', async () => {
    const user = await addUser(database.db);
    const ship = await addShip(database.db);
    const line = await addOrderLine(database.db, user, 3);
    const copies = [0, 1, 2].map((copyIndex) => ({ shipId: ship, copyIndex }));
    const first = await database.db.transaction((tx) => grantShips(tx, { userId: user, source: 'shop', orderLineId: line, copies }));
    const again = await database.db.transaction((tx) => grantShips(tx, { userId: user, source: 'shop', orderLineId: line, copies }));
    expect(first).toHaveLength(3);
    expect(again).toEqual(first);
    const held = await shipsOf(database.db, user);
    expect(held).toHaveLength(3);
    expect(held.every((s) => s.state === 'available' && s.source === 'shop' && s.orderLineId === line)).toBe(true);
  });

  it('a grant outside an order is not deduplicated: each call adds a copy', async () => {
    const user = await addUser(database.db);
    const ship = await addShip(database.db);
    for (let i = 0; i < 2; i++)
      await database.db.transaction((tx) =>
        grantShips(tx, { userId: user, source: 'grant', orderLineId: null, copies: [{ shipId: ship, copyIndex: 0 }] }),
      );
    expect(await shipsOf(database.db, user)).toHaveLength(2);
  });

  it('crediting DNC for an order line twice credits once; a debit past zero is refused and writes nothing', async () => {
    const user = await addUser(database.db);
    const line = await addOrderLine(database.db, user);
    const a = await database.db.transaction((tx) => creditDnc(tx, { userId: user, amount: 500, reason: 'test', orderLineId: line }));
    const b = await database.db.transaction((tx) => creditDnc(tx, { userId: user, amount: 500, reason: 'test', orderLineId: line }));
    expect(b).toBe(a);
    expect(await dncBalance(database.db, user)).toBe(500);

    const refused = await database.db.transaction((tx) => debitDnc(tx, { userId: user, amount: 501, reason: 'too much' }));
    expect(refused).toEqual({ ok: false, balance: 500 });
    const spent = await database.db.transaction((tx) => debitDnc(tx, { userId: user, amount: 500, reason: 'all of it' }));
    expect(spent).toMatchObject({ ok: true, balance: 0 });
    expect(await dncBalance(database.db, user)).toBe(0);
    await expect(database.db.transaction((tx) => debitDnc(tx, { userId: user, amount: 0, reason: 'nothing' }))).rejects.toThrow(RangeError);
  });

  it('land credit: the balance is the ledger’s sum; a debit past zero is refused', async () => {
    const user = await addUser(database.db);
    expect(await landCreditBalance(database.db, user)).toBe(0);
    await database.db.transaction((tx) => creditLandCredit(tx, { userId: user, amount: 30, reason: 'test' }));
    expect(await database.db.transaction((tx) => debitLandCredit(tx, { userId: user, amount: 31, reason: 'x' }))).toEqual({ ok: false, balance: 30 });
    expect(await database.db.transaction((tx) => debitLandCredit(tx, { userId: user, amount: 10, reason: 'x' }))).toMatchObject({ ok: true, balance: 20 });
    expect(await landCreditBalance(database.db, user)).toBe(20);
  });

  it('house pieces from an order line are granted once', async () => {
    const user = await addUser(database.db);
    const line = await addOrderLine(database.db, user);
    await database.db.execute(sql`INSERT INTO house_unit_types (type, apart_from, apart_to, area_m2, floors, rooms, housing, total_pieces, price_micro)
      VALUES (1, 1, 24, 28, 1, 1, 2, 160, 200000000) ON CONFLICT DO NOTHING`);
    await database.db.execute(sql`INSERT INTO house_units (apartment, type) VALUES (7, 1) ON CONFLICT DO NOTHING`);
    const first = await database.db.transaction((tx) => grantHousePieces(tx, { userId: user, apartment: 7, pieces: 1, orderLineId: line }));
    const again = await database.db.transaction((tx) => grantHousePieces(tx, { userId: user, apartment: 7, pieces: 1, orderLineId: line }));
    expect(again).toEqual(first);
    expect(await housePiecesOf(database.db, user)).toEqual([{ apartment: 7, pieces: 1 }]);
  });

  it('a copy is locked only from available and released only from the state that holds it', async () => {
    const owner = await addUser(database.db);
    const other = await addUser(database.db);
    const ship = await addShip(database.db);
    const [copy] = await database.db.transaction((tx) =>
      grantShips(tx, { userId: owner, source: 'grant', orderLineId: null, copies: [{ shipId: ship, copyIndex: 0 }] }),
    );
    const id = copy!.id;
    const tx = <T>(fn: (t: Parameters<Parameters<Database['db']['transaction']>[0]>[0]) => Promise<T>) => database.db.transaction(fn);

    expect(await tx((t) => lockShip(t, { userId: other, ownedShipId: id, to: 'listed' }))).toEqual({ ok: false, current: null });
    expect(await tx((t) => releaseShip(t, { userId: owner, ownedShipId: id, from: 'listed' }))).toEqual({ ok: false, current: 'available' });
    expect(await tx((t) => lockShip(t, { userId: owner, ownedShipId: id, to: 'listed' }))).toMatchObject({ ok: true });
    // Held by the listing: neither a second use nor a release from another state takes it.
    expect(await tx((t) => lockShip(t, { userId: owner, ownedShipId: id, to: 'staked' }))).toEqual({ ok: false, current: 'listed' });
    expect(await tx((t) => releaseShip(t, { userId: owner, ownedShipId: id, from: 'staked' }))).toEqual({ ok: false, current: 'listed' });
    expect(await tx((t) => releaseShip(t, { userId: owner, ownedShipId: id, from: 'listed' }))).toMatchObject({ ok: true });
    // Minting moves on from 'minting' to 'minted', not from 'available'.
    expect(await tx((t) => lockShip(t, { userId: owner, ownedShipId: id, from: 'minting', to: 'minted' }))).toEqual({ ok: false, current: 'available' });
    expect(await tx((t) => lockShip(t, { userId: owner, ownedShipId: id, to: 'minting' }))).toMatchObject({ ok: true });
    expect(await tx((t) => lockShip(t, { userId: owner, ownedShipId: id, from: 'minting', to: 'minted' }))).toMatchObject({ ok: true });
    expect((await shipsOf(database.db, owner))[0]!.state).toBe('minted');
  });

  it('the database refuses a state outside the list', async () => {
    const owner = await addUser(database.db);
    const ship = await addShip(database.db);
    const [copy] = await database.db.transaction((t) =>
      grantShips(t, { userId: owner, source: 'grant', orderLineId: null, copies: [{ shipId: ship, copyIndex: 0 }] }),
    );
    await expect(database.db.execute(sql`UPDATE owned_ships SET state = 'lost' WHERE id = ${copy!.id}`)).rejects.toThrow();
  });

  it('a transfer gives the buyer a copy and disposes exactly the listed copy, once per order line', async () => {
    const seller = await addUser(database.db);
    const buyer = await addUser(database.db);
    const ship = await addShip(database.db);
    const [older] = await database.db.transaction((t) =>
      grantShips(t, { userId: seller, source: 'grant', orderLineId: null, copies: [{ shipId: ship, copyIndex: 0 }] }),
    );
    const [listed] = await database.db.transaction((t) =>
      grantShips(t, { userId: seller, source: 'grant', orderLineId: null, copies: [{ shipId: ship, copyIndex: 0 }] }),
    );
    await database.db.transaction((t) => lockShip(t, { userId: seller, ownedShipId: listed!.id, to: 'listed' }));
    const line = await addOrderLine(database.db, buyer);
    const sale = { sellerCopy: { sellerId: seller, ownedShipId: listed!.id }, buyerId: buyer, shipId: ship, orderLineId: line, paidMicro: 5_000_000n };
    const first = await database.db.transaction((t) => transferShip(t, sale));
    const again = await database.db.transaction((t) => transferShip(t, sale));
    expect(first.disposedShipId).toBe(listed!.id);
    expect(again).toEqual({ ownedShipId: first.ownedShipId, disposedShipId: null });
    expect((await shipsOf(database.db, seller)).map((s) => s.id)).toEqual([older!.id]);
    expect((await shipsOf(database.db, buyer)).map((s) => [s.id, s.source])).toEqual([[first.ownedShipId, 'marketplace']]);
  });

  it('a transfer whose listed copy is not listed any more grants nothing', async () => {
    const seller = await addUser(database.db);
    const buyer = await addUser(database.db);
    const ship = await addShip(database.db);
    const [copy] = await database.db.transaction((t) =>
      grantShips(t, { userId: seller, source: 'grant', orderLineId: null, copies: [{ shipId: ship, copyIndex: 0 }] }),
    );
    const line = await addOrderLine(database.db, buyer);
    await expect(
      database.db.transaction((t) =>
        transferShip(t, { sellerCopy: { sellerId: seller, ownedShipId: copy!.id }, buyerId: buyer, shipId: ship, orderLineId: line, paidMicro: null }),
      ),
    ).rejects.toBeInstanceOf(ListedCopyMissing);
    expect(await shipsOf(database.db, buyer)).toEqual([]);
    expect((await shipsOf(database.db, seller)).map((s) => s.id)).toEqual([copy!.id]);
  });

  it('a write runs in the caller’s transaction: rolled back with it', async () => {
    const user = await addUser(database.db);
    await expect(
      database.db.transaction(async (t) => {
        await creditDnc(t, { userId: user, amount: 100, reason: 'rolled back' });
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    const [row] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM dnc_ledger WHERE user_id = ${user}`);
    expect(row!.n).toBe(0);
  });
});
