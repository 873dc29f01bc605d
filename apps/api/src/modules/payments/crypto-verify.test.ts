import { testUsdcAbi, testUsdcBytecode } from '@starport/chain';
import type { CryptoVerifyResponse } from '@starport/schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addListing } from '../../../test/catalogue-fixtures.ts';
import { startTestChain, type TestChain } from '../../../test/chain-fixtures.ts';
import { queryRows } from '../../db/client.ts';
import { marketplaceListings } from '../../db/schema/index.ts';
import {
  expireQuote,
  mine,
  payQuote,
  payUsdc,
  paymentOf,
  postAs,
  quote,
  readPayment,
  settled,
  startCryptoWorld,
  transfersOf,
  verificationsDueNow,
  verifyAgain,
  verifyCall,
  walletPlayer,
  type CryptoWorld,
  type Player,
} from './crypto-fixtures.ts';
import { eventKinds, orderByCode, shopLine, stockOf, USD } from './payments.fixtures.ts';

/**
 * What must not pay (QUALITY.md "Crypto payments"), each with a real transaction on anvil:
 * a replayed transfer, a look-alike token, another chain, a revert, another payer or
 * recipient, a short or larger amount, a quote that expired.
 */
describe('crypto payment verification refuses what does not pay', () => {
  let w: CryptoWorld;
  let buyer: Player;
  let stranger: Player;
  let ship: { id: string; name: string };
  const PRICE = 25n * USD;

  /** A one-ship quote of the buyer's. */
  const newQuote = (player = buyer) => quote(w.t, player.token, '/api/payment/eth_crypto', { id: ship.id });
  const verify = async (tid: string, txh: string, player = buyer) => {
    const res = await verifyCall(w.t, player.token, '/api/payment/eth_crypto', { tid, txh });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CryptoVerifyResponse;
  };

  beforeAll(async () => {
    w = await startCryptoWorld();
    buyer = await walletPlayer(w, 'verifybuyer', 3);
    stranger = await walletPlayer(w, 'verifystranger', 4);
    ship = await shopLine(w.t.database.db, 1000, PRICE, 'Verify Test Hauler');
  });
  afterAll(async () => w?.stop());

  it('the same transfer reported for a second order fails there: a transfer pays once', async () => {
    const first = await newQuote();
    const second = await newQuote();
    expect(second.amountBase).toBe(first.amountBase);
    const txh = await payQuote(w.chain, buyer, first);
    expect((await verify(first.tid, txh)).status).toBe('paid');
    const stock = await stockOf(w.t.database.db, ship.id);
    const replay = await verify(second.tid, txh);
    expect(replay).toMatchObject({
      error: true,
      code: 'PAYMENT_FAILED',
      status: 'failed',
      msg: 'This transaction has already been used.',
    });
    expect((await orderByCode(w.t.database.db, second.invoice_code)).status).toBe('failed');
    // The failed order's copy went back to the shop at once.
    expect(await stockOf(w.t.database.db, ship.id)).toBe(stock + 1);
    expect(await transfersOf(w.t.database.db, txh)).toEqual([
      {
        crypto_payment_id: (await paymentOf(w.t.database.db, first.tid)).id,
        log_index: 0,
        amount_base: first.amountBase,
      },
    ]);
  });

  it('a transfer sent before the quote does not pay it, even of the exact amount from the linked wallet', async () => {
    const txh = await payUsdc(w.chain, { from: buyer.index, to: w.chain.recipient, amount: PRICE });
    const q = await newQuote();
    expect(q.amountBase).toBe(PRICE.toString());
    expect(await verify(q.tid, txh)).toMatchObject({
      error: true,
      code: 'PAYMENT_FAILED',
      status: 'failed',
      msg: 'This transaction was sent before this payment started.',
    });
    expect((await orderByCode(w.t.database.db, q.invoice_code)).status).toBe('failed');
    expect(await transfersOf(w.t.database.db, txh)).toEqual([]);
  });

  it('a replaced transaction: the hash first reported is never mined, the one reported next is verified and pays', async () => {
    const q = await newQuote();
    const replaced = `0x${'ab'.repeat(32)}`;
    expect(await verify(q.tid, replaced)).toMatchObject({ error: false, status: 'verifying', txh: replaced });
    const txh = await payQuote(w.chain, buyer, q);
    expect(await verify(q.tid, txh)).toMatchObject({ error: false, status: 'paid', txh: txh.toLowerCase() });
    expect(await paymentOf(w.t.database.db, q.tid)).toMatchObject({ status: 'paid', tx_hash: txh.toLowerCase() });
    // The first hash stays in the order's log, for support.
    const order = await orderByCode(w.t.database.db, q.invoice_code);
    const logged = await queryRows<{ payload: { replaced_txh: string; txh: string } }>(
      w.t.database.db,
      sql`SELECT payload FROM order_events WHERE order_id = ${order.id} AND kind = 'transaction_replaced'`,
    );
    expect(logged.map((e) => e.payload)).toEqual([
      expect.objectContaining({ replaced_txh: replaced, txh: txh.toLowerCase() }),
    ]);
    // Decided now: yet another hash is a 409.
    const again = await verifyCall(w.t, buyer.token, '/api/payment/eth_crypto', {
      tid: q.tid,
      txh: `0x${'cd'.repeat(32)}`,
    });
    expect(again.statusCode).toBe(409);
  });

  it('a quote that lapsed with no transaction reported does not claim nothing was sent', async () => {
    const q = await newQuote();
    await expireQuote(w.t.database.db, q.tid, 1);
    const read = await readPayment(w.t, buyer.token, q.tid);
    expect(read.json()).toMatchObject({
      error: false,
      status: 'awaiting_transfer',
      msg: 'This payment session has expired. If you sent a transfer for it, contact us with its transaction hash.',
    });
  });

  it('a look-alike token (another contract with the same Transfer event) does not pay', async () => {
    const d = w.chain.deployer;
    const deployed = await d.walletClient.deployContract({ abi: testUsdcAbi, bytecode: testUsdcBytecode, args: [] });
    const fake = (await d.publicClient.waitForTransactionReceipt({ hash: deployed })).contractAddress!;
    const mint = await d.walletClient.writeContract({
      address: fake,
      abi: testUsdcAbi,
      functionName: 'mint',
      args: [buyer.address, 10n ** 12n],
    });
    await d.publicClient.waitForTransactionReceipt({ hash: mint });

    const q = await newQuote();
    const txh = await payUsdc(w.chain, {
      from: buyer.index,
      to: q.targetWallet,
      amount: BigInt(q.amountBase),
      token: fake,
    });
    expect(await verify(q.tid, txh)).toMatchObject({
      status: 'failed',
      msg: 'This transaction does not transfer the USDC this order asks for.',
    });
    expect((await orderByCode(w.t.database.db, q.invoice_code)).status).toBe('failed');
    expect(await transfersOf(w.t.database.db, txh)).toEqual([]);
  });

  it('a transfer on another chain is never credited: not found here, it fails once the quote and its grace are over', async () => {
    const elsewhere: TestChain = await startTestChain({ chainId: 31338 });
    try {
      await elsewhere.fundUsdc(buyer.address, 10n ** 12n);
      const q = await newQuote();
      const txh = await payUsdc(elsewhere, { from: buyer.index, to: q.targetWallet, amount: BigInt(q.amountBase) });
      const answer = await verify(q.tid, txh);
      expect(answer).toMatchObject({ error: false, status: 'verifying' });
      expect((await orderByCode(w.t.database.db, q.invoice_code)).status).toBe('pending');
      // Still looked for within the grace after the quote's expiry…
      await expireQuote(w.t.database.db, q.tid, 5);
      await verifyAgain(w.t, q.tid);
      expect((await paymentOf(w.t.database.db, q.tid)).status).toBe('verifying');
      // …and given up after it.
      await expireQuote(w.t.database.db, q.tid, 16);
      await verificationsDueNow(w.t.database.db);
      w.t.app.jobs.wake();
      expect(await settled(w.t, buyer.token, q.tid)).toMatchObject({
        error: true,
        status: 'failed',
        msg: 'Can not validate transaction. Please contact us!',
      });
      expect((await orderByCode(w.t.database.db, q.invoice_code)).status).not.toBe('paid');
    } finally {
      await elsewhere.stop();
    }
  });

  it('a reverted transaction (mined, failed) does not pay', async () => {
    const q = await newQuote();
    const balance = await w.chain.deployer.publicClient.readContract({
      address: w.chain.addresses.testUsdc,
      abi: testUsdcAbi,
      functionName: 'balanceOf',
      args: [buyer.address],
    });
    // More than the balance with a forced gas limit: no estimate refuses it, so it is mined and reverts.
    const txh = await payUsdc(w.chain, { from: buyer.index, to: q.targetWallet, amount: balance + 1n, gas: 120_000n });
    expect(await verify(q.tid, txh)).toMatchObject({
      status: 'failed',
      msg: 'This transaction failed on the blockchain (it was reverted), so nothing was paid. Please try again.',
    });
    expect((await orderByCode(w.t.database.db, q.invoice_code)).status).toBe('failed');
  });

  it('another wallet paying (even the exact amount, to the treasury) does not pay for this player', async () => {
    const q = await newQuote();
    const txh = await payUsdc(w.chain, { from: stranger.index, to: q.targetWallet, amount: BigInt(q.amountBase) });
    expect(await verify(q.tid, txh)).toMatchObject({
      status: 'failed',
      msg: 'This transfer was not sent from the wallet linked to your account, so it cannot pay for this order.',
    });
    // Not recorded as used: it may be the stranger's own payment.
    expect(await transfersOf(w.t.database.db, txh)).toEqual([]);
  });

  it('a transfer to another address does not pay', async () => {
    const q = await newQuote();
    const txh = await payUsdc(w.chain, { from: buyer.index, to: stranger.address, amount: BigInt(q.amountBase) });
    expect(await verify(q.tid, txh)).toMatchObject({
      status: 'failed',
      msg: 'This transfer did not go to our payment address, so it cannot pay for this order.',
    });
  });

  it('a short transfer fails with the amounts; it is recorded (it cannot pay anything else) and the order flagged for a refund', async () => {
    const q = await newQuote();
    // Quoted before the transfer, so only its being recorded keeps it from paying this cheaper order.
    const cheap = await shopLine(w.t.database.db, 1, 24_999_999n, 'Verify Cheap Ship');
    const q2 = await quote(w.t, buyer.token, '/api/payment/eth_crypto', { id: cheap.id });
    const txh = await payUsdc(w.chain, { from: buyer.index, to: q.targetWallet, amount: BigInt(q.amountBase) - 1n });
    expect(await verify(q.tid, txh)).toMatchObject({
      error: true,
      code: 'PAYMENT_FAILED',
      status: 'failed',
      msg: 'The transfer was 24.999999 USDC but the order costs 25.000000 USDC, so it was not accepted. Please contact us for a refund.',
    });
    expect(await orderByCode(w.t.database.db, q.invoice_code)).toMatchObject({ status: 'failed', needs_review: true });
    expect(await transfersOf(w.t.database.db, txh)).toHaveLength(1);
    // A cheaper order of exactly that amount cannot use it either.
    expect(q2.amountBase).toBe('24999999');
    expect(await verify(q2.tid, txh)).toMatchObject({
      status: 'failed',
      msg: 'This transaction has already been used.',
    });
  });

  it('a larger transfer goes to review: received, recorded, the order not paid until an operator decides', async () => {
    const q = await newQuote();
    const txh = await payUsdc(w.chain, {
      from: buyer.index,
      to: q.targetWallet,
      amount: BigInt(q.amountBase) + 500_000n,
    });
    expect(await verify(q.tid, txh)).toMatchObject({
      error: true,
      code: 'PAYMENT_REVIEW',
      status: 'review',
      msg: 'The transfer was 25.500000 USDC, more than the 25.000000 USDC the order costs. It was received and will be reviewed: please contact us.',
    });
    const order = await orderByCode(w.t.database.db, q.invoice_code);
    expect(order).toMatchObject({ status: 'pending', needs_review: true });
    expect(await eventKinds(w.t.database.db, order.id)).toContain('payment_mismatch');
  });

  it('paid after the quote expired and the listing went to another buyer: review, not a second sale', async () => {
    const listingStatus = async (id: string) =>
      (
        await w.t.database.db
          .select({ s: marketplaceListings.status })
          .from(marketplaceListings)
          .where(eq(marketplaceListings.id, Number(id)))
      )[0]!.s;
    const item = await addListing(w.t.database.db, { sellMicro: 80n * USD, name: 'Verify Late Listing' });
    const late = await quote(w.t, buyer.token, '/api/marketplace/buy_session', { id: item.id });
    await expireQuote(w.t.database.db, late.tid, 1, true);
    await w.t.drainJobs();
    expect((await orderByCode(w.t.database.db, late.invoice_code)).status).toBe('expired');
    expect(await listingStatus(item.id)).toBe('listed');

    const winner = await quote(w.t, stranger.token, '/api/marketplace/buy_session', { id: item.id });
    expect((await verify(winner.tid, await payQuote(w.chain, stranger, winner), stranger)).status).toBe('paid');

    const txh = await payQuote(w.chain, buyer, late);
    expect(await verify(late.tid, txh)).toMatchObject({
      error: true,
      status: 'review',
      msg: 'Your payment arrived after the order had closed (it expired or was cancelled). It was received and will be reviewed: please contact us.',
    });
    expect(await orderByCode(w.t.database.db, late.invoice_code)).toMatchObject({
      status: 'expired',
      needs_review: true,
    });
    expect(await listingStatus(item.id)).toBe('sold');
    const sales = await queryRows<{ n: number }>(
      w.t.database.db,
      sql`SELECT count(*)::int AS n FROM marketplace_sales WHERE listing_id = ${Number(item.id)}`,
    );
    expect(sales).toEqual([{ n: 1 }]);
    // The late transfer is recorded as used: it cannot be replayed onto a fresh order.
    expect(await transfersOf(w.t.database.db, txh)).toHaveLength(1);
  });
});

