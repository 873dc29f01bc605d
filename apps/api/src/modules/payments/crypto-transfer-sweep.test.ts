// Over 300 lines: the transfer search's cases on one anvil and one order set-up, which is the expensive part.
import type { CryptoQuote } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChainsConfig } from '../../chain/chain-config.ts';
import { queryRows } from '../../db/client.ts';
import { buildJobHandlers, buildOrdersService } from '../../composition.ts';
import { NotYetError } from '../../jobs/queue.ts';
import { outboxTransport } from '../../mail/transport.ts';
import {
  postAs,
  captureLog,
  expireQuote,
  mine,
  payQuote,
  payUsdc,
  paymentOf,
  quote,
  readPayment,
  refusingRpcUrl,
  startCryptoWorld,
  transfersOf,
  verifyCall,
  walletPlayer,
  type CryptoWorld,
  type Player,
} from './crypto-fixtures.ts';
import { CRYPTO_FIND_TRANSFER_JOB, CRYPTO_FIND_TRANSFER_MAX_ATTEMPTS } from './crypto-transfer-sweep.ts';
import { VERIFY_GRACE_MINUTES } from './crypto-verification.ts';
import { recheckDelayMs } from './crypto-verify-job.ts';
import { orderByCode, shopLine, stockOf, USD } from './payments.fixtures.ts';

/**
 * The server finds a transfer the browser never reported (docs/decisions/0021 "When the browser
 * never reports"), on a real anvil. No worker runs in the background: each test makes the
 * searches it needs due and drains the queue, or runs the job by hand.
 */
