import type { CryptoQuote } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import type { ChainsConfig } from '../../chain/chain-config.ts';
import { queryRows } from '../../db/client.ts';
import { buildJobHandlers, buildOrdersService } from '../../composition.ts';
import { JobWorker, NotYetError } from '../../jobs/queue.ts';
import { AppError } from '../../lib/app-error.ts';
import { outboxTransport } from '../../mail/transport.ts';
import {
  captureLog,
  expireQuote,
  payQuote,
  paymentOf,
  quote,
  refusingRpcUrl,
  startCryptoWorld,
  transfersOf,
  verifyCall,
  walletPlayer,
  type CryptoWorld,
  type Player,
} from './crypto-fixtures.ts';
import { CryptoPayments } from './crypto-payments.service.ts';
import { CRYPTO_VERIFY_JOB, recheckDelayMs } from './crypto-verify-job.ts';
import type { CryptoOrderBook } from './order-book.ts';
import { eventKinds, orderByCode, shopLine, stockOf, USD } from './payments.fixtures.ts';

/**
 * The payment chain misbehaving (docs/decisions/0021 "When the chain misbehaves"): an RPC that
 * refuses connections, one whose address carries a provider key, one that serves another chain.
 * No worker runs here: each verification is run by hand with the chain setup under test.
 */
