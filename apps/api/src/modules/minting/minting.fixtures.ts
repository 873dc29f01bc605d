import { cellAt, type MintStatusResponse } from '@starport/schemas';
import { houseUnitsAbi, landCollectionNftAbi } from '@starport/chain';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { startTestChain, type TestChain } from '../../../test/chain-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { creditLandCredit, grantHousePieces } from '../assets/index.ts';
import { seedDemoCatalogue } from '../catalogue/index.ts';

/** Test fixtures for minting: an app on a fresh anvil with a minter, and players owning land collections or unit pieces. */

export type MintWorld = { t: TestApp; chain: TestChain; stop(): Promise<void> };

export async function startMintWorld(o: { postgres?: boolean; confirmations?: number } = {}): Promise<MintWorld> {
  const chain = await startTestChain({ confirmations: o.confirmations ?? 1 });
  try {
    const t = await createTestApp({ env: chain.env, ...(o.postgres ? { postgres: true } : {}) });
    return {
      t,
      chain,
      async stop() {
        await t.close();
        await chain.stop();
      },
    };
  } catch (err) {
    await chain.stop();
    throw err;
  }
}

export type LandOwner = { name: string; userId: string; token: string; wallet: `0x${string}` | null; cells: number[]; collection: number };

let nextRow = 2_100;

/**
 * A player (with anvil account `walletIndex` linked, or none) who bought `plots` plots and put
 * them in one collection; `plots` 0 gives an empty collection.
 */
export async function landOwner(t: TestApp, chain: TestChain, name: string, o: { walletIndex: number | null; plots?: number }): Promise<LandOwner> {
  const wallet = o.walletIndex === null ? null : chain.wallet(o.walletIndex).account.address;
  const userId = await t.createUser({ username: name, password: `${name}-password-1`, ...(wallet ? { wallet: wallet.toLowerCase() } : {}) });
  const { access_token: token } = await t.login(name, `${name}-password-1`);
  const row = nextRow++;
  const cells = Array.from({ length: o.plots ?? 2 }, (_, i) => cellAt(row, i).id);
  if (cells.length) {
    await t.database.db.transaction((tx) => creditLandCredit(tx, { userId, amount: cells.length, reason: 'test top-up' }));
    const bought = await post(t, token, '/api/land/payment/credit', { price: cells.length, items: cells.map((id) => ({ id })) });
    expect(bought.statusCode, bought.body).toBe(200);
  }
  const made = await post(t, token, '/api/collection/create_and_move', { name: `${name}'s land`, ...(cells.length ? { lands: cells } : {}) });
  expect(made.statusCode, made.body).toBe(200);
  return { name, userId, token, wallet, cells, collection: (made.json() as { collection_id: number }).collection_id };
}

export const post = (t: TestApp, token: string, url: string, payload: object): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });

export async function mintStatus(t: TestApp, owner: LandOwner): Promise<MintStatusResponse> {
  const res = await post(t, owner.token, '/api/minting/request/mint_status', { collectionID: owner.collection });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MintStatusResponse;
}

/** The token's owner on chain, or null while it does not exist. */
export async function ownerOnChain(chain: TestChain, tokenId: number): Promise<string | null> {
  try {
    const owner = await chain.deployer.publicClient.readContract({
      address: chain.addresses.landCollectionNft,
      abi: landCollectionNftAbi,
      functionName: 'ownerOf',
      args: [BigInt(tokenId)],
    });
    return owner.toLowerCase();
  } catch {
    return null;
  }
}

/** How many tokens were ever minted on the land contract to `wallet` (Transfer events from 0x0). */
export async function mintedTo(chain: TestChain, wallet: string): Promise<bigint[]> {
  const logs = await chain.deployer.publicClient.getContractEvents({
    address: chain.addresses.landCollectionNft,
    abi: landCollectionNftAbi,
    eventName: 'Transfer',
    args: { from: '0x0000000000000000000000000000000000000000', to: wallet as `0x${string}` },
    fromBlock: 0n,
  });
  return logs.map((l) => l.args.tokenId!);
}

export type MintRow = { status: string; tx_hash: string | null; raw_tx: string | null; id: number; failure: string | null };

export async function mintRowOf(t: TestApp, collection: number): Promise<MintRow | undefined> {
  const [row] = await queryRows<MintRow>(
    t.database.db,
    sql`SELECT id::int AS id, status, tx_hash, raw_tx, failure FROM mint_attempts WHERE asset_kind = 'land_collection' AND asset_id = ${collection}`,
  );
  return row && { ...row, id: Number(row.id) };
}

/** Makes every queued mint job due now (a test does not wait out the recheck delay). */
export const mintsDueNow = (t: TestApp) =>
  t.database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE kind LIKE 'mint.%' AND done_at IS NULL AND failed_at IS NULL`);

export type UnitOwner = { name: string; userId: string; token: string; wallet: `0x${string}` | null };

/** The demo catalogue's unit types and apartments (and the rest of it), once per database. */
export const seedCatalogue = (t: TestApp) => seedDemoCatalogue(t.database.db, { now: new Date('2026-01-01T00:00:00Z') });

/** A player (anvil account `walletIndex` linked, or none) granted these pieces, one grant each: [apartment, pieces]. */
export async function unitOwner(t: TestApp, chain: TestChain, name: string, o: { walletIndex: number | null; grants: [number, number][] }): Promise<UnitOwner> {
  const wallet = o.walletIndex === null ? null : chain.wallet(o.walletIndex).account.address;
  const userId = await t.createUser({ username: name, password: `${name}-password-1`, ...(wallet ? { wallet: wallet.toLowerCase() } : {}) });
  const { access_token: token } = await t.login(name, `${name}-password-1`);
  for (const [apartment, pieces] of o.grants) await t.database.db.transaction((tx) => grantHousePieces(tx, { userId, apartment, pieces }));
  return { name, userId, token, wallet };
}

/** The wallet's HouseUnits balance of a unit type (the token id). */
export const unitBalanceOf = (chain: TestChain, wallet: string, unitType: number): Promise<bigint> =>
  chain.deployer.publicClient.readContract({
    address: chain.addresses.houseUnits,
    abi: houseUnitsAbi,
    functionName: 'balanceOf',
    args: [wallet as `0x${string}`, BigInt(unitType)],
  });

/** Every HouseUnits mint to `wallet` (TransferSingle from 0x0), as [id, amount]. */
export async function unitMintsTo(chain: TestChain, wallet: string): Promise<[bigint, bigint][]> {
  const logs = await chain.deployer.publicClient.getContractEvents({
    address: chain.addresses.houseUnits,
    abi: houseUnitsAbi,
    eventName: 'TransferSingle',
    args: { from: '0x0000000000000000000000000000000000000000', to: wallet as `0x${string}` },
    fromBlock: 0n,
  });
  return logs.map((l) => [l.args.id!, l.args.value!]);
}

export async function unitMintRowOf(t: TestApp, withdrawal: number): Promise<MintRow | undefined> {
  const [row] = await queryRows<MintRow>(
    t.database.db,
    sql`SELECT id::int AS id, status, tx_hash, raw_tx, failure FROM mint_attempts WHERE asset_kind = 'house_units' AND asset_id = ${withdrawal}`,
  );
  return row && { ...row, id: Number(row.id) };
}
