import type { CryptoQuote, CryptoVerifyResponse } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { payQuote, postAs, startCryptoWorld, walletPlayer, type CryptoWorld, type Player } from './crypto-fixtures.ts';
import { orderByCode } from './payments.fixtures.ts';

/** A land-credit top-up paid in USDC on a real anvil, verified by the job (decision 0047). */
describe('top-up by crypto (real anvil, job worker running)', () => {
  let w: CryptoWorld;
  let buyer: Player;
  let other: Player;

  const credit = async (p: Player) =>
    (await w.t.app.inject({ method: 'GET', url: '/api/credit/total', headers: bearer(p.token) })).json().amount as number;
  const fulfilled = async (code: string) => {
    for (;;) {
      const order = await orderByCode(w.t.database.db, code);
      if (order.status !== 'paid' && order.status !== 'pending') return order;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  beforeAll(async () => {
    w = await startCryptoWorld();
    buyer = await walletPlayer(w, 'cryptotopper', 1);
    other = await walletPlayer(w, 'cryptonosy', 2);
  });
  afterAll(async () => w?.stop());

  it('quotes the order of "Buy 6 Land Credit"; the exact transfer, verified, credits 6 once', async () => {
    const res = await postAs(w.t, buyer.token, '/api/credit/payment/eth_crypto', { quantity: 6 });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json() as CryptoQuote;
    expect(q).toMatchObject({ error: false, amountBase: '6000000', amountCurrency: '6.000000', totalUSD: 6, payerWallet: buyer.address.toLowerCase() });
    const [payment] = await queryRows<{ kind: string; name: string }>(
      w.t.database.db,
      sql`SELECT p.kind, l.name FROM crypto_payments p JOIN order_lines l ON l.order_id = p.order_id WHERE p.tid = ${q.tid}`,
    );
    expect(payment).toEqual({ kind: 'topup', name: 'Buy 6 Land Credit' });

    // The land page's step log goes to the top-up's tid, never acts; another player's tid is a 404.
    const step = await postAs(w.t, buyer.token, '/api/land/payment/eth_crypto/status', { tid: q.tid, step: 20, content: 'dialog opened' });
    expect(step.json()).toEqual({ error: false, status: 'awaiting_transfer' });
    const nosy = await postAs(w.t, other.token, '/api/land/payment/eth_crypto/status', { tid: q.tid, step: 40 });
    expect(nosy.statusCode).toBe(404);
    const [logged] = await queryRows<{ payload: Record<string, unknown> }>(
      w.t.database.db,
      sql`SELECT e.payload FROM order_events e JOIN orders o ON o.id = e.order_id WHERE o.code = ${q.invoice_code} AND e.kind = 'browser_report'`,
    );
    expect(logged!.payload).toMatchObject({ route: 'land_eth_crypto', crypto_payment: q.tid, step: 20, content: 'dialog opened' });

    const txh = await payQuote(w.chain, buyer, q);
    const intruder = await postAs(w.t, other.token, '/api/credit/payment/eth_crypto/verify', { tid: q.tid, txh });
    expect(intruder.statusCode).toBe(404);
    const verified = await postAs(w.t, buyer.token, '/api/credit/payment/eth_crypto/verify', { tid: q.tid, txh });
    expect(verified.statusCode, verified.body).toBe(200);
    let answer = verified.json() as CryptoVerifyResponse;
    while (answer.status === 'verifying') {
      await new Promise((r) => setTimeout(r, 200));
      answer = (await w.t.app.inject({ method: 'GET', url: `/api/payment/eth_crypto/${q.tid}`, headers: bearer(buyer.token) })).json();
    }
    expect(answer).toMatchObject({ error: false, status: 'paid', invoice_code: q.invoice_code });
    expect((await fulfilled(q.invoice_code)).status).toBe('fulfilled');
    expect(await credit(buyer)).toBe(6);
    // The same hash reported again is the same answer, and credits nothing more.
    const again = await postAs(w.t, buyer.token, '/api/credit/payment/eth_crypto/verify', { tid: q.tid, txh });
    expect((again.json() as CryptoVerifyResponse).status).toBe('paid');
    await w.t.drainJobs();
    expect(await credit(buyer)).toBe(6);
    expect(await credit(other)).toBe(0);
  });
});
