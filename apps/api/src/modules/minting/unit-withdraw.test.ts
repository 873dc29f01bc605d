import { DEFAULT_UNIT_CAPS, houseUnitsAbi } from '@starport/chain';
import { MINT_NEEDS_WALLET, MINT_QUEUED, MINTING_UNAVAILABLE, type UnitWithdrawal } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { housePiecesOf } from '../assets/index.ts';
import { ChainQueues } from './minter.ts';
import {
  post,
  seedCatalogue,
  startMintWorld,
  unitBalanceOf,
  unitMintRowOf,
  unitMintsTo,
  unitOwner,
  type MintWorld,
  type UnitOwner,
} from './minting.fixtures.ts';
import { runMint } from './run-mint.ts';

const crash = (where: string) => () => {
  throw new Error(`server killed ${where}`);
};

/** Decision 0051: apartments 1-24 are Type 1, 25-72 Type 2, 73-88 Type 3, 89-105 Type 4, 106-120 Type 5. */
const APART = { type1: 7, type2: 30, type3: 80, type4: 100, type5: 110 } as const;

describe('unit pieces to the wallet on anvil: withdraw → job → HouseUnits tokens, once', () => {
  let w: MintWorld;
  const queues = new ChainQueues();
  const deps = () => ({ db: w.t.database.db, chains: w.t.config.chains, log: w.t.app.log, queues });
  const withdraw = (o: UnitOwner, apartment: number, pieces: number) => post(w.t, o.token, '/api/units/withdraw', { apartment, pieces });
  const get = (o: UnitOwner, url: string) => w.t.app.inject({ method: 'GET', url, headers: bearer(o.token) });
  const withdrawals = async (o: UnitOwner) => ((await get(o, '/api/units/withdrawals')).json() as { data: UnitWithdrawal[] }).data;
  const offChain = (o: UnitOwner) => housePiecesOf(w.t.database.db, o.userId);
  const myUnitPieces = async (o: UnitOwner) => {
    const res = await get(o, '/api/my/assets');
    expect(res.statusCode, res.body).toBe(200);
    const data = (res.json() as { data: { kind: string; pieces: number }[] }).data;
    return data.filter((a) => a.kind === 'house_unit').map((a) => a.pieces);
  };

  beforeAll(async () => {
    w = await startMintWorld();
    await seedCatalogue(w.t);
  });
  afterAll(async () => w?.stop());

  it('the deployed caps are the seeded catalogue’s: apartments of a type × its pieces per apartment', async () => {
    const rows = await queryRows<{ type: number; cap: string }>(
      w.t.database.db,
      sql`SELECT t.type, (count(u.apartment) * t.total_pieces)::text AS cap
          FROM house_unit_types t JOIN house_units u ON u.type = t.type GROUP BY t.type, t.total_pieces ORDER BY t.type`,
    );
    expect(rows.map((r) => BigInt(r.cap))).toEqual([...DEFAULT_UNIT_CAPS]);
    for (const type of [1, 2, 3, 4, 5]) {
      const cap = await w.chain.deployer.publicClient.readContract({
        address: w.chain.addresses.houseUnits,
        abi: houseUnitsAbi,
        functionName: 'supplyCap',
        args: [BigInt(type)],
      });
      expect(cap).toBe(DEFAULT_UNIT_CAPS[type - 1]);
    }
  });

  it('mints the pieces to the wallet under the unit type’s id; the rest stays off chain, on My Assets too', async () => {
    const ada = await unitOwner(w.t, w.chain, 'unitada', { walletIndex: 1, grants: [[APART.type2, 3], [APART.type2, 2], [APART.type1, 1]] });
    const res = await withdraw(ada, APART.type2, 4);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      error: false,
      msg: MINT_QUEUED,
      withdrawal: { apartment: APART.type2, unit_type: 2, pieces: 4, status: 'minting', failure: null },
    });
    // Off the balance from the request on: the oldest grant is used up first.
    expect(await offChain(ada)).toEqual([{ apartment: APART.type1, pieces: 1 }, { apartment: APART.type2, pieces: 1 }]);
    expect((await myUnitPieces(ada)).sort()).toEqual([1, 1]);

    await w.t.drainJobs();

    expect(await unitBalanceOf(w.chain, ada.wallet!, 2)).toBe(4n);
    expect(await unitMintsTo(w.chain, ada.wallet!)).toEqual([[2n, 4n]]);
    const [done] = await withdrawals(ada);
    expect(done).toMatchObject({ apartment: APART.type2, unit_type: 2, pieces: 4, status: 'minted' });
    expect(done!.txid).toMatch(/^0x[0-9a-f]{64}$/);
    expect(done!.tx_url).toBe(`https://explorer.test/tx/${done!.txid}`);
    // Minted pieces stay on chain: the off-chain balance does not get them back.
    expect(await offChain(ada)).toEqual([{ apartment: APART.type1, pieces: 1 }, { apartment: APART.type2, pieces: 1 }]);

    const more = await withdraw(ada, APART.type2, 2);
    expect([more.statusCode, more.json().msg]).toEqual([409, `You hold 1 piece of Apart ${APART.type2}: withdraw at most that many.`]);
    expect((await withdraw(ada, APART.type2, 1)).statusCode).toBe(200);
    await w.t.drainJobs();
    expect(await unitBalanceOf(w.chain, ada.wallet!, 2)).toBe(5n);
    expect(await offChain(ada)).toEqual([{ apartment: APART.type1, pieces: 1 }]);
    expect(await myUnitPieces(ada)).toEqual([1]);
  });

  it('refuses a player without a linked wallet, pieces not held, and opens nothing', async () => {
    const ben = await unitOwner(w.t, w.chain, 'unitben', { walletIndex: null, grants: [[APART.type3, 2]] });
    const noWallet = await withdraw(ben, APART.type3, 1);
    expect([noWallet.statusCode, noWallet.json().msg]).toEqual([400, MINT_NEEDS_WALLET]);
    const cleo = await unitOwner(w.t, w.chain, 'unitcleo', { walletIndex: 2, grants: [[APART.type3, 2]] });
    const none = await withdraw(cleo, APART.type4, 1);
    expect([none.statusCode, none.json().msg]).toEqual([409, `You hold no pieces of Apart ${APART.type4} to withdraw.`]);
    expect((await withdraw(cleo, APART.type3, 3)).statusCode).toBe(409);
    for (const [body, msg] of [
      [{ apartment: 121, pieces: 1 }, 'apartment is a whole number from 1 to 120.'],
      [{ apartment: APART.type3, pieces: 0 }, 'pieces is a whole number from 1 to 1000000.'],
      [{ apartment: APART.type3, pieces: 1.5 }, 'pieces is a whole number from 1 to 1000000.'],
      [{ apartment: '80', pieces: 1 }, 'apartment is a whole number from 1 to 120.'],
    ] as const) {
      const bad = await post(w.t, cleo.token, '/api/units/withdraw', body);
      expect([bad.statusCode, bad.json().msg], JSON.stringify(body)).toEqual([400, msg]);
    }
    expect(await withdrawals(ben)).toEqual([]);
    expect(await withdrawals(cleo)).toEqual([]);
    expect(await offChain(cleo)).toEqual([{ apartment: APART.type3, pieces: 2 }]);
  });

  it('another player’s withdrawal is not found, and lists show only the caller’s', async () => {
    const dan = await unitOwner(w.t, w.chain, 'unitdan', { walletIndex: 3, grants: [[APART.type4, 2]] });
    const eli = await unitOwner(w.t, w.chain, 'uniteli', { walletIndex: 4, grants: [] });
    const mine = (await withdraw(dan, APART.type4, 1)).json().withdrawal as UnitWithdrawal;
    expect((await get(dan, `/api/units/withdrawals/${mine.id}`)).json()).toMatchObject({ error: false, withdrawal: { id: mine.id } });
    const theirs = await get(eli, `/api/units/withdrawals/${mine.id}`);
    expect([theirs.statusCode, theirs.json().msg]).toEqual([404, 'That withdrawal is not one of yours.']);
    expect(await withdrawals(eli)).toEqual([]);
    expect((await get(eli, '/api/units/withdrawals/x')).statusCode).toBe(400);
    await w.t.drainJobs();
  });

  it('a server killed after recording the transaction, before sending it: the next run sends the same bytes, one mint', async () => {
    const fay = await unitOwner(w.t, w.chain, 'unitfay', { walletIndex: 5, grants: [[APART.type3, 6]] });
    const { withdrawal } = (await withdraw(fay, APART.type3, 6)).json() as { withdrawal: UnitWithdrawal };
    const mint = (await unitMintRowOf(w.t, withdrawal.id))!;
    await expect(runMint({ ...deps(), faults: { afterRecord: crash('before the broadcast') } }, mint.id)).rejects.toThrow('server killed');
    const recorded = (await unitMintRowOf(w.t, withdrawal.id))!;
    expect(recorded.status).toBe('sent');
    expect(await unitBalanceOf(w.chain, fay.wallet!, 3)).toBe(0n);

    expect(await runMint(deps(), mint.id)).toEqual({ done: false, reason: expect.stringContaining('sent again') });
    // A loaded node may answer the receipt a moment after the send: a run before it says "not
    // mined yet" and sends nothing, so the job is run until the receipt decides.
    await expect.poll(() => runMint(deps(), mint.id)).toEqual({ done: true });
    await w.t.drainJobs();
    expect(await unitMintsTo(w.chain, fay.wallet!)).toEqual([[3n, 6n]]);
    expect(await withdrawals(fay)).toMatchObject([{ status: 'minted', txid: recorded.tx_hash }]);
  });

  it('a server killed after sending: the next run finds the receipt, one mint', async () => {
    const gil = await unitOwner(w.t, w.chain, 'unitgil', { walletIndex: 6, grants: [[APART.type1, 9]] });
    const { withdrawal } = (await withdraw(gil, APART.type1, 9)).json() as { withdrawal: UnitWithdrawal };
    const mint = (await unitMintRowOf(w.t, withdrawal.id))!;
    await expect(runMint({ ...deps(), faults: { afterBroadcast: crash('after the broadcast') } }, mint.id)).rejects.toThrow('server killed');
    // The broadcast went out: anvil mines it, though not necessarily before sendRawTransaction answers.
    const sent = (await unitMintRowOf(w.t, withdrawal.id))!;
    await w.chain.deployer.publicClient.waitForTransactionReceipt({ hash: sent.tx_hash as `0x${string}` });
    expect(await unitBalanceOf(w.chain, gil.wallet!, 1)).toBe(9n);
    // The job runs the protocol again: the recorded transaction's receipt decides, nothing is signed anew.
    expect(await runMint(deps(), mint.id)).toEqual({ done: true });
    await w.t.drainJobs();
    expect(await unitMintsTo(w.chain, gil.wallet!)).toEqual([[1n, 9n]]);
    expect(await withdrawals(gil)).toMatchObject([{ status: 'minted' }]);
  });

  it('the cap holds: a withdrawal past it fails for good and gives the pieces back; up to it mints', async () => {
    const hal = await unitOwner(w.t, w.chain, 'unithal', { walletIndex: 7, grants: [[APART.type5, 3]] });
    // Most of Type 5 went on chain by other means (as a deployer mint would): 2 are left under the cap.
    const stray = w.chain.wallet(9).account.address;
    const hash = await w.chain.deployer.walletClient.writeContract({
      address: w.chain.addresses.houseUnits,
      abi: houseUnitsAbi,
      functionName: 'mint',
      args: [stray, 5n, DEFAULT_UNIT_CAPS[4] - 2n],
    });
    await w.chain.deployer.publicClient.waitForTransactionReceipt({ hash });

    expect((await withdraw(hal, APART.type5, 3)).statusCode).toBe(200);
    expect(await offChain(hal)).toEqual([]);
    await w.t.drainJobs();
    const [failed] = await withdrawals(hal);
    expect(failed).toMatchObject({ status: 'returned', txid: null });
    expect(failed!.failure).toBe(`The mint would revert: SupplyCapExceeded(5, ${DEFAULT_UNIT_CAPS[4]}, ${DEFAULT_UNIT_CAPS[4] + 1n})`);
    expect(await offChain(hal)).toEqual([{ apartment: APART.type5, pieces: 3 }]);
    expect(await unitBalanceOf(w.chain, hal.wallet!, 5)).toBe(0n);

    expect((await withdraw(hal, APART.type5, 2)).statusCode).toBe(200);
    await w.t.drainJobs();
    expect(await unitBalanceOf(w.chain, hal.wallet!, 5)).toBe(2n);
    expect(await offChain(hal)).toEqual([{ apartment: APART.type5, pieces: 1 }]);
  });
});

describe('unit withdrawals on a server without a minter', () => {
  it('answer 503 with a sentence, and take nothing', async () => {
    const t = await createTestApp();
    try {
      await t.createUser({ username: 'unitnomint', password: 'unitnomint-password-1', wallet: '0x00000000000000000000000000000000000000ab' });
      const { access_token } = await t.login('unitnomint', 'unitnomint-password-1');
      const res = await t.app.inject({ method: 'POST', url: '/api/units/withdraw', payload: { apartment: 1, pieces: 1 }, headers: bearer(access_token) });
      expect([res.statusCode, res.json().msg]).toEqual([503, MINTING_UNAVAILABLE]);
      expect(await queryRows(t.database.db, sql`SELECT 1 FROM house_piece_withdrawals`)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
