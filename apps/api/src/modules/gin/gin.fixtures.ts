import { ginTokenAbi } from '@starport/chain';
import type { GinConfigResponse, GinConversionResponse } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestClient, http, type Address, type Hash } from 'viem';
import { expect } from 'vitest';
import { startTestChain, type TestChain } from '../../../test/chain-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';

/** Test fixtures for Gin to DNC: a real anvil with GinToken, players with linked wallets holding Gin, real burns. */

export const GIN = 10n ** 18n;
export const BURN = '0x000000000000000000000000000000000000dead';

export type GinWorld = { t: TestApp; chain: TestChain; network: string; stop(): Promise<void> };

/** A test app on a fresh anvil (every contract deployed, Gin on the chain); its job worker runs unless told not to. */
export async function startGinWorld(
  o: { confirmations?: number; postgres?: boolean; worker?: boolean; env?: Record<string, string> } = {},
): Promise<GinWorld> {
  const chain = await startTestChain({ confirmations: o.confirmations ?? 1 });
  try {
    const t = await createTestApp({ env: { ...chain.env, ...o.env }, ...(o.postgres ? { postgres: true } : {}) });
    if (o.worker !== false) t.app.jobs.start();
    return {
      t,
      chain,
      network: `0x${chain.anvil.chainId.toString(16)}`,
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

export type GinPlayer = { token: string; userId: string; index: number; address: Address };

/** A player whose linked wallet is anvil account `index`, holding 1,000 Gin. */
export async function ginPlayer(w: GinWorld, name: string, index: number): Promise<GinPlayer> {
  const address = w.chain.wallet(index).account.address;
  const userId = await w.t.createUser({ username: name, password: `${name}-password-1`, wallet: address.toLowerCase() });
  const { access_token } = await w.t.login(name, `${name}-password-1`);
  await mintGin(w.chain, address, 1_000n * GIN);
  return { token: access_token, userId, index, address };
}

export async function mintGin(chain: TestChain, to: Address, amount: bigint): Promise<void> {
  const hash = await chain.deployer.walletClient.writeContract({
    address: chain.addresses.ginToken,
    abi: ginTokenAbi,
    functionName: 'mint',
    args: [to, amount],
  });
  await chain.deployer.publicClient.waitForTransactionReceipt({ hash });
}

/** A Gin transfer from anvil account `from` (gas limit 500000, as the web app sends it), mined. */
export async function sendGin(chain: TestChain, o: { from: number; to: string; amount: bigint }): Promise<Hash> {
  const w = chain.wallet(o.from);
  const hash = await w.walletClient.writeContract({
    address: chain.addresses.ginToken,
    abi: ginTokenAbi,
    functionName: 'transfer',
    args: [o.to as Address, o.amount],
    gas: 500_000n,
  });
  await w.publicClient.waitForTransactionReceipt({ hash });
  return hash;
}

/** Burns what a quote asks, from the player's wallet. */
export const burnQuote = (chain: TestChain, player: GinPlayer, q: GinConfigResponse) =>
  sendGin(chain, { from: player.index, to: q.burn_address, amount: BigInt(q.amount) });

export const getAs = (t: TestApp, token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
export const postAs = (t: TestApp, token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });

/** GET …/config; 200 expected. */
export async function ginQuote(t: TestApp, token: string, total: number, network?: string): Promise<GinConfigResponse> {
  const res = await getAs(t, token, `/api/convert/gin/config?total=${total}${network ? `&network=${network}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GinConfigResponse;
}

export const verifyGin = (w: GinWorld, token: string, body: { tid: string; txh: string; network?: string }): Promise<LightMyRequestResponse> =>
  postAs(w.t, token, '/api/convert/gin/verify', { network: w.network, ...body });

/** POST …/verify; 200 expected; the answer. */
export async function verified(w: GinWorld, token: string, body: { tid: string; txh: string }): Promise<GinConversionResponse> {
  const res = await verifyGin(w, token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GinConversionResponse;
}

/** Asks GET …/{tid} until the conversion leaves `verifying` (the test's timeout says when waiting has failed). */
export async function ginSettled(w: GinWorld, token: string, tid: string): Promise<GinConversionResponse> {
  for (;;) {
    const res = await getAs(w.t, token, `/api/convert/gin/${tid}`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as GinConversionResponse;
    if (answer.conversion.status !== 'verifying') return answer;
    await ginChecksDueNow(w.t.database.db);
    w.t.app.jobs.wake();
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Makes every queued Gin verification due now (a test cannot wait out the recheck delay). */
export const ginChecksDueNow = (db: DbOrTx) =>
  db.execute(sql`UPDATE jobs SET run_at = now() WHERE kind = 'gin.verify' AND done_at IS NULL AND failed_at IS NULL`);

/** DNC ledger rows of a player (each credit once). */
export const dncRowsOf = (db: DbOrTx, userId: string) =>
  queryRows<{ amount: number; gin_conversion_id: number | null }>(
    db,
    sql`SELECT amount::int AS amount, gin_conversion_id::int AS gin_conversion_id FROM dnc_ledger WHERE user_id = ${userId} ORDER BY id`,
  );

/** Adds blocks on anvil (confirmations). */
export async function mine(chain: TestChain, blocks: number): Promise<void> {
  const test = createTestClient({ mode: 'anvil', chain: chain.deployer.chain, transport: http(chain.anvil.rpcUrl) });
  await test.mine({ blocks });
}