describe('crypto payments when the payment chain misbehaves', () => {
  const SECRET = 'SECRET_KEY_123';
  let w: CryptoWorld;
  let buyer: Player;
  let ship: { id: string; name: string };
  let downRpc: string;

  /** The world's chain setup with the payment chain's RPC or id changed. */
  const chainsWith = (change: { rpcUrl?: string; id?: number }): ChainsConfig => {
    const chains = w.t.config.chains;
    return {
      ...chains,
      chains: chains.chains.map((c) => (c.id === chains.paymentChainId ? { ...c, ...change } : c)),
      paymentChainId: change.id ?? chains.paymentChainId,
    };
  };
  /** Every job handler, as a worker builds them, with `chains` as its configuration. */
  const handlersWith = (chains: ChainsConfig) =>
    buildJobHandlers({
      config: { ...w.t.config, chains },
      mail: outboxTransport(),
      orders: buildOrdersService(w.t.config, w.t.database.db),
    });
  /** Runs the payment's verification once, as a worker would, with `chains` as its configuration. */
  const runJob = (chains: ChainsConfig, paymentId: number, txHash: string, attempt = 1) =>
    handlersWith(chains)[CRYPTO_VERIFY_JOB]!(
      { paymentId, txHash },
      { db: w.t.database.db, jobId: 0, attempt, log: w.t.app.log },
    );
  /** A quote whose transaction was reported (no worker runs, so it stays `verifying`). */
  const reported = async (txh?: string): Promise<{ q: CryptoQuote; txh: string; id: number }> => {
    const q = await quote(w.t, buyer.token, '/api/payment/eth_crypto', { id: ship.id });
    const hash = txh ?? (await payQuote(w.chain, buyer, q));
    const res = await verifyCall(w.t, buyer.token, '/api/payment/eth_crypto', { tid: q.tid, txh: hash });
    expect(res.json()).toMatchObject({ status: 'verifying' });
    return { q, txh: hash.toLowerCase(), id: (await paymentOf(w.t.database.db, q.tid)).id };
  };
  /** No order may be opened: the chain is read before anything is reserved. */
  const noOrders = new Proxy({} as CryptoOrderBook, {
    get: () => () => {
      throw new Error('an order was touched although the chain could not be read');
    },
  });
  const quoteWith = (chains: ChainsConfig, log: ReturnType<typeof captureLog>) =>
    new CryptoPayments({ db: w.t.database.db, orders: noOrders, chains, wakeJobs: () => {}, log: log.log }).quote(
      buyer.userId,
      [{ id: ship.id, total: 1, object: 'spaceship' }],
      'item',
    );

  beforeAll(async () => {
    w = await startCryptoWorld({ worker: false });
    buyer = await walletPlayer(w, 'faultbuyer', 7);
    ship = await shopLine(w.t.database.db, 1000, 11n * USD, 'Fault Test Ship');
    downRpc = await refusingRpcUrl(SECRET);
  });
  afterAll(async () => w?.stop());

  it('an RPC that refuses connections: the quote is a 503 and its log line holds no RPC key', async () => {
    const logs = captureLog();
    try {
      const err = await quoteWith(chainsWith({ rpcUrl: downRpc }), logs).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ status: 503, message: 'Crypto payments are not available right now.' });
      expect(logs.text()).toContain('payment chain unreadable');
      expect(logs.text()).toContain('HTTP request failed');
      expect(logs.text()).not.toContain(SECRET);
    } finally {
      await logs.close();
    }
  });

  it('an RPC down before the deadline: the job waits at the recheck cadence; neither its log nor jobs.last_error holds the key', async () => {
    const { q, id } = await reported(`0x${'5a'.repeat(32)}`);
    const logs = captureLog();
    try {
      const handlers = handlersWith(chainsWith({ rpcUrl: downRpc }));
      const worker = new JobWorker(w.t.database.db, handlers, logs.log, { workerId: 'fault-worker' });
      expect(await worker.runOnce()).toBeGreaterThanOrEqual(1);
      const [job] = await queryRows<{ last_error: string | null; attempts: number; failed_at: Date | null }>(
        w.t.database.db,
        sql`SELECT last_error, attempts, failed_at FROM jobs WHERE dedupe_key LIKE ${`crypto.verify:${id}:%`}`,
      );
      expect(job).toMatchObject({ attempts: 1, failed_at: null });
      expect(job!.last_error).toMatch(/^crypto payment \d+: the payment chain could not be read: HttpRequestError: HTTP request failed/);
      expect(job!.last_error).toContain('http://127.0.0.1:');
      expect(job!.last_error).not.toContain(SECRET);
      expect(logs.text()).toContain('crypto transfer could not be read; looking again');
      expect(logs.text()).toContain('job waits');
      // Waiting on the chain is not a job failure: no failure warning, no failure backoff.
      expect(logs.text()).not.toContain('job failed');
      expect(logs.text()).not.toContain(SECRET);
    } finally {
      await logs.close();
    }
    expect((await paymentOf(w.t.database.db, q.tid)).status).toBe('verifying');
  });

  it('an RPC down: NotYetError at the recheck cadence before the deadline; past it the payment fails and the order goes to review', async () => {
    const down = chainsWith({ rpcUrl: downRpc });
    const { q, txh, id } = await reported();
    const waiting = await runJob(down, id, txh, 4).catch((e: unknown) => e);
    expect(waiting).toBeInstanceOf(NotYetError);
    expect((waiting as NotYetError).delayMs).toBe(recheckDelayMs(4));
    expect((await paymentOf(w.t.database.db, q.tid)).status).toBe('verifying');
    expect(await orderByCode(w.t.database.db, q.invoice_code)).toMatchObject({ status: 'pending', needs_review: false });

    await expireQuote(w.t.database.db, q.tid, 16);
    const stock = await stockOf(w.t.database.db, ship.id);
    await runJob(down, id, txh, 5);
    expect(await paymentOf(w.t.database.db, q.tid)).toMatchObject({
      status: 'failed',
      failure: 'Can not validate transaction. Please contact us!',
    });
    // The transfer may have paid us (it did here): an operator looks; the stock went back.
    const order = await orderByCode(w.t.database.db, q.invoice_code);
    expect(order).toMatchObject({ status: 'failed', needs_review: true });
    expect(await eventKinds(w.t.database.db, order.id)).toContain('payment_unverified');
    expect(await stockOf(w.t.database.db, ship.id)).toBe(stock + 1);
    const [event] = await queryRows<{ payload: Record<string, unknown> }>(
      w.t.database.db,
      sql`SELECT payload FROM order_events WHERE order_id = ${order.id} AND kind = 'payment_unverified'`,
    );
    expect(event!.payload).toMatchObject({ tx_hash: txh });
    expect(JSON.stringify(event!.payload)).not.toContain(SECRET);
  });

  describe('an RPC that serves another chain than the one configured', () => {
    const WRONG_ID = 8453;
    let t2: TestApp;

    beforeAll(async () => {
      // The same database and anvil, but the anvil's RPC configured as chain 8453.
      const id = w.chain.anvil.chainId;
      const env = Object.fromEntries(
        Object.entries(w.chain.env).map(([k, v]) => [k.replace(`CHAIN_${id}_`, `CHAIN_${WRONG_ID}_`), v]),
      );
      t2 = await createTestApp({ env: { ...env, CHAIN_IDS: String(WRONG_ID), PAYMENT_CHAIN_ID: String(WRONG_ID) }, database: w.t.database });
    });
    afterAll(async () => t2?.close());

    it('opening a payment answers 503, reserves nothing, and the server log names the mismatch', async () => {
      const stock = await stockOf(w.t.database.db, ship.id);
      const res = await t2.app.inject({
        method: 'POST',
        url: '/api/payment/eth_crypto',
        payload: { id: ship.id },
        headers: bearer(buyer.token),
      });
      expect([res.statusCode, body(res).msg]).toEqual([503, 'Crypto payments are not available right now.']);
      expect(await stockOf(w.t.database.db, ship.id)).toBe(stock);

      const logs = captureLog();
      try {
        await expect(quoteWith(t2.config.chains, logs)).rejects.toMatchObject({ status: 503 });
        expect(logs.text()).toContain(`CHAIN_${WRONG_ID}_RPC_URL answers chain ${w.chain.anvil.chainId}, not ${WRONG_ID}`);
      } finally {
        await logs.close();
      }
    });

    it('an exact transfer is never verified against it: the job waits, nothing is credited', async () => {
      const { q, txh, id } = await reported();
      // The payment as if quoted on the misconfigured chain.
      await w.t.database.db.execute(sql`UPDATE crypto_payments SET chain_id = ${WRONG_ID} WHERE id = ${id}`);
      await expect(runJob(t2.config.chains, id, txh)).rejects.toBeInstanceOf(NotYetError);
      expect((await paymentOf(w.t.database.db, q.tid)).status).toBe('verifying');
      expect(await transfersOf(w.t.database.db, txh)).toEqual([]);
      expect((await orderByCode(w.t.database.db, q.invoice_code)).status).toBe('pending');
    });
  });
});