describe('crypto.find_transfer: the server finds a transfer the browser never reported', () => {
  const SECRET = 'SWEEP_RPC_KEY_987';
  let w: CryptoWorld;
  let buyer: Player;
  let stranger: Player;
  let ship: { id: string; name: string };
  const PRICE = 19n * USD;

  const db = () => w.t.database.db;
  const newQuote = (player = buyer) => quote(w.t, player.token, '/api/payment/eth_crypto', { id: ship.id });
  const idOf = async (q: CryptoQuote) => (await paymentOf(db(), q.tid)).id;

  /** Makes one of the payment's two searches due now and runs every due job, as a worker would. */
  async function searchNow(q: CryptoQuote, when: 'before_expiry' | 'after_grace'): Promise<void> {
    const key = `${CRYPTO_FIND_TRANSFER_JOB}:${await idOf(q)}:${when}`;
    const moved = await queryRows(
      db(),
      sql`UPDATE jobs SET run_at = now() WHERE dedupe_key = ${key} AND done_at IS NULL RETURNING id`,
    );
    expect(moved).toHaveLength(1);
    await w.t.app.jobs.drain();
  }
  /** Runs the search job once by hand, with `chains` as the worker's configuration. */
  const runSearch = async (
    q: CryptoQuote,
    o: { chains?: ChainsConfig; attempt?: number; log?: ReturnType<typeof captureLog> } = {},
  ) =>
    buildJobHandlers({
      config: { ...w.t.config, chains: o.chains ?? w.t.config.chains },
      mail: outboxTransport(),
      orders: buildOrdersService(w.t.config, db()),
    })[CRYPTO_FIND_TRANSFER_JOB]!({ paymentId: await idOf(q) }, { db: db(), jobId: 0, attempt: o.attempt ?? 1, log: o.log?.log ?? w.t.app.log });
  /** The order's log lines saying the server found the transfer. */
  const foundEvents = async (q: CryptoQuote) =>
    queryRows<{ payload: { txh: string; log_index: number } }>(
      db(),
      sql`SELECT e.payload FROM order_events e JOIN orders o ON o.id = e.order_id
          WHERE o.code = ${q.invoice_code} AND e.kind = 'transfer_found_on_chain'`,
    );
  const verifyJobs = async (q: CryptoQuote) =>
    queryRows<{ id: number }>(
      db(),
      sql`SELECT id FROM jobs WHERE dedupe_key LIKE ${`crypto.verify:${await idOf(q)}:%`}`,
    );
  /** The payment as the quote left it: no transaction, the order still pending. */
  async function untouched(q: CryptoQuote): Promise<void> {
    expect(await paymentOf(db(), q.tid)).toMatchObject({ status: 'awaiting_transfer', tx_hash: null });
    expect((await orderByCode(db(), q.invoice_code)).status).toBe('pending');
    expect(await foundEvents(q)).toEqual([]);
  }
  /** The world's chain setup with the payment chain changed. */
  const chainsWith = (change: { rpcUrl?: string; confirmations?: number }): ChainsConfig => {
    const chains = w.t.config.chains;
    return { ...chains, chains: chains.chains.map((c) => (c.id === chains.paymentChainId ? { ...c, ...change } : c)) };
  };

  beforeAll(async () => {
    w = await startCryptoWorld({ worker: false });
    buyer = await walletPlayer(w, 'sweepbuyer', 1);
    stranger = await walletPlayer(w, 'sweepstranger', 2);
    ship = await shopLine(db(), 1000, PRICE, 'Sweep Test Courier');
  });
  // What a test leaves pending lapses through its expiry job, so each test starts with its stock free.
  afterEach(async () => {
    await db().execute(sql`UPDATE orders SET expires_at = now() - interval '1 second' WHERE status = 'pending'`);
    await db().execute(
      sql`UPDATE jobs SET run_at = now() WHERE kind = 'order.expire' AND done_at IS NULL AND failed_at IS NULL`,
    );
    await w.t.app.jobs.drain();
  });
  afterAll(async () => w?.stop());

  it('a quote queues two searches: a minute before it expires, and when the verification grace is over', async () => {
    const q = await newQuote();
    const jobs = await queryRows<{
      dedupe_key: string;
      payload: { paymentId: number };
      run_at: Date | string;
      max_attempts: number;
    }>(
      db(),
      sql`SELECT dedupe_key, payload, run_at, max_attempts FROM jobs WHERE kind = ${CRYPTO_FIND_TRANSFER_JOB}
          AND (payload->>'paymentId')::bigint = ${await idOf(q)} ORDER BY run_at`,
    );
    const expires = Date.parse(q.expiresAt);
    const id = await idOf(q);
    expect(jobs.map((j) => [j.dedupe_key, j.payload, new Date(j.run_at).getTime(), j.max_attempts])).toEqual([
      [
        `${CRYPTO_FIND_TRANSFER_JOB}:${id}:before_expiry`,
        { paymentId: id },
        expires - 60_000,
        CRYPTO_FIND_TRANSFER_MAX_ATTEMPTS,
      ],
      [
        `${CRYPTO_FIND_TRANSFER_JOB}:${id}:after_grace`,
        { paymentId: id },
        expires + VERIFY_GRACE_MINUTES * 60_000,
        CRYPTO_FIND_TRANSFER_MAX_ATTEMPTS,
      ],
    ]);
  });

  it('the player pays on chain and never reports it: the search records it, the order is paid and fulfilled', async () => {
    const q = await newQuote();
    const txh = (await payQuote(w.chain, buyer, q)).toLowerCase();
    expect((await readPayment(w.t, buyer.token, q.tid)).json()).toMatchObject({ status: 'awaiting_transfer' });

    await searchNow(q, 'before_expiry');
    expect(await paymentOf(db(), q.tid)).toMatchObject({ status: 'paid', tx_hash: txh, failure: null });
    expect((await orderByCode(db(), q.invoice_code)).status).toBe('fulfilled');
    expect((await readPayment(w.t, buyer.token, q.tid)).json()).toMatchObject({ error: false, status: 'paid', txh });
    expect(await transfersOf(db(), txh)).toEqual([
      { crypto_payment_id: await idOf(q), log_index: 0, amount_base: q.amountBase },
    ]);
    // The order's log says where the hash came from.
    expect((await foundEvents(q)).map((e) => e.payload.txh)).toEqual([txh]);
  });

  it('a page closing before any hash was reported makes the server look soon: the transfer is found and paid', async () => {
    const q = await newQuote();
    const id = await idOf(q);
    const afterClose = () =>
      queryRows<{ run_at: Date | string }>(
        db(),
        sql`SELECT run_at FROM jobs WHERE dedupe_key = ${`${CRYPTO_FIND_TRANSFER_JOB}:${id}:after_close`}`,
      );
    // Other steps are only logged.
    await postAs(w.t, buyer.token, '/api/payment/eth_crypto/status', { tid: q.tid, step: 'SEND_TRANSACTION' });
    expect(await afterClose()).toEqual([]);
    const txh = (await payQuote(w.chain, buyer, q)).toLowerCase();
    const closing = { tid: q.tid, step: 'CLOSE_BROWSER', content: 'User close browser' };
    expect((await postAs(w.t, buyer.token, '/api/payment/eth_crypto/status', closing)).statusCode).toBe(200);
    expect((await postAs(w.t, buyer.token, '/api/payment/eth_crypto/status', closing)).statusCode).toBe(200);
    const [job, ...more] = await afterClose();
    expect(more).toEqual([]);
    const inSeconds = (new Date(job!.run_at).getTime() - Date.now()) / 1000;
    expect(inSeconds).toBeGreaterThan(5);
    expect(inSeconds).toBeLessThan(15);
    // The report itself paid nothing.
    expect(await paymentOf(db(), q.tid)).toMatchObject({ status: 'awaiting_transfer', tx_hash: null });

    await queryRows(
      db(),
      sql`UPDATE jobs SET run_at = now() WHERE dedupe_key = ${`${CRYPTO_FIND_TRANSFER_JOB}:${id}:after_close`} RETURNING id`,
    );
    await w.t.app.jobs.drain();
    expect(await paymentOf(db(), q.tid)).toMatchObject({ status: 'paid', tx_hash: txh });
  });

  it('a page closing after its hash was reported queues no search', async () => {
    const q = await newQuote();
    const txh = await payQuote(w.chain, buyer, q);
    await verifyCall(w.t, buyer.token, '/api/payment/eth_crypto', { tid: q.tid, txh });
    await postAs(w.t, buyer.token, '/api/payment/eth_crypto/status', { tid: q.tid, step: 'CLOSE_BROWSER' });
    const jobs = await queryRows(
      db(),
      sql`SELECT id FROM jobs WHERE dedupe_key = ${`${CRYPTO_FIND_TRANSFER_JOB}:${await idOf(q)}:after_close`}`,
    );
    expect(jobs).toEqual([]);
  });

  it('twice at once and again later: one record, one log line, one verification, one sale', async () => {
    const q = await newQuote();
    const txh = (await payQuote(w.chain, buyer, q)).toLowerCase();
    const stock = await stockOf(db(), ship.id);
    await Promise.all([runSearch(q), runSearch(q)]);
    expect(await paymentOf(db(), q.tid)).toMatchObject({ status: 'verifying', tx_hash: txh });
    await searchNow(q, 'before_expiry');
    await searchNow(q, 'after_grace');
    expect(await paymentOf(db(), q.tid)).toMatchObject({ status: 'paid', tx_hash: txh });
    expect(await foundEvents(q)).toHaveLength(1);
    expect(await verifyJobs(q)).toHaveLength(1);
    expect(await transfersOf(db(), txh)).toHaveLength(1);
    expect(await stockOf(db(), ship.id)).toBe(stock);
  });

  it('a transfer of another amount is not taken', async () => {
    const q = await newQuote();
    await payUsdc(w.chain, { from: buyer.index, to: w.chain.recipient, amount: PRICE + 1n });
    await payUsdc(w.chain, { from: buyer.index, to: w.chain.recipient, amount: PRICE - 1n });
    await runSearch(q);
    await untouched(q);
  });

  it('a transfer of the amount from another wallet is not taken', async () => {
    const q = await newQuote();
    await payUsdc(w.chain, { from: stranger.index, to: w.chain.recipient, amount: PRICE });
    await runSearch(q);
    await untouched(q);
  });

  it('a transfer of the amount from the linked wallet sent before the quote is not taken', async () => {
    await payUsdc(w.chain, { from: buyer.index, to: w.chain.recipient, amount: PRICE });
    const q = await newQuote();
    // Searched while the quote's block is still the chain's head, and again a block later.
    await runSearch(q);
    await untouched(q);
    await mine(w.chain, 1);
    await runSearch(q);
    await untouched(q);
  });

  it('a transfer already used by another payment is not taken', async () => {
    const first = await newQuote();
    const second = await newQuote();
    const txh = await payQuote(w.chain, buyer, first);
    const res = await verifyCall(w.t, buyer.token, '/api/payment/eth_crypto', { tid: first.tid, txh });
    expect(res.json()).toMatchObject({ status: 'verifying' });
    await w.t.app.jobs.drain();
    expect((await paymentOf(db(), first.tid)).status).toBe('paid');
    await runSearch(second);
    await untouched(second);
  });

  it('a transaction another payment of the player is verifying is not taken: that payment claims it', async () => {
    const first = await newQuote();
    const second = await newQuote();
    const txh = (await payQuote(w.chain, buyer, first)).toLowerCase();
    const res = await verifyCall(w.t, buyer.token, '/api/payment/eth_crypto', { tid: first.tid, txh });
    expect(res.json()).toMatchObject({ status: 'verifying' });
    await runSearch(second);
    await untouched(second);
    await w.t.app.jobs.drain();
    expect(await paymentOf(db(), first.tid)).toMatchObject({ status: 'paid', tx_hash: txh });
  });

  it('a payment whose browser reported a hash is left alone, without even reading the chain', async () => {
    const q = await newQuote();
    const reported = `0x${'5e'.repeat(32)}`;
    const res = await verifyCall(w.t, buyer.token, '/api/payment/eth_crypto', { tid: q.tid, txh: reported });
    expect(res.json()).toMatchObject({ status: 'verifying' });
    await payQuote(w.chain, buyer, q);
    // A chain that cannot be read would make the search wait: it is not asked at all.
    await runSearch(q, { chains: chainsWith({ rpcUrl: await refusingRpcUrl(SECRET) }) });
    await runSearch(q);
    expect(await paymentOf(db(), q.tid)).toMatchObject({ status: 'verifying', tx_hash: reported });
    expect(await foundEvents(q)).toEqual([]);
    // The reported hash is never mined: let this payment lapse so its job does not linger.
    await expireQuote(db(), q.tid, VERIFY_GRACE_MINUTES + 1, true);
    await w.t.app.jobs.drain();
  });

  it('a transfer mined after the quote expired is found by the second search and goes to review, not to a second sale', async () => {
    const q = await newQuote();
    await searchNow(q, 'before_expiry');
    await untouched(q);
    const stock = await stockOf(db(), ship.id);
    await expireQuote(db(), q.tid, VERIFY_GRACE_MINUTES + 1, true);
    await w.t.app.jobs.drain();
    expect((await orderByCode(db(), q.invoice_code)).status).toBe('expired');
    expect(await stockOf(db(), ship.id)).toBe(stock + 1);

    const txh = (await payQuote(w.chain, buyer, q)).toLowerCase();
    await searchNow(q, 'after_grace');
    expect(await paymentOf(db(), q.tid)).toMatchObject({
      status: 'review',
      tx_hash: txh,
      failure:
        'Your payment arrived after the order had closed (it expired or was cancelled). It was received and will be reviewed: please contact us.',
    });
    expect(await orderByCode(db(), q.invoice_code)).toMatchObject({ status: 'expired', needs_review: true });
    expect(await stockOf(db(), ship.id)).toBe(stock + 1);
    expect(await transfersOf(db(), txh)).toEqual([
      { crypto_payment_id: await idOf(q), log_index: 0, amount_base: q.amountBase },
    ]);
  });

  it('past the grace, a transfer found but not yet confirmed is waited for rather than failed', async () => {
    const deep = chainsWith({ confirmations: 3 });
    const q = await newQuote();
    await expireQuote(db(), q.tid, VERIFY_GRACE_MINUTES + 1, true);
    await w.t.app.jobs.drain();
    expect((await orderByCode(db(), q.invoice_code)).status).toBe('expired');
    const txh = (await payQuote(w.chain, buyer, q)).toLowerCase();
    const waiting = await runSearch(q, { chains: deep, attempt: 2 }).catch((e: unknown) => e);
    expect(waiting).toBeInstanceOf(NotYetError);
    expect((waiting as NotYetError).delayMs).toBe(recheckDelayMs(2));
    expect(await paymentOf(db(), q.tid)).toMatchObject({ status: 'awaiting_transfer', tx_hash: null });
    await mine(w.chain, 2);
    await runSearch(q, { chains: deep, attempt: 3 });
    expect(await paymentOf(db(), q.tid)).toMatchObject({ status: 'verifying', tx_hash: txh });
    await w.t.app.jobs.drain();
    expect((await paymentOf(db(), q.tid)).status).toBe('review');
  });

  it('an RPC that cannot be read: the search waits at the recheck cadence, then gives up with a warning; no RPC key anywhere', async () => {
    const down = chainsWith({ rpcUrl: await refusingRpcUrl(SECRET) });
    const q = await newQuote();
    await payQuote(w.chain, buyer, q);
    const logs = captureLog();
    try {
      const waiting = await runSearch(q, { chains: down, attempt: 4, log: logs }).catch((e: unknown) => e);
      expect(waiting).toBeInstanceOf(NotYetError);
      expect((waiting as NotYetError).delayMs).toBe(recheckDelayMs(4));
      expect((waiting as Error).message).toMatch(
        /the transfer search could not read the payment chain: HttpRequestError/,
      );
      expect((waiting as Error).message).not.toContain(SECRET);
      await expect(
        runSearch(q, { chains: down, attempt: CRYPTO_FIND_TRANSFER_MAX_ATTEMPTS, log: logs }),
      ).resolves.toBeUndefined();
      expect(logs.text()).toContain('crypto transfer search gave up: the payment chain could not be read');
      expect(logs.text()).not.toContain(SECRET);
    } finally {
      await logs.close();
    }
    await untouched(q);
    // The chain back: the next search finds it.
    await runSearch(q);
    expect((await paymentOf(db(), q.tid)).status).toBe('verifying');
    await w.t.app.jobs.drain();
  });

  it('a payment quoted before its quote block was kept is not searched (an older transfer could pass for it)', async () => {
    const q = await newQuote();
    await payQuote(w.chain, buyer, q);
    await db().execute(sql`UPDATE crypto_payments SET quote_block = NULL WHERE tid = ${q.tid}`);
    const logs = captureLog();
    try {
      await runSearch(q, { log: logs });
      expect(logs.text()).toContain('its transfer is not searched for');
    } finally {
      await logs.close();
    }
    await untouched(q);
  });
});