describe('crypto payment confirmations', () => {
  let w: CryptoWorld;
  let buyer: Player;

  beforeAll(async () => {
    w = await startCryptoWorld({ confirmations: 3 });
    buyer = await walletPlayer(w, 'confirmbuyer', 5);
  });
  afterAll(async () => w?.stop());

  it('under-confirmed is not paid; once anvil mines the blocks the job pays it', { timeout: 60_000 }, async () => {
    const ship = await shopLine(w.t.database.db, 2, 9n * USD, 'Confirmations Ship');
    const q = await quote(w.t, buyer.token, '/api/payment/eth_crypto', { id: ship.id });
    const txh = await payQuote(w.chain, buyer, q);
    const res = await postAs(w.t, buyer.token, '/api/payment/eth_crypto/verify', { tid: q.tid, txh });
    expect(res.json()).toMatchObject({
      error: false,
      status: 'verifying',
      msg: 'Blockchain transfer success. Please wait. Validating your transaction ....',
    });
    expect((await orderByCode(w.t.database.db, q.invoice_code)).status).toBe('pending');
    // Reporting in time holds the stock past the quote, for the confirmations to come.
    const [held] = await queryRows<{ held: boolean }>(
      w.t.database.db,
      sql`SELECT o.expires_at > p.expires_at AS held FROM orders o JOIN crypto_payments p ON p.order_id = o.id WHERE p.tid = ${q.tid}`,
    );
    expect(held).toEqual({ held: true });
    await mine(w.chain, 1);
    await verifyAgain(w.t, q.tid);
    expect((await paymentOf(w.t.database.db, q.tid)).status).toBe('verifying');
    await mine(w.chain, 1);
    await verificationsDueNow(w.t.database.db);
    w.t.app.jobs.wake();
    expect(await settled(w.t, buyer.token, q.tid)).toMatchObject({ status: 'paid' });
    expect((await orderByCode(w.t.database.db, q.invoice_code)).status).not.toBe('pending');
  });

  it("a mined transaction stays the payment's while it confirms: another hash is a 409", async () => {
    const ship = await shopLine(w.t.database.db, 2, 3n * USD, 'Confirmations Kept Ship');
    const q = await quote(w.t, buyer.token, '/api/payment/eth_crypto', { id: ship.id });
    const txh = await payQuote(w.chain, buyer, q);
    const first = await postAs(w.t, buyer.token, '/api/payment/eth_crypto/verify', { tid: q.tid, txh });
    expect(first.json()).toMatchObject({ status: 'verifying' });
    const other = await postAs(w.t, buyer.token, '/api/payment/eth_crypto/verify', {
      tid: q.tid,
      txh: `0x${'ef'.repeat(32)}`,
    });
    expect([other.statusCode, other.json().msg]).toEqual([
      409,
      'This payment already has another transaction. Start a new payment to send another one.',
    ]);
    expect(await paymentOf(w.t.database.db, q.tid)).toMatchObject({ status: 'verifying', tx_hash: txh.toLowerCase() });
  });
});
