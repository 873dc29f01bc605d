import { testUsdcAbi } from '@starport/chain';
import type { CryptoQuote, CryptoVerifyResponse } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger, type LightMyRequestResponse } from 'fastify';
import { createServer } from 'node:net';
import { createTestClient, http, type Address, type Hash } from 'viem';
import { expect } from 'vitest';
import { startTestChain, type TestChain } from '../../../test/chain-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { openSale } from './payments.fixtures.ts';

/** Test fixtures for crypto payments: a real anvil, players with linked and funded wallets, real transfers. */

export type CryptoWorld = { t: TestApp; chain: TestChain; stop(): Promise<void> };

/**
 * A test app pointed at a fresh anvil (every contract deployed), sales open, and its job worker
 * running as a server's does, so …/verify sees the job's decision as a player would.
 */
export async function startCryptoWorld(o: { confirmations?: number; postgres?: boolean; worker?: boolean } = {}): Promise<CryptoWorld> {
  const chain = await startTestChain({ confirmations: o.confirmations ?? 1 });
  try {
    const t = await createTestApp({ env: chain.env, ...(o.postgres ? { postgres: true } : {}) });
    await openSale(t.database.db);
    if (o.worker !== false) t.app.jobs.start();
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

export type Player = { token: string; userId: string; index: number; address: Address };

/** A player whose linked wallet is anvil account `index`, funded with 10,000 test USDC. */
export async function walletPlayer(w: CryptoWorld, name: string, index: number): Promise<Player> {
  const address = w.chain.wallet(index).account.address;
  const userId = await w.t.createUser({ username: name, password: `${name}-password-1`, wallet: address.toLowerCase() });
  const { access_token } = await w.t.login(name, `${name}-password-1`);
  await w.chain.fundUsdc(address, 10_000_000_000n);
  return { token: access_token, userId, index, address };
}

export type QuotePath = '/api/shop_payment/eth_crypto' | '/api/payment/eth_crypto' | '/api/marketplace/buy_session';

export const postAs = (t: TestApp, token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });

/** Opens a crypto payment; 200 expected. */
export async function quote(t: TestApp, token: string, path: QuotePath, payload: object): Promise<CryptoQuote> {
  const res = await postAs(t, token, path, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CryptoQuote;
}

/** A transfer of `amount` base units of `token` (the payment token by default) from anvil account `from`, mined. */
export async function payUsdc(
  chain: TestChain,
  o: { from: number; to: string; amount: bigint; token?: Address; gas?: bigint },
): Promise<Hash> {
  const w = chain.wallet(o.from);
  const hash = await w.walletClient.writeContract({
    address: o.token ?? chain.addresses.testUsdc,
    abi: testUsdcAbi,
    functionName: 'transfer',
    args: [o.to as Address, o.amount],
    ...(o.gas ? { gas: o.gas } : {}),
  });
  await w.publicClient.waitForTransactionReceipt({ hash });
  return hash;
}

/** Pays a quote exactly as it asks, from the player's wallet. */
export const payQuote = (chain: TestChain, player: Player, q: CryptoQuote) =>
  payUsdc(chain, { from: player.index, to: q.targetWallet, amount: BigInt(q.amountBase) });

export function verifyCall(t: TestApp, token: string, path: QuotePath, body: object): Promise<LightMyRequestResponse> {
  return postAs(t, token, `${path}/verify`, body);
}

export const readPayment = (t: TestApp, token: string, tid: string) =>
  t.app.inject({ method: 'GET', url: `/api/payment/eth_crypto/${tid}`, headers: bearer(token) });

/** Asks GET /api/payment/eth_crypto/{tid} until the payment leaves `verifying` (the browser's
 *  poll). No deadline of its own: a loaded machine may take long, and the test's timeout says when
 *  waiting has become a failure. */
export async function settled(t: TestApp, token: string, tid: string): Promise<CryptoVerifyResponse> {
  for (;;) {
    const res = await readPayment(t, token, tid);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as CryptoVerifyResponse;
    if (body.status !== 'verifying') return body;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Adds blocks on anvil (confirmations). */
export async function mine(chain: TestChain, blocks: number): Promise<void> {
  const test = createTestClient({ mode: 'anvil', chain: chain.deployer.chain, transport: http(chain.anvil.rpcUrl) });
  await test.mine({ blocks });
}

export type PaymentState = { id: number; status: string; failure: string | null; tx_hash: string | null; order_id: number };

export async function paymentOf(db: DbOrTx, tid: string): Promise<PaymentState> {
  const [row] = await queryRows<PaymentState>(
    db,
    sql`SELECT id::int AS id, status, failure, tx_hash, order_id::int AS order_id FROM crypto_payments WHERE tid = ${tid}`,
  );
  return { ...row!, id: Number(row!.id), order_id: Number(row!.order_id) };
}

/** The transfers recorded as used for a transaction. */
export const transfersOf = (db: DbOrTx, txHash: string) =>
  queryRows<{ crypto_payment_id: number; log_index: number; amount_base: string }>(
    db,
    sql`SELECT crypto_payment_id::int AS crypto_payment_id, log_index, amount_base::text AS amount_base
        FROM chain_transfers WHERE tx_hash = ${txHash.toLowerCase()} ORDER BY crypto_payment_id`,
  );

/** How many times a payment's verification job has been claimed so far, and whether a run holds it now. */
async function verifyRuns(db: DbOrTx, tid: string): Promise<{ attempts: number; running: boolean }> {
  const [row] = await queryRows<{ n: number; running: boolean | null }>(
    db,
    sql`SELECT coalesce(sum(j.attempts), 0)::int AS n, bool_or(j.locked_until IS NOT NULL) AS running
          FROM jobs j JOIN crypto_payments p
          ON j.dedupe_key LIKE 'crypto.verify:' || p.id::text || ':%' WHERE p.tid = ${tid}`,
  );
  return { attempts: Number(row?.n ?? 0), running: row?.running === true };
}

/** Makes the queued verifications due now, wakes the worker, and waits until this one has run
 *  again and finished (a run releases its lock in the same statement that records its outcome). */
export async function verifyAgain(t: TestApp, tid: string): Promise<void> {
  const before = (await verifyRuns(t.database.db, tid)).attempts;
  await verificationsDueNow(t.database.db);
  t.app.jobs.wake();
  for (;;) {
    const now = await verifyRuns(t.database.db, tid);
    if (now.attempts > before && !now.running) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Makes every queued crypto verification due now (a test cannot wait out the backoff). */
export const verificationsDueNow = (db: DbOrTx) =>
  db.execute(sql`UPDATE jobs SET run_at = now() WHERE kind = 'crypto.verify' AND done_at IS NULL AND failed_at IS NULL`);

/** Moves a quote (and optionally its order) past its expiry by `minutes`. */
export async function expireQuote(db: DbOrTx, tid: string, minutes: number, alsoOrder = false): Promise<void> {
  await db.execute(
    sql`UPDATE crypto_payments SET expires_at = now() - make_interval(mins => ${minutes}) WHERE tid = ${tid}`,
  );
  if (alsoOrder) {
    await db.execute(
      sql`UPDATE orders SET expires_at = now() - interval '1 second'
          WHERE id = (SELECT order_id FROM crypto_payments WHERE tid = ${tid})`,
    );
    await db.execute(
      sql`UPDATE jobs SET run_at = now() WHERE dedupe_key = 'order.expire:' || (SELECT order_id FROM crypto_payments WHERE tid = ${tid})::text`,
    );
  }
}

/**
 * A real pino logger (Fastify's, with its error serializer) that writes into memory: what it
 * holds is exactly what a server's log line would hold.
 */
export function captureLog(): { log: FastifyBaseLogger; text: () => string; close: () => Promise<void> } {
  const lines: string[] = [];
  const app = Fastify({ logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } } });
  return { log: app.log, text: () => lines.join(''), close: () => app.close() };
}

/** An RPC address on 127.0.0.1 where nothing listens (connections are refused), with a provider-like key in its path. */
export async function refusingRpcUrl(key: string): Promise<string> {
  const server = createServer();
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
  await new Promise((r) => server.close(r));
  return `http://127.0.0.1:${port}/v2/${key}`;
}
