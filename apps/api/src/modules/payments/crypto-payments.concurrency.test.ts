import type { CryptoQuote, CryptoVerifyResponse } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJobHandlers, buildOrdersService } from '../../composition.ts';
import { JobWorker } from '../../jobs/queue.ts';
import { outboxTransport } from '../../mail/transport.ts';
import {
  payQuote,
  paymentOf,
  quote,
  startCryptoWorld,
  transfersOf,
  verifyCall,
  walletPlayer,
  type CryptoWorld,
  type Player,
} from './crypto-fixtures.ts';
import { CRYPTO_VERIFY_JOB } from './crypto-verify-job.ts';
import { eventKinds, orderByCode, shopLine, USD } from './payments.fixtures.ts';

// Always on real PostgreSQL: PGlite runs one transaction at a time and would hide these races.
describe('on PostgreSQL: crypto verifications at once, and a crash in the middle of one', () => {
  let w: CryptoWorld;
  let buyer: Player;
  let ship: { id: string; name: string };
  const handlers = () =>
    buildJobHandlers({
      config: w.t.config,
      mail: outboxTransport(),
      orders: buildOrdersService(w.t.config, w.t.database.db),
    });
  const runJob = (paymentId: number, attempt = 1) =>
    handlers()[CRYPTO_VERIFY_JOB]!({ paymentId }, { db: w.t.database.db, jobId: 0, attempt, log: w.t.app.log });
  const newQuote = () => quote(w.t, buyer.token, '/api/payment/eth_crypto', { id: ship.id });
  /** Reports the transaction; no worker runs here, so the answer is `verifying` after the wait. */
  const report = async (q: CryptoQuote, txh: string) => {
    const res = await verifyCall(w.t, buyer.token, '/api/payment/eth_crypto', { tid: q.tid, txh });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as CryptoVerifyResponse).status).toBe('verifying');
  };
  const paidEvents = async (code: string) =>
    (await eventKinds(w.t.database.db, (await orderByCode(w.t.database.db, code)).id)).filter((k) => k === 'paid');

  beforeAll(async () => {
    w = await startCryptoWorld({ postgres: true, worker: false });
    buyer = await walletPlayer(w, 'cryptoracer', 6);
    ship = await shopLine(w.t.database.db, 1000, 15n * USD, 'Crypto Race Ship');
  });
  afterAll(async () => w?.stop());

  it('two orders racing for one transfer, on two workers at once: exactly one is paid, the other fails', { timeout: 90_000 }, async () => {
    const ROUNDS = 3;
    const pairs: [CryptoQuote, CryptoQuote, string][] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const a = await newQuote();
      const b = await newQuote();
      pairs.push([a, b, await payQuote(w.chain, buyer, a)]);
    }
    await Promise.all(pairs.flatMap(([a, b, txh]) => [report(a, txh), report(b, txh)]));
    // One job each; as many workers as jobs, one job per worker, all claiming at once.
    const workers = Array.from(
      { length: ROUNDS * 2 },
      (_, i) => new JobWorker(w.t.database.db, handlers(), w.t.app.log, { batchSize: 1, workerId: `racer-${i}` }),
    );
    const ran = await Promise.all(workers.map((worker) => worker.runOnce()));
    expect(ran.reduce((n, r) => n + r, 0)).toBe(ROUNDS * 2);
    for (const [a, b, txh] of pairs) {
      const states = [await paymentOf(w.t.database.db, a.tid), await paymentOf(w.t.database.db, b.tid)];
      expect(states.map((s) => s.status).sort()).toEqual(['failed', 'paid']);
      const loser = states.find((s) => s.status === 'failed')!;
      const winner = states.find((s) => s.status === 'paid')!;
      expect(loser.failure).toBe('This transaction has already been used.');
      expect(await transfersOf(w.t.database.db, txh)).toEqual([
        { crypto_payment_id: winner.id, log_index: 0, amount_base: a.amountBase },
      ]);
      const orders = [await orderByCode(w.t.database.db, a.invoice_code), await orderByCode(w.t.database.db, b.invoice_code)];
      expect(orders.map((o) => o.status).sort()).toEqual(['failed', 'paid']);
    }
  });

  it('the same verification run by two workers at once (a lapsed lock): credited once, paid once', async () => {
    for (let i = 0; i < 3; i++) {
      const q = await newQuote();
      await report(q, await payQuote(w.chain, buyer, q));
      const { id } = await paymentOf(w.t.database.db, q.tid);
      await Promise.all([runJob(id), runJob(id), runJob(id)]);
      expect((await paymentOf(w.t.database.db, q.tid)).status).toBe('paid');
      expect(await paidEvents(q.invoice_code)).toHaveLength(1);
      const [fulfil] = await w.t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM jobs WHERE dedupe_key = ${`order.fulfil:${(await orderByCode(w.t.database.db, q.invoice_code)).id}`}`,
      ).then((r) => (r as unknown as { rows: { n: number }[] }).rows);
      expect(fulfil).toEqual({ n: 1 });
    }
  });

  it('a crash between recording the reported hash and holding the stock leaves neither: the report is one transaction', async () => {
    const q = await newQuote();
    const txh = await payQuote(w.chain, buyer, q);
    const { id, order_id } = await paymentOf(w.t.database.db, q.tid);
    // The database refuses to extend this order's expiry: the report's last step fails.
    await w.t.database.db.execute(sql`
      CREATE FUNCTION crypto_test_hold_crash() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'simulated crash'; END $$;
      CREATE TRIGGER crypto_test_hold_crash BEFORE UPDATE ON orders
        FOR EACH ROW WHEN (NEW.expires_at > OLD.expires_at) EXECUTE FUNCTION crypto_test_hold_crash();`);
    try {
      const res = await verifyCall(w.t, buyer.token, '/api/payment/eth_crypto', { tid: q.tid, txh });
      expect(res.statusCode).toBe(500);
    } finally {
      await w.t.database.db.execute(sql`DROP TRIGGER crypto_test_hold_crash ON orders; DROP FUNCTION crypto_test_hold_crash();`);
    }
    // Not recorded and nothing queued: the order's expiry job cannot find a reported but unheld payment.
    expect(await paymentOf(w.t.database.db, q.tid)).toMatchObject({ status: 'awaiting_transfer', tx_hash: null });
    const queued = await w.t.database.db.execute(sql`SELECT id FROM jobs WHERE dedupe_key LIKE ${`crypto.verify:${id}:%`}`);
    expect((queued as unknown as { rows: unknown[] }).rows).toEqual([]);
    // Reported again, all of it happens together: recorded, queued, and the stock held past the quote.
    await report(q, txh);
    const [held] = await w.t.database.db
      .execute(
        sql`SELECT o.expires_at > p.expires_at AS held FROM orders o JOIN crypto_payments p ON p.order_id = o.id WHERE o.id = ${order_id}`,
      )
      .then((r) => (r as unknown as { rows: { held: boolean }[] }).rows);
    expect(held).toEqual({ held: true });
  });

  it('a crash inside the credit (after the order was marked paid, before commit) loses nothing and pays nothing twice', async () => {
    const q = await newQuote();
    const txh = await payQuote(w.chain, buyer, q);
    await report(q, txh);
    const { id } = await paymentOf(w.t.database.db, q.tid);
    // The process "dies" at the credit's last statement: the database refuses the payment's final
    // update, so the transaction that recorded the transfer and paid the order aborts.
    await w.t.database.db.execute(sql`
      CREATE FUNCTION crypto_test_crash() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'simulated crash'; END $$;
      CREATE TRIGGER crypto_test_crash BEFORE UPDATE ON crypto_payments
        FOR EACH ROW WHEN (NEW.status = 'paid') EXECUTE FUNCTION crypto_test_crash();`);
    try {
      await expect(runJob(id)).rejects.toThrow();
    } finally {
      await w.t.database.db.execute(sql`DROP TRIGGER crypto_test_crash ON crypto_payments; DROP FUNCTION crypto_test_crash();`);
    }
    // Nothing of the credit stayed: the transfer is not used, the order not paid, the payment still verifying.
    expect(await transfersOf(w.t.database.db, txh)).toEqual([]);
    expect((await orderByCode(w.t.database.db, q.invoice_code)).status).toBe('pending');
    expect(await paymentOf(w.t.database.db, q.tid)).toMatchObject({ status: 'verifying' });
    // The job runs again after the restart and finishes the payment once; a further run changes nothing.
    await runJob(id, 2);
    await runJob(id, 3);
    expect((await paymentOf(w.t.database.db, q.tid)).status).toBe('paid');
    expect(await transfersOf(w.t.database.db, txh)).toHaveLength(1);
    expect(await paidEvents(q.invoice_code)).toHaveLength(1);
  });
});
